/**
 * Email addresses for invites: split from pasted text or read from a CSV, checked against the contract's `Email`
 * schema with TypeBox's interpreter (the `email` format is registered here with ajv-formats' rule, which the server
 * applies), de-duplicated without regard to case.
 */
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Email } from '../../../../shared/contract/resources/organizations.ts';
import { parseCsv } from '../../../../shared/csv.ts';
import { parseRole, ROLE_VALUES, type RoleValue } from '../../ui/roles.ts';

// ajv-formats' "full" email rule, the one the server checks.
const EMAIL_RULE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (value) => EMAIL_RULE.test(value));

/** One address to invite, with where it came from and its own role when the CSV gave one. */
export interface InviteEntry {
  email: string;
  /** The role from the CSV's `role` column; absent means the form's role. */
  role?: RoleValue;
  source: 'text' | 'csv';
  line: number;
}

/** An entry that cannot be sent, and why. */
export interface InvalidEntry {
  text: string;
  source: 'text' | 'csv';
  line: number;
  reason: string;
}

/** Entries read from one source. */
export interface ParsedEntries {
  entries: InviteEntry[];
  invalid: InvalidEntry[];
}

/** Why an address is refused, or undefined when the contract accepts it. */
export function addressProblem(email: string): string | undefined {
  if (email.length > (Email.maxLength ?? Infinity)) return `longer than ${Email.maxLength} characters`;
  return Value.Check(Email, email) ? undefined : 'not an email address';
}

function check(entry: InviteEntry, result: ParsedEntries): void {
  const reason = addressProblem(entry.email);
  if (reason === undefined) result.entries.push(entry);
  else result.invalid.push({ text: entry.email, source: entry.source, line: entry.line, reason });
}

/** Splits pasted text on commas, semicolons, spaces and line breaks; `<a@b.c>` loses its brackets. */
export function splitAddresses(text: string): ParsedEntries {
  const result: ParsedEntries = { entries: [], invalid: [] };
  text.split(/\r\n|\r|\n/).forEach((row, index) => {
    for (const token of row.split(/[\s,;]+/)) {
      const email = token.replace(/^<(.*)>$/, '$1');
      if (email !== '') check({ email, source: 'text', line: index + 1 }, result);
    }
  });
  return result;
}

/** Reads a CSV: an optional header row naming `email` and `role` columns, else email first and role second. */
export function readInviteCsv(text: string): ParsedEntries {
  const result: ParsedEntries = { entries: [], invalid: [] };
  const records = parseCsv(text);
  const header = records[0]?.cells.map((cell) => cell.trim().toLowerCase());
  const hasHeader = header?.includes('email') === true;
  const emailColumn = hasHeader ? header.indexOf('email') : 0;
  const roleColumn = hasHeader ? header.indexOf('role') : 1;
  for (const record of hasHeader ? records.slice(1) : records) {
    const email = (record.cells[emailColumn] ?? '').trim();
    const roleText = roleColumn < 0 ? '' : (record.cells[roleColumn] ?? '').trim();
    if (email === '' && record.cells.every((cell) => cell.trim() === '')) continue;
    const role = roleText === '' ? undefined : parseRole(roleText);
    if (roleText !== '' && role === undefined) {
      result.invalid.push({
        text: email,
        source: 'csv',
        line: record.line,
        reason: `unknown role “${roleText}” (one of ${ROLE_VALUES.join(', ')})`,
      });
      continue;
    }
    if (email === '') {
      result.invalid.push({ text: '', source: 'csv', line: record.line, reason: 'no email address' });
      continue;
    }
    check({ email, source: 'csv', line: record.line, ...(role !== undefined ? { role } : {}) }, result);
  }
  return result;
}

/** Joins sources, keeping the first entry of each address (case-insensitive); later copies are dropped. */
export function mergeEntries(...sources: ParsedEntries[]): ParsedEntries & { duplicates: number } {
  const seen = new Set<string>();
  const entries: InviteEntry[] = [];
  let duplicates = 0;
  for (const entry of sources.flatMap((source) => source.entries)) {
    const key = entry.email.toLowerCase();
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    entries.push(entry);
  }
  return { entries, invalid: sources.flatMap((source) => source.invalid), duplicates };
}
