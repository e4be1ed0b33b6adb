/**
 * The settled check of a resumed apply (shared/orgfile/settled.ts) over HTTP on a real server, for every kind of
 * step: a step not yet made does not hold (so it is sent), and after the apply every step holds (so a resumed apply
 * that finds them begun sends nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/client.ts';
import { startTestServer, type TestServer } from '../../../../server/test/harness.ts';
import { applyPlan, memoryJournal, SETTLED_NOTE } from '../../../../shared/orgfile/apply.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import { settledCheck } from '../../../../shared/orgfile/settled.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Every kind of step: members invited, changed and removed; teams, team members and collections made, changed, moved and deleted. */
function edit(file: OrgFile): OrgFile {
  const edited = structuredClone(file);
  edited.members = edited.members.filter((member) => member.email !== 'reader@acme.test');
  edited.members.push({ email: 'new@acme.test', role: 'comment' });
  edited.members.find((member) => member.email === 'editor@acme.test')!.role = 'review';
  const docs = edited.teams.find((team) => team.title === 'Docs')!;
  docs.title = 'Documentation';
  docs.members = [{ email: 'editor@acme.test', role: 'owner' }];
  edited.teams = edited.teams.filter((team) => team.title !== 'Old team');
  edited.teams.push({ title: 'New team', members: [{ email: 'owner@acme.test', role: 'member' }] });
  const guides = edited.collections.find((c) => c.title === 'Guides')!;
  guides.defaultLevel = 'edit';
  const api = guides.collections!.pop()!;
  delete guides.collections;
  edited.collections = edited.collections.filter((c) => c.title !== 'Old');
  edited.collections.push({ title: 'Reference', defaultLevel: 'comment', collections: [api] });
  return edited;
}

describe('whether a step already holds', () => {
  it('does not hold before the apply and holds after it, for every kind of step', async () => {
    const owner = server.buildUser({ email: 'owner@acme.test', name: 'Owner' });
    const orgId = server.buildOrg(owner, { title: 'Acme' }).id;
    const editor = server.buildMember(orgId, 'edit', { email: 'editor@acme.test', name: 'Editor' });
    const reader = server.buildMember(orgId, 'read', { email: 'reader@acme.test', name: 'Reader' });
    server.buildTeam(orgId, 'Docs', { [owner.id]: 'owner', [editor.id]: 'member' });
    server.buildTeam(orgId, 'Old team', { [reader.id]: 'member' });
    const guides = server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
    server.buildCollection(orgId, { title: 'API', parent: guides.id });
    server.buildCollection(orgId, { title: 'Old' });
    const writes: string[] = [];
    const client = createClient({
      baseUrl: server.baseUrl,
      token: owner.token,
      fetch: (input, init) => {
        if (init?.method !== undefined && init.method !== 'GET')
          writes.push(`${init.method} ${String(input)}`);
        return fetch(input, init);
      },
    });
    const file = edit(exportOrgFile(await loadSnapshot(client, orgId)).file);
    const plan = planOrgFile(file, await loadSnapshot(client, orgId));
    const kinds = new Set(plan.steps.map((step) => `${step.resource} ${step.action}`));
    expect([...kinds].sort()).toEqual([
      'collection create',
      'collection delete',
      'collection move',
      'collection update',
      'member create',
      'member delete',
      'member update',
      'team create',
      'team delete',
      'team update',
      'team-member create',
      'team-member delete',
      'team-member update',
    ]);

    // Every step recorded as begun by a killed apply, none made: each is checked, found not to hold, and sent.
    const journal = memoryJournal();
    plan.steps.forEach((_, index) => journal.records.set(index, { state: 'started' }));
    const settled = settledCheck(client, orgId);
    const first = await applyPlan(client, orgId, plan, { journal, settled });
    expect(first).toMatchObject({ failed: 0, skipped: 0, done: plan.steps.length });
    expect(first.outcomes.filter((o) => o.message === SETTLED_NOTE)).toEqual([]);
    expect(planOrgFile(file, await loadSnapshot(client, orgId)).steps).toEqual([]);

    // Every step recorded as begun again (the created ids kept): each holds, and nothing is sent.
    const again = memoryJournal();
    for (const [index, record] of journal.records)
      again.records.set(index, { state: 'started', ...(record.id !== undefined ? { id: record.id } : {}) });
    const writesBefore = writes.length;
    const second = await applyPlan(client, orgId, plan, { journal: again, settled });
    expect(second.outcomes.map((o) => [o.step.label, o.message])).toEqual(
      plan.steps.map((step) => [step.label, SETTLED_NOTE]),
    );
    expect(writes.length).toBe(writesBefore);
  });
});
