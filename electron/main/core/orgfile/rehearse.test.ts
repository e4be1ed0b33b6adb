/**
 * The rehearsal (issue 19): organization A is copied, configuration and people, into a new organization of the
 * local sandbox (`createOrganization`, with a token the sandbox minted), and the copy exports as A up to ids; a file
 * edited from A's export then plans against the copy as it would against A (a renamed team is renamed), applies
 * there, and leaves A as it was. Over HTTP, on real servers with temporary databases: A on a "hosted" server, or
 * in the sandbox itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../../../server/test/harness.ts';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import { fileForCopy, forCopy, rehearse, type RehearsalPhase } from '../../../../shared/orgfile/rehearse.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { seedA, withoutIds } from '../../../../server/test/org-a.ts';

let hosted: TestServer;
let sandbox: TestServer;
beforeAll(async () => {
  [hosted, sandbox] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => Promise.all([hosted.close(), sandbox.close()]));

/** The sandbox's own user: a token the sandbox minted (server/cli.ts). */
function sandboxUser(server: TestServer, email: string): TestUser {
  const user = server.buildUser({ email, name: 'Sandra Sandbox' });
  server.db.run(server.db.q.updateTable('tokens').set({ label: 'sandbox' }).where('user_id', '=', user.id));
  return user;
}

describe('the rehearsal in the local sandbox', () => {
  it('copies a hosted organization A into the sandbox: the copy exports as A up to ids, its admin added', async () => {
    const { orgId, client } = await seedA(hosted);
    const a = exportOrgFile(await loadSnapshot(client, orgId)).file;
    const me = sandboxUser(sandbox, 'sandra@sandbox.test');
    const phases: string[] = [];
    const copy = await rehearse({
      source: client,
      organizationId: orgId,
      sandbox: me.client,
      onPhase: (phase: RehearsalPhase, round?: number) => phases.push(`${phase}${round ?? ''}`),
    });
    expect(copy.title).toBe('Acme (rehearsal)');
    expect(copy.caller).toEqual({ id: me.id, email: 'sandra@sandbox.test', addedToCopy: true });
    expect(copy.applied.failed).toBe(0);
    expect(phases.slice(0, 3)).toEqual(['reading', 'creating', 'applying1']);

    const b = exportOrgFile(await loadSnapshot(me.client, copy.organizationId)).file;
    // The people of A are members of the copy with their roles; the sandbox's user administers it besides.
    expect(b.members.find((member) => member.email === 'sandra@sandbox.test')?.role).toBe('admin');
    const withoutCaller: OrgFile = {
      ...b,
      members: b.members.filter((member) => member.email !== 'sandra@sandbox.test'),
    };
    expect(withoutIds(withoutCaller)).toEqual(withoutIds(a));
    // Nothing left to do, and nothing asks to remove the copy's admin.
    expect(forCopy(planOrgFile(a, await loadSnapshot(me.client, copy.organizationId)), me.id).steps).toEqual(
      [],
    );

    // A file edited from A's export: a team renamed. Against the copy it plans as against A: the same steps (the
    // team renamed, not replaced; its grants, which the file names by the old title, taken back).
    const edited: OrgFile = {
      ...a,
      teams: a.teams.map((team) => (team.title === 'Docs' ? { ...team, title: 'Documentation' } : team)),
    };
    const onA = planOrgFile(edited, await loadSnapshot(client, orgId));
    const plan = forCopy(
      planOrgFile(fileForCopy(edited, copy), await loadSnapshot(me.client, copy.organizationId)),
      me.id,
    );
    expect(plan.steps.map((step) => step.label)).toEqual(onA.steps.map((step) => step.label));
    expect(plan.steps[0]!.label).toBe('Rename team “Docs” to “Documentation”');
    expect(plan.counts).toEqual(onA.counts);
    const report = await applyPlan(me.client, copy.organizationId, plan);
    expect(report).toMatchObject({ done: plan.steps.length, failed: 0 });
    const teams = await me.client.call('listTeamsInOrganizationById', {
      params: { organizationId: copy.organizationId },
      query: {},
    });
    expect(teams.items.map((team) => team.title).sort()).toEqual(['Documentation', 'Support']);
    // A is as it was.
    expect(withoutIds(exportOrgFile(await loadSnapshot(client, orgId)).file)).toEqual(withoutIds(a));
  });

  it('copies an organization of the sandbox whose admin is the sandbox’s user: equal to A up to ids, people included', async () => {
    const me = sandboxUser(sandbox, 'ada@sandbox.test');
    const { orgId } = await seedA(sandbox, me);
    const a = exportOrgFile(await loadSnapshot(me.client, orgId)).file;
    const copy = await rehearse({ source: me.client, organizationId: orgId, sandbox: me.client });
    expect(copy.caller.addedToCopy).toBe(false);
    expect(copy.organizationId).not.toBe(orgId);
    expect(copy.ids[orgId]).toBe(copy.organizationId);
    const b = exportOrgFile(await loadSnapshot(me.client, copy.organizationId)).file;
    expect(b.members.map((member) => member.email).sort()).toEqual(a.members.map((m) => m.email).sort());
    expect(withoutIds(b)).toEqual(withoutIds(a));
  });
});
