/**
 * Reading identity providers' CSV exports (formats.ts) into one directory: the people, whether each is present
 * (suspended, deprovisioned and disabled accounts count as absent), and their groups and org unit.
 *
 * Rules:
 * - User files list the people; membership files give them groups. A membership of someone no user file lists is
 *   a warning and is not used, unless no user file was given: then the membership files are the directory.
 * - An Entra ID group members file names no group: the caller gives it (`group`), else the file's name is used.
 * - A person's email is the provider's email column (Entra ID: `mail`, else a `userPrincipalName` that is an
 *   address and not a guest's `#EXT#` name). Emails compare without case.
 * - Every problem names the file, the line and the column; reading stops after 50.
 */
import { CsvError, parseCsv, type CsvRecord } from '../../csv.ts';
import {
  FORMAT_NAMES,
  headerKey,
  recogniseFormat,
  statusPresent,
  type DirectoryFormat,
  type FormatColumns,
  type FormatDefinition,
} from './formats.ts';

export interface DirectoryInput {
  /** The file's name, as problems name it. */
  name: string;
  text: string;
  /** The group an Entra ID group members file lists (the file does not say). */
  group?: string;
}

export interface DirectoryPerson {
  email: string;
  name: string;
  /** False when the provider says suspended, deprovisioned, deactivated or disabled. */
  present: boolean;
  /** The status as the file wrote it. */
  status: string;
  /** Group names (Okta, Entra ID) or group emails (Google Workspace), as the files write them. */
  groups: string[];
  /** Google Workspace's org unit path (`/Engineering/Platform`). */
  orgUnit?: string;
  /** Where the person was read. */
  file: string;
  line: number;
}

export interface Directory {
  people: DirectoryPerson[];
  files: { name: string; format: DirectoryFormat; rows: number }[];
  /** What was read but not used, and why. */
  warnings: string[];
}

const MAX_PROBLEMS = 50;
const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** One file's rows, with the cell of a column looked up by its key. */
function table(input: DirectoryInput, records: CsvRecord[], columns: FormatColumns) {
  const header = records[0]!.cells;
  const keys = header.map(headerKey);
  const index = (alternatives: string[] | undefined) => {
    for (const key of alternatives ?? []) {
      const at = keys.indexOf(key);
      if (at !== -1) return at;
    }
    return -1;
  };
  return {
    rows: records.slice(1),
    cell: (record: CsvRecord, column: keyof FormatColumns) => {
      const at = index(columns[column]);
      return at === -1 ? undefined : (record.cells[at] ?? '').trim();
    },
    where: (record: CsvRecord, column: keyof FormatColumns) => {
      const at = index(columns[column]);
      return `${input.name}, line ${record.line}${at === -1 ? '' : `, column “${header[at]!.trim()}”`}`;
    },
  };
}

/** Reads the files into a directory, or says what stops it. */
export function readDirectory(
  inputs: readonly DirectoryInput[],
): { ok: true; directory: Directory } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const files: Directory['files'] = [];
  const people = new Map<string, DirectoryPerson>();
  const byPrincipal = new Map<string, DirectoryPerson>();
  const memberships: { person: Omit<DirectoryPerson, 'groups'>; group: string; where: string }[] = [];

  // Recognised first, so that user files are read before the membership files that refer to their people.
  const recognised: { input: DirectoryInput; records: CsvRecord[]; definition: FormatDefinition }[] = [];
  for (const input of inputs) {
    let records: CsvRecord[];
    try {
      records = parseCsv(input.text, { unclosedQuote: 'error' });
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      problems.push(`${input.name}, ${error.message}`);
      continue;
    }
    const definition = records[0] !== undefined ? recogniseFormat(records[0].cells) : undefined;
    if (definition === undefined) {
      const columns = (records[0]?.cells ?? []).slice(0, 6).map((cell) => `“${cell.trim()}”`);
      problems.push(
        `${input.name}, line 1: not a user or group export of Okta, Microsoft Entra ID or Google Workspace` +
          (columns.length > 0 ? ` (its columns start ${columns.join(', ')})` : ' (the file is empty)'),
      );
      continue;
    }
    recognised.push({ input, records, definition });
  }
  recognised.sort(
    (a, b) => Number(a.definition.kind === 'memberships') - Number(b.definition.kind === 'memberships'),
  );

  for (const { input, records, definition } of recognised) {
    const { format, kind, columns } = definition;
    const { rows, cell, where } = table(input, records, columns);
    files.push({ name: input.name, format, rows: rows.length });
    for (const record of rows) {
      if (problems.length >= MAX_PROBLEMS) break;
      const type = cell(record, 'memberType')?.toLowerCase();
      if (type !== undefined && type !== '' && type !== 'user') {
        warnings.push(`${where(record, 'memberType')}: a ${type}, not a person: not used`);
        continue;
      }
      const principal = cell(record, 'principal');
      let email = cell(record, 'email') ?? '';
      if (email === '' && principal !== undefined && EMAIL.test(principal) && !principal.includes('#EXT#'))
        email = principal;
      if (email === '' && principal !== undefined && kind === 'memberships' && principal !== '') {
        // An Entra ID member is found by their sign-in name in the user download.
        email = byPrincipal.get(principal.toLowerCase())?.email ?? '';
      }
      if (!EMAIL.test(email) || email.length > 256) {
        problems.push(
          `${where(record, 'email')}: ${email === '' ? 'no email address' : `“${email}” is not an email address`}`,
        );
        continue;
      }
      const statusText = cell(record, 'status') ?? '';
      const present = statusPresent(format, statusText);
      if (present === undefined) {
        problems.push(
          `${where(record, 'status')}: “${statusText}” is not a status the ${FORMAT_NAMES[format]} writes`,
        );
        continue;
      }
      const name =
        cell(record, 'name') ??
        [cell(record, 'firstName'), cell(record, 'lastName')]
          .filter((part) => part !== undefined && part !== '')
          .join(' ');
      const person = { email, name, present, status: statusText, file: input.name, line: record.line };
      if (kind === 'memberships') {
        const group = cell(record, 'group') ?? input.group ?? input.name.replace(/\.csv$/i, '');
        if (group === '') problems.push(`${where(record, 'group')}: no group`);
        else memberships.push({ person, group, where: where(record, 'email') });
        continue;
      }
      const key = email.toLowerCase();
      const first = people.get(key);
      if (first !== undefined) {
        problems.push(`${where(record, 'email')}: “${email}” is also at ${first.file}, line ${first.line}`);
        continue;
      }
      const groups = (cell(record, 'groups') ?? '')
        .split(/[;,]/)
        .map((group) => group.trim())
        .filter((group) => group !== '');
      const orgUnit = cell(record, 'orgUnit');
      const read: DirectoryPerson = { ...person, groups, ...(orgUnit ? { orgUnit } : {}) };
      people.set(key, read);
      if (principal !== undefined && principal !== '') byPrincipal.set(principal.toLowerCase(), read);
    }
  }

  const usersGiven = recognised.some((file) => file.definition.kind === 'users');
  for (const { person, group, where } of memberships) {
    let found = people.get(person.email.toLowerCase());
    if (found === undefined && usersGiven) {
      warnings.push(`${where}: ${person.email} is in “${group}” but in no user export: not used`);
      continue;
    }
    if (found === undefined) {
      found = { ...person, groups: [] };
      people.set(person.email.toLowerCase(), found);
    } else if (!usersGiven && !person.present) found.present = false;
    if (!found.groups.includes(group)) found.groups.push(group);
  }

  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  return { ok: true, directory: { people: [...people.values()], files, warnings } };
}
