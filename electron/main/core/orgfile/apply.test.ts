/**
 * Applying an organization file's plan to a real server over HTTP: an edited export applied and checked through
 * the API, an empty plan and no write on a second apply, and an apply stopped half-way then resumed with nothing
 * done twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/client.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../../server/test/harness.ts';
import { applyPlan, memoryJournal } from '../../../../shared/orgfile/apply.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function buildOrg() {
  const owner = server.buildUser({ email: 'owner@acme.test', name: 'Owner' });
  const orgId = server.buildOrg(owner, { title: 'Acme' }).id;
  const editor = server.buildMember(orgId, 'edit', { email: 'editor@acme.test', name: 'Editor' });
  const reader = server.buildMember(orgId, 'read', { email: 'reader@acme.test', name: 'Reader' });
  server.buildTeam(orgId, 'Docs', { [owner.id]: 'owner', [editor.id]: 'member' });
  server.buildTeam(orgId, 'Old team', { [reader.id]: 'member' });
  const guides = server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
  server.buildCollection(orgId, { title: 'API', parent: guides.id });
  return { owner, orgId };
}

/** The owner's client, counting the writes it sends (every method but GET). */
function countingClient(owner: TestUser) {
  const writes: string[] = [];
  const client = createClient({
    baseUrl: server.baseUrl,
    token: owner.token,
    fetch: (input, init) => {
      if (init?.method !== undefined && init.method !== 'GET') writes.push(`${init.method} ${String(input)}`);
      return fetch(input, init);
    },
  });
  return { client, writes };
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

describe('applying an organization file', () => {
  it('makes the organization match the edited file, and a second apply has nothing to do', async () => {
    const { owner, orgId } = buildOrg();
    const { client, writes } = countingClient(owner);
    const file = edit(exportOrgFile(await loadSnapshot(client, orgId)).file);
    const plan = planOrgFile(file, await loadSnapshot(client, orgId));
    expect(plan.steps.map((s) => s.label)).toEqual([
      "Change editor@acme.test's role from edit to review",
      'Rename team “Docs” to “Documentation”',
      'Add reader@acme.test to team “Documentation” as member',
      'Create collection “Reference”, comment by default',
      'Create collection “Reference / Web”, inherit by default',
      'Move collection “API” into “Reference”',
      'Delete team “Old team”',
    ]);
    const report = await applyPlan(client, orgId, plan);
    expect(report).toMatchObject({ done: 7, skipped: 0, failed: 0, stopped: false });

    // Through the API, as someone else would see it.
    const after = exportOrgFile(await loadSnapshot(owner.client, orgId)).file;
    expect(after.teams.map((team) => [team.title, team.members.map((m) => m.email)])).toEqual([
      ['Documentation', ['editor@acme.test', 'owner@acme.test', 'reader@acme.test']],
    ]);
    expect(after.members.find((m) => m.email === 'editor@acme.test')?.role).toBe('review');
    const reference = after.collections.find((c) => c.title === 'Reference')!;
    expect(reference).toMatchObject({ description: 'Everything to look up', defaultLevel: 'comment' });
    expect(reference.collections!.map((c) => c.title).sort()).toEqual(['API', 'Web']);

    const again = planOrgFile(file, await loadSnapshot(client, orgId));
    expect(again.steps).toEqual([]);
    const writesBefore = writes.length;
    expect(await applyPlan(client, orgId, again)).toMatchObject({ done: 0, failed: 0, stopped: false });
    expect(writes.length).toBe(writesBefore);
  });

  it('stopped half-way, resumes from its journal to the end with nothing done twice', async () => {
    const { owner, orgId } = buildOrg();
    const { client, writes } = countingClient(owner);
    const file = edit(exportOrgFile(await loadSnapshot(client, orgId)).file);
    const plan = planOrgFile(file, await loadSnapshot(client, orgId));
    const journal = memoryJournal();
    const stop = new AbortController();
    const first = await applyPlan(client, orgId, plan, {
      journal,
      onStep: (outcome) => {
        if (outcome.index === 3) stop.abort();
      },
      signal: stop.signal,
    });
    expect(first).toMatchObject({ done: 4, stopped: true });
    const second = await applyPlan(client, orgId, plan, { journal });
    expect(second).toMatchObject({ done: 3, failed: 0, stopped: false });
    expect(second.outcomes.map((o) => o.index)).toEqual([4, 5, 6]);
    // One write per step, and one more for each created collection's default level and description.
    expect(writes.filter((w) => w.startsWith('POST') && w.endsWith('/collections'))).toHaveLength(2);
    expect(writes).toHaveLength(7 + 2);
    expect(planOrgFile(file, await loadSnapshot(client, orgId)).steps).toEqual([]);
  });

  it('adopts a collection that a killed apply created but did not record, rather than making a second', async () => {
    const { owner, orgId } = buildOrg();
    const { client } = countingClient(owner);
    const file = edit(exportOrgFile(await loadSnapshot(client, orgId)).file);
    const plan = planOrgFile(file, await loadSnapshot(client, orgId));
    // The first create ran in the API, then the process died before its journal was written.
    await client.call('createCollection', {
      params: { organizationId: orgId },
      body: { title: 'Reference' },
    });
    const report = await applyPlan(client, orgId, plan);
    expect(report.failed).toBe(0);
    expect(report.outcomes[3]).toMatchObject({
      state: 'done',
      message: 'a collection of that title existed there: adopted',
    });
    const collections = (await loadSnapshot(client, orgId)).collections;
    expect(collections.filter((c) => c.title === 'Reference')).toHaveLength(1);
  });
});

describe('inviting through the file', () => {
  it('invites a new member with their role; the next plan has nothing left to invite', async () => {
    const { owner, orgId } = buildOrg();
    const { client } = countingClient(owner);
    const file = exportOrgFile(await loadSnapshot(client, orgId)).file;
    file.members.push({ email: 'new@acme.test', role: 'comment' });
    const plan = planOrgFile(file, await loadSnapshot(client, orgId));
    expect(plan.steps.map((s) => s.label)).toEqual(['Invite new@acme.test as comment']);
    expect(await applyPlan(client, orgId, plan)).toMatchObject({ done: 1, failed: 0 });
    expect(planOrgFile(file, await loadSnapshot(client, orgId)).steps.map((s) => s.label)).toEqual([]);
  });
});
