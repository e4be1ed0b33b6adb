/**
 * The organization file's command line as a person runs it (`npm run admin -- export|plan|apply|rehearse`), each command a
 * child process, against a real server on a temporary database, through a remote profile whose token is in the
 * keychain (the private Secret Service scripts/run-unit-tests.mjs starts; a keychain service of the test's own).
 * Acceptance 19.1: an apply killed with SIGKILL half-way (at a point a test-only pause names: no timing) and resumed
 * to completion with nothing done twice, by the audit log (one event per write) and by the final state; and an
 * idempotent re-apply (an empty plan, no write).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer, type TestUser } from '../../../server/test/harness.ts';
import { orgFileYaml } from '../../../shared/orgfile/export.ts';
import type { OrgFile } from '../../../shared/orgfile/schema.ts';
import { JOURNAL_FOLDER } from '../core/orgfile/journal.ts';
import { KeyringVault } from '../core/vault.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const service = `docs-admin-test-${randomBytes(4).toString('hex')}`;
const vault = new KeyringVault({ service });
const profileIds: string[] = [];

let server: TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  const status = await vault.probe();
  if (!status.available)
    throw new Error(
      `No keychain is reachable: ${status.message}. Run the tests with \`node scripts/run-unit-tests.mjs\`.`,
    );
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  for (const id of profileIds) await vault.delete(id).catch(() => false);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as a child; `pauseLine` resolves when stdout says the test-only pause is reached. */
function admin(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'admin.ts'), ...args, '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, DOCS_ADMIN_KEYCHAIN_SERVICE: service, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const paused = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout += `${line}\n`;
      if (line.startsWith('paused at step ')) resolve();
    });
  });
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, paused, done };
}

/** A data folder with one remote profile pointing at the test server, its token in the keychain. */
async function appData(owner: TestUser) {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-cli-'));
  dirs.push(dataDir);
  const id = `cli-${randomBytes(4).toString('hex')}`;
  profileIds.push(id);
  const profile = { id, name: 'Test API', baseUrl: server.baseUrl, kind: 'remote' };
  writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [profile] }));
  await vault.set(id, owner.token);
  return dataDir;
}

function buildOrg() {
  const owner = server.buildUser({ email: 'owner@acme.test', name: 'Owner' });
  const orgId = server.buildOrg(owner, { title: `Acme ${randomBytes(3).toString('hex')}` }).id;
  const editor = server.buildMember(orgId, 'edit', { email: 'editor@acme.test', name: 'Editor' });
  const reader = server.buildMember(orgId, 'read', { email: 'reader@acme.test', name: 'Reader' });
  server.buildTeam(orgId, 'Docs', { [owner.id]: 'owner', [editor.id]: 'member' });
  server.buildTeam(orgId, 'Old team', { [reader.id]: 'member' });
  const guides = server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
  server.buildCollection(orgId, { title: 'API', parent: guides.id });
  return { owner, orgId };
}

/** The export, edited: a team renamed and given a member, a role changed, a team dropped, two collections added and one moved into them. */
function edit(file: OrgFile): OrgFile {
  const edited = structuredClone(file);
  const docs = edited.teams.find((team) => team.title === 'Docs')!;
  docs.title = 'Documentation';
  docs.members.push({ email: 'reader@acme.test', role: 'member' });
  edited.teams = edited.teams.filter((team) => team.title !== 'Old team');
  edited.members.find((member) => member.email === 'editor@acme.test')!.role = 'review';
  const guides = edited.collections.find((c) => c.title === 'Guides')!;
  const api = guides.collections!.pop()!;
  delete guides.collections;
  edited.collections.push({
    title: 'Reference',
    description: 'Everything to look up',
    defaultLevel: 'comment',
    collections: [{ title: 'Web', defaultLevel: 'inherit' }, api],
  });
  return edited;
}

/** Every audit event of the organization, oldest first. */
async function auditEvents(owner: TestUser, orgId: string) {
  const events: { action: string; target: { id: string } }[] = [];
  let page: string | undefined;
  do {
    const answer = await owner.client.call('listOrganizationAuditEvents', {
      params: { organizationId: orgId },
      query: { limit: 100, ...(page !== undefined ? { page } : {}) },
    });
    events.push(...answer.items);
    page = answer.next?.page;
  } while (page !== undefined);
  return events.reverse().map((event) => `${event.action} ${event.target.id}`);
}

/** Exports the organization with the CLI and writes the edited file beside it. */
async function exportAndEdit(dataDir: string, orgId: string) {
  const exported = join(dataDir, 'exported.yaml');
  const run = await admin(dataDir, ['export', exported, '--profile', 'Test API', '--org', orgId]).done;
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(
    /^Exported “Acme [0-9a-f]+” \(.+\) through the profile “Test API” to .+: 3 members, 2 teams, 1 top-level collections\.$/m,
  );
  const edited = join(dataDir, 'edited.yaml');
  writeFileSync(edited, orgFileYaml(edit(parse(readFileSync(exported, 'utf8')) as OrgFile)));
  return edited;
}

