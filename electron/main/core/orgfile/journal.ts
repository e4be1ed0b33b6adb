/**
 * The stored journal of an organization file's apply: one file per apply in `<dataDir>/orgfile-applies/` (folder
 * 0700, file 0600), JSON lines. The first line holds the plan and what it was made from (the profile, the
 * organization, the file's hash); every later line is a step's record, appended and fsynced before the apply goes on,
 * so that an apply stopped by an error, a quit or a killed process resumes with the same plan where it was and does
 * nothing twice (apply.ts). A last line cut short by a kill is ignored. No token is ever written here.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ApplyJournal, StepRecord } from '../../../../shared/orgfile/apply.ts';
import type { Plan } from '../../../../shared/orgfile/plan.ts';

/** The folder of the journals, in the app's data folder. */
export const JOURNAL_FOLDER = 'orgfile-applies';

/** What a journal's first line says. */
export interface JournalHeader {
  kind: 'docs-admin.orgfile-apply';
  version: 1;
  /** The plan's id: a hash of what it was made from and its steps. */
  planId: string;
  profileId: string;
  organizationId: string;
  /** The SHA-256 of the file's text, as read. */
  fileHash: string;
  /** The file's path as given, for the user. */
  fileName: string;
  createdAt: string;
  plan: Plan;
}

/** A record line. */
interface RecordLine {
  index: number;
  record: StepRecord;
  at: string;
}

/** The SHA-256 of a text, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The plan's id: what it was made from (profile, organization, file) and what it does. */
export function planId(parts: { profileId: string; organizationId: string; fileHash: string; plan: Plan }) {
  return sha256(
    JSON.stringify([parts.profileId, parts.organizationId, parts.fileHash, parts.plan.steps]),
  ).slice(0, 32);
}

/** A journal on disk. */
export interface StoredJournal extends ApplyJournal {
  readonly path: string;
  readonly header: JournalHeader;
  /** Every step's latest record. */
  readonly records: ReadonlyMap<number, StepRecord>;
}

/** Whether every step of the journal's plan is done or skipped. */
export function isFinished(journal: Pick<StoredJournal, 'header' | 'records'>): boolean {
  return journal.header.plan.steps.every((_, index) => {
    const state = journal.records.get(index)?.state;
    return state === 'done' || state === 'skipped';
  });
}

/** Steps done or skipped so far. */
export function settledCount(journal: Pick<StoredJournal, 'header' | 'records'>): number {
  return journal.header.plan.steps.filter((_, index) => {
    const state = journal.records.get(index)?.state;
    return state === 'done' || state === 'skipped';
  }).length;
}

function folderOf(dataDir: string): string {
  const folder = join(dataDir, JOURNAL_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  return folder;
}

/** Appends a line and makes it durable before answering. */
function appendLine(path: string, value: unknown, prefix = ''): void {
  const fd = openSync(path, 'a', 0o600);
  try {
    writeSync(fd, `${prefix}${JSON.stringify(value)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** `torn`: the file ends in a line cut short, which the first append must not run on from. */
function journalAt(
  path: string,
  header: JournalHeader,
  records: Map<number, StepRecord>,
  torn = false,
): StoredJournal {
  let prefix = torn ? '\n' : '';
  return {
    path,
    header,
    records,
    get: (index) => records.get(index),
    set(index, record) {
      const line: RecordLine = { index, record, at: new Date().toISOString() };
      appendLine(path, line, prefix);
      prefix = '';
      records.set(index, record);
    },
  };
}

/** Starts the journal of a new apply (a new file, made durable with its header before any step runs). */
export function createJournal(
  dataDir: string,
  header: Omit<JournalHeader, 'kind' | 'version' | 'createdAt'>,
) {
  const folder = folderOf(dataDir);
  const createdAt = new Date().toISOString();
  const name = `${createdAt.replace(/[:.]/g, '-')}-${header.planId.slice(0, 12)}-${randomBytes(3).toString('hex')}.jsonl`;
  const path = join(folder, name);
  const full: JournalHeader = { kind: 'docs-admin.orgfile-apply', version: 1, createdAt, ...header };
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(full)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    // The new file's name is durable too (best effort where a folder cannot be opened).
    const dirFd = openSync(folder, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Durability of the folder entry is best effort.
  }
  return journalAt(path, full, new Map());
}

function isHeader(value: unknown): value is JournalHeader {
  if (typeof value !== 'object' || value === null) return false;
  const header = value as Partial<JournalHeader>;
  return (
    header.kind === 'docs-admin.orgfile-apply' &&
    header.version === 1 &&
    typeof header.planId === 'string' &&
    typeof header.profileId === 'string' &&
    typeof header.organizationId === 'string' &&
    typeof header.fileHash === 'string' &&
    Array.isArray(header.plan?.steps)
  );
}

const STATES = new Set(['started', 'done', 'skipped', 'failed', 'created']);

function isRecordLine(value: unknown): value is RecordLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<RecordLine>;
  return (
    Number.isInteger(line.index) &&
    typeof line.record === 'object' &&
    line.record !== null &&
    STATES.has(line.record.state)
  );
}

/** Reads a journal; `undefined` when the file is not one (its header is missing or unreadable). */
export function readJournal(path: string): StoredJournal | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  let header: unknown;
  try {
    header = JSON.parse(lines[0] ?? '');
  } catch {
    return undefined;
  }
  if (!isHeader(header)) return undefined;
  const records = new Map<number, StepRecord>();
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A line cut short by a kill mid-write: what it said was not recorded.
      continue;
    }
    if (isRecordLine(value) && value.index < header.plan.steps.length) records.set(value.index, value.record);
  }
  return journalAt(path, header, records, !text.endsWith('\n'));
}

/**
 * The journals of applies not finished, of this file to this organization through this profile, newest first (by the
 * millisecond they began). There is one at most in use: an apply does not begin while one of the same file is stopped.
 */
export function unfinishedJournals(
  dataDir: string,
  match: { profileId: string; organizationId: string; fileHash: string },
): StoredJournal[] {
  let names: string[];
  try {
    names = readdirSync(join(dataDir, JOURNAL_FOLDER));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .reverse()
    .map((name) => readJournal(join(dataDir, JOURNAL_FOLDER, name)))
    .filter(
      (journal): journal is StoredJournal =>
        journal !== undefined &&
        journal.header.profileId === match.profileId &&
        journal.header.organizationId === match.organizationId &&
        journal.header.fileHash === match.fileHash &&
        !isFinished(journal),
    );
}
