/**
 * The organization file against a real server over HTTP: a snapshot read page by page, exported and planned
 * against itself (nothing to do), then drift: changes made through the API show as the steps that would undo them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../server/test/harness.ts';
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
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
  const docs = server.buildTeam(orgId, 'Docs', { [owner.id]: 'owner', [editor.id]: 'member' });
  const guides = server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
  const api = server.buildCollection(orgId, { title: 'API', parent: guides.id });
  return { owner, orgId, editor, reader, docs, guides, api };
}

describe('the organization file over HTTP', () => {
  it('reads members, teams with their members, and the collection tree; its file plans nothing', async () => {
    const { owner, orgId, editor, docs, guides, api } = buildOrg();
    const snapshot = await loadSnapshot(owner.client, orgId);
    const { file, skipped } = exportOrgFile(snapshot);
    expect(skipped).toEqual([]);
    expect(file.organization).toEqual({ title: 'Acme', id: orgId });
    expect(file.members.map((m) => `${m.email} ${m.role}`)).toEqual([
      'editor@acme.test edit',
      'owner@acme.test admin',
      'reader@acme.test read',
    ]);
    expect(file.teams).toEqual([
      {
        title: 'Docs',
        id: docs.id,
        members: [
          { email: 'editor@acme.test', role: 'member' },
          { email: 'owner@acme.test', role: 'owner' },
        ],
      },
    ]);
    expect(file.collections).toEqual([
      {
        title: 'Guides',
        id: guides.id,
        defaultLevel: 'read',
        collections: [{ title: 'API', id: api.id, defaultLevel: 'inherit' }],
      },
    ]);
    expect(editor.email).toBe('editor@acme.test');
    const read = parseOrgFile(orgFileYaml(file));
    expect(read.ok).toBe(true);
    expect(planOrgFile(read.ok ? read.file : file, snapshot).steps).toEqual([]);
  });

  it('shows changes made through the API since the export as the steps that undo them', async () => {
    const { owner, orgId, reader, docs, guides } = buildOrg();
    const { file } = exportOrgFile(await loadSnapshot(owner.client, orgId));
    await owner.client.call('updateTeamInOrganizationById', {
      params: { organizationId: orgId, teamId: docs.id },
      body: { title: 'Documentation' },
    });
    await owner.client.call('updateMemberInOrganizationById', {
      params: { organizationId: orgId, userId: reader.id },
      body: { role: 'comment' },
    });
    await owner.client.call('updateCollectionById', {
      params: { collectionId: guides.id },
      body: { defaultLevel: 'edit' },
    });
    const plan = planOrgFile(file, await loadSnapshot(owner.client, orgId));
    expect(plan.steps.map((step) => step.label)).toEqual([
      "Change reader@acme.test's role from comment to read",
      'Rename team “Documentation” to “Docs”',
      'Change collection “Guides”: default access edit → read',
    ]);
    expect(plan.dangerous).toBe(0);
  });
});
