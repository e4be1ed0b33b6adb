/** The stored journal of an apply: durable records read back, a line cut short by a kill, and finding what to resume. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLAN_RESOURCES, type Plan, type PlanStep } from '../../../../shared/orgfile/plan.ts';
import {
  createJournal,
  isFinished,
  JOURNAL_FOLDER,
  planId,
  readJournal,
  settledCount,
  unfinishedJournals,
} from './journal.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-journal-'));
  dirs.push(dir);
  return dir;
}

const step = (title: string): PlanStep => ({
  resource: 'team',
  action: 'create',
  title,
  label: `Create team “${title}”`,
});
const plan: Plan = {
  steps: [step('A'), step('B'), step('C')],
  counts: {
    ...Object.fromEntries(PLAN_RESOURCES.map((resource) => [resource, { create: 0, update: 0, delete: 0 }])),
    team: { create: 3, update: 0, delete: 0 },
  } as Plan['counts'],
  dangerous: 0,
  blocked: 0,
};
const match = { profileId: 'p1', organizationId: 'o1', fileHash: 'f1' };
const start = (dir: string, fileHash = 'f1') =>
  createJournal(dir, {
    planId: planId({ ...match, fileHash, plan }),
    ...match,
    fileHash,
    fileName: 'org.yaml',
    plan,
  });

describe('the stored journal', () => {
  it('keeps the plan and every record in a 0600 file of a 0700 folder, read back as written', () => {
    const dir = dataDir();
    const journal = start(dir);
    journal.set(0, { state: 'started' });
    journal.set(0, { state: 'created', id: 'team-a' });
    journal.set(0, { state: 'done', id: 'team-a' });
    journal.set(1, { state: 'started' });
    expect(statSync(join(dir, JOURNAL_FOLDER)).mode & 0o777).toBe(0o700);
    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
    const read = readJournal(journal.path)!;
    expect(read.header.plan).toEqual(plan);
    expect(read.get(0)).toEqual({ state: 'done', id: 'team-a' });
    expect(read.get(1)).toEqual({ state: 'started' });
    expect(read.get(2)).toBeUndefined();
    expect(settledCount(read)).toBe(1);
    expect(isFinished(read)).toBe(false);
  });

  it('ignores a last line cut short by a kill, and writes the next record on a line of its own', () => {
    const dir = dataDir();
    const journal = start(dir);
    journal.set(0, { state: 'done' });
    appendFileSync(journal.path, '{"index":1,"record":{"sta');
    const read = readJournal(journal.path)!;
    expect(read.get(1)).toBeUndefined();
    read.set(1, { state: 'done' });
    const again = readJournal(journal.path)!;
    expect(again.get(1)).toEqual({ state: 'done' });
    expect(readFileSync(journal.path, 'utf8').split('\n').at(-2)).toMatch(
      /^\{"index":1,"record":\{"state":"done"\}/,
    );
  });

  it('finds the unfinished applies of the same file, organization and profile', () => {
    const dir = dataDir();
    expect(unfinishedJournals(dir, match)).toEqual([]);
    const finished = start(dir);
    for (const index of [0, 1, 2]) finished.set(index, { state: index === 1 ? 'skipped' : 'done' });
    expect(isFinished(finished)).toBe(true);
    const older = start(dir);
    older.set(0, { state: 'done' });
    const otherFile = start(dir, 'f2');
    otherFile.set(0, { state: 'failed', message: 'no' });
    const newer = start(dir);
    newer.set(0, { state: 'failed', message: 'HTTP 500' });
    // (Newest first by the millisecond they began: these began within one, so only the set is checked.)
    const found = unfinishedJournals(dir, match).map((journal) => journal.path);
    expect(found.sort()).toEqual([newer.path, older.path].sort());
    expect(unfinishedJournals(dir, { ...match, profileId: 'p2' })).toEqual([]);
  });
});