const STEPS = [
  "Change editor@acme.test's role from edit to review",
  'Rename team “Docs” to “Documentation”',
  'Add reader@acme.test to team “Documentation” as member',
  'Create collection “Reference”, comment by default',
  'Create collection “Reference / Web”, inherit by default',
  'Move collection “API” into “Reference”',
  'Delete team “Old team”',
];
/** One event per step, and one more per created collection (its default level and description). */
const WRITES = STEPS.length + 2;

describe('npm run admin -- plan and apply', () => {
  it('prints the plan with counts per resource, every step and the dangerous ones flagged', async () => {
    const { owner, orgId } = buildOrg();
    const dataDir = await appData(owner);
    const edited = await exportAndEdit(dataDir, orgId);
    const run = await admin(dataDir, ['plan', edited, '--profile', 'Test API']).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(': 7 steps, 1 dangerous, 0 blocked');
    expect(run.stdout).toContain('  members        0 to add, 1 to change, 0 to remove');
    expect(run.stdout).toContain('  teams          0 to add, 1 to change, 1 to remove');
    expect(run.stdout).toContain('  collections    2 to add, 1 to change, 0 to remove');
    STEPS.forEach((label, i) => expect(run.stdout).toContain(`  ${i + 1}. ${label}\n`));
    expect(run.stdout).toContain(
      '  7. Delete team “Old team”\n     ! DANGEROUS: its 1 members lose the access the team gives',
    );
    expect(run.stdout + run.stderr).not.toContain(owner.token);
  });

  for (const when of ['before-done', 'after-done'] as const)
    it(`killed with SIGKILL half-way (step 4, ${when === 'before-done' ? 'its change made, not yet recorded' : 'recorded'}), resumes to the end with nothing done twice`, async () => {
      const { owner, orgId } = buildOrg();
      const dataDir = await appData(owner);
      const edited = await exportAndEdit(dataDir, orgId);
      const before = await auditEvents(owner, orgId);

      const first = admin(dataDir, ['apply', edited, '--profile', 'Test API'], {
        DOCS_ADMIN_TEST_APPLY_PAUSE: `3:${when}`,
      });
      await first.paused;
      first.child.kill('SIGKILL');
      const killed = await first.done;
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.stdout).toContain(`[3/7] done: ${STEPS[2]}`);
      expect(killed.stdout).not.toContain('[4/7]');
      // The 4th step's collection exists (and its defaults were set) before the kill.
      const afterKill = await auditEvents(owner, orgId);
      expect(afterKill.length - before.length).toBe(5);

      // The journal: one file, 0600 in a 0700 folder, and no token in it.
      const folder = join(dataDir, JOURNAL_FOLDER);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      const [name] = readdirSync(folder);
      expect(statSync(join(folder, name!)).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(folder, name!), 'utf8')).not.toContain(owner.token);

      // Applying again without --resume is refused, and says how to go on.
      const refused = await admin(dataDir, ['apply', edited, '--profile', 'Test API']).done;
      expect(refused.code).toBe(1);
      const recorded = when === 'before-done' ? 3 : 4;
      expect(refused.stderr).toContain(
        `stopped after ${recorded} of 7 steps: run the same command with --resume`,
      );

      const resumed = await admin(dataDir, ['apply', edited, '--profile', 'Test API', '--resume']).done;
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain(`${recorded} of 7 steps done.`);
      expect(resumed.stdout).toContain(
        when === 'before-done'
          ? `[4/7] done: ${STEPS[3]} (already done before the apply stopped: not sent again)`
          : `[5/7] done: ${STEPS[4]}\n`,
      );
      if (when === 'after-done') expect(resumed.stdout).not.toContain('[4/7]');
      expect(resumed.stdout).toContain(`[7/7] done: ${STEPS[6]}`);
      expect(resumed.stdout).toContain('7 of 7 steps done or skipped in all.');

      // Nothing done twice: one audit event per write, none repeated.
      const writes = (await auditEvents(owner, orgId)).slice(before.length);
      expect(writes).toHaveLength(WRITES);
      expect(new Set(writes).size).toBe(writes.length);

      // The final state is the file's: its plan is empty.
      const plan = await admin(dataDir, ['plan', edited, '--profile', 'Test API']).done;
      expect(plan.stdout).toMatch(/^Nothing to do: .* matches the file\.$/m);
    });

  it('stops at a failing step, or with --continue-on-error reports it and goes on; either way it can be resumed', async () => {
    const { owner, orgId } = buildOrg();
    const dataDir = await appData(owner);
    const edited = await exportAndEdit(dataDir, orgId);
    const first = admin(dataDir, ['apply', edited, '--profile', 'Test API'], {
      DOCS_ADMIN_TEST_APPLY_PAUSE: '0:after-done',
    });
    await first.paused;
    first.child.kill('SIGKILL');
    await first.done;
    // Meanwhile someone deletes the team the next two steps rename and add to.
    const docs = (
      await owner.client.call('listTeamsInOrganizationById', {
        params: { organizationId: orgId },
        query: { title: 'Docs' },
      })
    ).items[0]!;
    await owner.client.call('removeTeamFromOrganizationById', {
      params: { organizationId: orgId, teamId: docs.id },
    });

    const stopped = await admin(dataDir, ['apply', edited, '--profile', 'Test API', '--resume']).done;
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toMatch(/^\[2\/7\] FAILED: Rename team “Docs” to “Documentation” \(.+\)$/m);
    expect(stopped.stdout).not.toContain('[3/7]');
    expect(stopped.stdout).toContain('1 of 7 steps done or skipped in all.\nThe apply is not finished');

    const onward = await admin(dataDir, [
      'apply',
      edited,
      '--profile',
      'Test API',
      '--resume',
      '--continue-on-error',
    ]).done;
    expect(onward.code).toBe(1);
    expect(onward.stdout).toContain('[2/7] FAILED: Rename team');
    expect(onward.stdout).toContain('[3/7] FAILED: Add reader@acme.test to team');
    expect(onward.stdout).toContain(`[7/7] done: ${STEPS[6]}`);
    expect(onward.stdout).toContain(
      '4 done, 0 skipped, 2 failed in this run; 5 of 7 steps done or skipped in all.',
    );
  });

  it('applies the same file twice: the second plan is empty and sends no write', async () => {
    const { owner, orgId } = buildOrg();
    const dataDir = await appData(owner);
    const edited = await exportAndEdit(dataDir, orgId);
    const before = await auditEvents(owner, orgId);
    const first = await admin(dataDir, ['apply', edited, '--profile', 'Test API']).done;
    expect(first.code, first.stderr).toBe(0);
    STEPS.forEach((label, i) => expect(first.stdout).toContain(`[${i + 1}/7] done: ${label}\n`));
    const afterFirst = await auditEvents(owner, orgId);
    expect(afterFirst.length - before.length).toBe(WRITES);

    const second = await admin(dataDir, ['apply', edited, '--profile', 'Test API']).done;
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^Nothing to do: .* matches the file\.$/m);
    expect(await auditEvents(owner, orgId)).toEqual(afterFirst);
    // --resume has nothing to continue once an apply finished.
    const resume = await admin(dataDir, ['apply', edited, '--profile', 'Test API', '--resume']).done;
    expect(resume.code).toBe(1);
    expect(resume.stderr).toContain('No stopped apply of');
  });

  it('rehearses: copies the organization into the local sandbox and applies the file to the copy, not to it', async () => {
    const { owner, orgId } = buildOrg();
    const dataDir = await appData(owner);
    const edited = await exportAndEdit(dataDir, orgId);
    const before = await auditEvents(owner, orgId);
    const run = await admin(dataDir, ['rehearse', edited, '--profile', 'Test API', '--apply']).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Copied “Acme [0-9a-f]+” \(.+\) through “Test API” into the local sandbox as “Acme [0-9a-f]+ \(rehearsal\)” \(.+\): \d+ steps done, 0 failed\.$/m,
    );
    expect(run.stdout).toContain('the sandbox’s user, administers the copy besides its people');
    // The same plan as against the organization itself, applied to the copy.
    expect(run.stdout).toContain(': 7 steps, 1 dangerous, 0 blocked');
    STEPS.forEach((label, i) => expect(run.stdout).toContain(`  ${i + 1}. ${label}\n`));
    expect(run.stdout).toContain('Applied to the copy: 7 done, 0 skipped, 0 failed.');
    expect(await auditEvents(owner, orgId)).toEqual(before);
    expect(run.stdout + run.stderr).not.toContain(owner.token);
  });

  it('names the profiles when the one asked for does not exist, and says what is missing from a command', async () => {
    const { owner } = buildOrg();
    const dataDir = await appData(owner);
    const file = join(dataDir, 'none.yaml');
    writeFileSync(
      file,
      orgFileYaml({ version: 1, organization: { title: 'X' }, members: [], teams: [], collections: [] }),
    );
    const missing = await admin(dataDir, ['plan', file, '--profile', 'Nope']).done;
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'There is no profile “Nope”. The profiles are: “Local sandbox”, “Test API”.',
    );
    const usage = await admin(dataDir, ['plan', file]).done;
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('plan needs --profile <name>');
  });
});
