/**
 * Directory reconciliation over HTTP on a real server, for each provider's exports (the fixtures): the plan is
 * applied through the API with a report per person, the organization then matches the directory, and a second
 * reconciliation plans nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/client.ts';
import { startTestServer, type TestServer } from '../../../../server/test/harness.ts';
import { applyDirectory } from '../../../../shared/orgfile/directory/apply.ts';
import { parseMapping } from '../../../../shared/orgfile/directory/mapping.ts';
import { readDirectory, type DirectoryInput } from '../../../../shared/orgfile/directory/read.ts';
import { reconcileDirectory } from '../../../../shared/orgfile/directory/reconcile.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../shared/orgfile/directory/fixtures/${name}`, import.meta.url), 'utf8');

const FILES: Record<'okta' | 'entra' | 'google', DirectoryInput[]> = {
  okta: [
    { name: 'okta-users.csv', text: fixture('okta-users.csv') },
    { name: 'okta-group-membership.csv', text: fixture('okta-group-membership.csv') },
  ],
  entra: [
    { name: 'exportUsers.csv', text: fixture('entra-users.csv') },
    { name: 'admins.csv', text: fixture('entra-group-docs-admins.csv'), group: 'Docs Admins' },
    { name: 'engineering.csv', text: fixture('entra-group-engineering.csv'), group: 'Engineering' },
    { name: 'support.csv', text: fixture('entra-group-support.csv'), group: 'Support' },
  ],
  google: [
    { name: 'User_Download.csv', text: fixture('google-users.csv') },
    { name: 'members.csv', text: fixture('google-group-members.csv') },
  ],
};

const mapping = (() => {
  const result = parseMapping(fixture('mapping.yaml'));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.mapping;
})();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The organization before: the directory's people as they were, a former admin, teams to move people between. */
function buildOrg() {
  const owner = server.buildUser({ email: 'owner@acme.test', name: 'Olivia Owner' });
  const orgId = server.buildOrg(owner, { title: 'Acme' }).id;
  const ed = server.buildMember(orgId, 'edit', { email: 'ed@acme.test', name: 'Ed Editor' });
  const rita = server.buildMember(orgId, 'comment', { email: 'rita@acme.test', name: 'Rita Reader' });
  const gone = server.buildMember(orgId, 'read', { email: 'gone@acme.test', name: 'Gary Gone' });
  server.buildMember(orgId, 'admin', { email: 'legacy@acme.test', name: 'Legacy Admin' });
  server.buildTeam(orgId, 'Engineering', { [ed.id]: 'member', [rita.id]: 'member' });
  server.buildTeam(orgId, 'Design', { [ed.id]: 'member', [gone.id]: 'member' });
  server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
  return { owner, orgId };
}

describe('reconciling an organization with a directory export', () => {
  it.each(['okta', 'entra', 'google'] as const)(
    'applies the %s export: the organization matches it, and the next plan is empty',
    async (vendor) => {
      const { owner, orgId } = buildOrg();
      const client = createClient({ baseUrl: server.baseUrl, token: owner.token });
      const read = readDirectory(FILES[vendor]);
      if (!read.ok) throw new Error(read.problems.join('\n'));
      const { directory } = read;
      const inputs = { directory, mapping, callerId: owner.id };
      const reconciliation = reconcileDirectory(await loadSnapshot(client, orgId), directory, mapping, {
        callerId: owner.id,
      });
      expect(reconciliation.plan.steps).toHaveLength(13);

      const applied = await applyDirectory(client, orgId, reconciliation, inputs);
      // The first pass: every step but the team places of the two people invited (blocked, skipped).
      expect(applied.report).toMatchObject({ done: 10, skipped: 3, failed: 0, stopped: false });
      // This server makes an invitee a member at once: the second pass gives them their teams.
      expect(applied.followUp?.outcomes.map((o) => [o.step.label, o.state])).toEqual([
        ['Add sam@acme.test to team “Engineering” as member', 'done'],
        ['Add nina@acme.test to team “Engineering” as owner', 'done'],
        ['Add nina@acme.test to team “Support” as member', 'done'],
      ]);
      expect(applied.people.map((p) => [p.email, p.state])).toEqual([
        ['sam@acme.test', 'done'],
        ['nina@acme.test', 'done'],
        ['rita@acme.test', 'done'],
        ['owner@acme.test', 'done'],
        ['gone@acme.test', 'done'],
        ['legacy@acme.test', 'done'],
      ]);
      expect(applied.people.find((p) => p.email === 'rita@acme.test')?.lines).toEqual([
        "Change rita@acme.test's role from comment to read: done",
        'Add rita@acme.test to team “Support” as member: done',
        'Remove rita@acme.test from team “Engineering”: done',
      ]);

      // Through the API, as someone else would read it.
      const after = exportOrgFile(await loadSnapshot(owner.client, orgId)).file;
      expect(after.members.map((m) => [m.email, m.role])).toEqual([
        ['ed@acme.test', 'edit'],
        ['nina@acme.test', 'admin'],
        ['owner@acme.test', 'admin'],
        ['rita@acme.test', 'read'],
        ['sam@acme.test', 'edit'],
      ]);
      expect(after.teams.map((t) => [t.title, t.members.map((m) => `${m.email} ${m.role}`)])).toEqual([
        ['Design', ['ed@acme.test member']],
        [
          'Engineering',
          ['ed@acme.test member', 'nina@acme.test owner', 'owner@acme.test owner', 'sam@acme.test member'],
        ],
        ['Support', ['nina@acme.test member', 'rita@acme.test member']],
      ]);
      expect(after.collections.map((c) => c.title)).toEqual(['Guides']);

      const again = reconcileDirectory(await loadSnapshot(client, orgId), directory, mapping, {
        callerId: owner.id,
      });
      expect(again.plan.steps).toEqual([]);
      expect(again.people).toEqual([]);
    },
  );

  it('stopped half-way, resumes from its journal and ends in the same organization', async () => {
    const { owner, orgId } = buildOrg();
    const client = createClient({ baseUrl: server.baseUrl, token: owner.token });
    const read = readDirectory(FILES.okta);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const inputs = { directory: read.directory, mapping, callerId: owner.id };
    const reconciliation = reconcileDirectory(await loadSnapshot(client, orgId), read.directory, mapping, {
      callerId: owner.id,
    });
    const { memoryJournal } = await import('../../../../shared/orgfile/apply.ts');
    const journal = memoryJournal();
    const stop = new AbortController();
    const first = await applyDirectory(client, orgId, reconciliation, inputs, {
      journal,
      signal: stop.signal,
      onStep: (outcome) => {
        if (outcome.index === 4) stop.abort();
      },
    });
    expect(first.report).toMatchObject({ stopped: true });
    expect(first.followUp).toBeUndefined();
    expect(first.people.find((p) => p.email === 'legacy@acme.test')?.state).toBe('not run');
    const second = await applyDirectory(client, orgId, reconciliation, inputs, { journal });
    expect(second.report.outcomes[0]?.index).toBe(5);
    expect(second.report).toMatchObject({ failed: 0, stopped: false });
    // The people report counts the steps of both runs.
    expect(second.people.map((p) => p.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect(second.people[0]?.lines).toEqual([
      'Invite sam@acme.test as edit: done (in an earlier run)',
      'Add sam@acme.test to team “Engineering” as member: done',
    ]);
    const again = reconcileDirectory(await loadSnapshot(client, orgId), read.directory, mapping, {
      callerId: owner.id,
    });
    expect(again.plan.steps).toEqual([]);
  });
});
