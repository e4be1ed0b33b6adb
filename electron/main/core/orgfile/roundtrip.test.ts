/**
 * Acceptance 19.1, the round trip: organization A, seeded with every kind of thing the file holds (members and
 * roles, teams, a collection tree with spaces, grants to people and teams, sites with sections, a section group,
 * variants, share links and a grant, custom fields, translation settings, a SAML provider, invite settings), is
 * exported; the file is applied to an empty organization B on the same server;
 * B's export equals A's up to ids. Over HTTP, on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../server/test/harness.ts';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A value with every `id` key left out (ids differ between two organizations), and the organization's name. */
function withoutIds(file: OrgFile): unknown {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'id')
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
  const { organization: _organization, ...rest } = file;
  return strip(rest);
}

/** Organization A, with every kind of thing in it. */
async function seedA() {
  const owner = server.buildUser({ email: 'owner@acme.test', name: 'Owner' });
  const orgId = server.buildOrg(owner, { title: 'Acme', emailDomains: ['acme.test'], inviteLinks: true }).id;
  const editor = server.buildMember(orgId, 'edit', { email: 'editor@acme.test', name: 'Editor' });
  const reader = server.buildMember(orgId, 'read', { email: 'reader@acme.test', name: 'Reader' });
  server.buildMember(orgId, null, { email: 'guest@acme.test', name: 'Guest' });
  const docs = server.buildTeam(orgId, 'Docs', { [owner.id]: 'owner', [editor.id]: 'member' });
  const support = server.buildTeam(orgId, 'Support', { [reader.id]: 'member' });
  const guides = server.buildCollection(orgId, { title: 'Guides', defaultLevel: 'read' });
  const api = server.buildCollection(orgId, { title: 'API', parent: guides.id });
  server.buildCollection(orgId, { title: 'Archive', defaultLevel: null });
  const intro = server.buildSpace(orgId, { title: 'Introduction', parent: guides.id, emoji: '1f4d8' });
  const rest = server.buildSpace(orgId, { title: 'REST', parent: api.id, defaultLevel: 'comment' });
  const notes = server.buildSpace(orgId, { title: 'Notes', defaultLevel: null });
  server.buildSite(orgId, { title: 'Notes site', spaces: [notes.id] });
  const client = server.client(owner.token);
  await client.call('inviteToCollection', {
    params: { collectionId: guides.id },
    body: { role: 'edit', teams: [docs.id] },
  });
  await client.call('inviteToCollection', {
    params: { collectionId: api.id },
    body: { role: 'review', users: [reader.id] },
  });
  await client.call('inviteToSpace', {
    params: { spaceId: intro.id },
    body: { role: 'admin', users: [editor.id] },
  });
  await client.call('inviteToSpace', {
    params: { spaceId: notes.id },
    body: { role: 'read', teams: [docs.id] },
  });
  const params = { organizationId: orgId };
  await client.call('createOrganizationCustomField', {
    params,
    body: { name: 'owner', type: 'text', title: 'Owner', description: 'Who keeps it', placeholder: 'a name' },
  });
  await client.call('createOrganizationCustomField', {
    params,
    body: { name: 'tier', type: 'select:single', title: 'Tier', options: ['gold', 'silver'] },
  });
  await client.call('createTranslation', { params, body: { title: 'Europe', languages: ['fr', 'de'] } });
  await client.call('createOrganizationSAMLProvider', {
    params,
    body: {
      label: 'Okta',
      entityID: 'http://www.okta.com/exk1',
      ssoURL: 'https://acme.okta.com/app/sso/saml',
      defaultRole: 'read',
      defaultTeam: docs.id,
    },
  });
  await client.call('updateOrganizationById', { params, body: { defaultRole: 'comment' } });
  // A site of two sections, one in a group and one with two variants, two share links (one inactive), a grant.
  const siteId = (
    await client.call('createSite', { params, body: { title: 'Docs site', visibility: 'share-link' } })
  ).id;
  const site = { ...params, siteId };
  const guidesSection = await client.call('addSectionToSite', {
    params: site,
    body: { spaceId: intro.id, title: 'Guides' },
  });
  await client.call('updateSiteSectionById', {
    params: { ...site, siteSectionId: guidesSection.id },
    body: { path: 'start', description: 'Where to begin', icon: 'book' },
  });
  // The API groups only sections that exist.
  await client.call('addSectionGroupToSite', {
    params: site,
    body: { title: 'Products', sections: [guidesSection.id] },
  });
  const apiSection = await client.call('addSectionToSite', {
    params: site,
    body: { spaceId: rest.id, title: 'API' },
  });
  const variant = await client.call('addSpaceToSite', {
    params: site,
    body: { spaceId: notes.id, sectionId: apiSection.id },
  });
  await client.call('updateSiteSpaceById', {
    params: { ...site, siteSpaceId: variant.id },
    body: { path: 'v2' },
  });
  await client.call('createSiteShareLink', { params: site, body: { name: 'Partners' } });
  const old = await client.call('createSiteShareLink', { params: site, body: { name: 'Old' } });
  await client.call('updateSiteShareLinkById', {
    params: { ...site, shareLinkId: old.id },
    body: { active: false },
  });
  await client.call('inviteToSite', { params: site, body: { role: 'read', teams: [support.id] } });
  await client.call('publishSite', { params: site });
  return { owner, orgId, client };
}

describe('the organization file round trip', () => {
  it('exports A, applies the file to an empty B, and B exports as A up to ids', async () => {
    const { owner, orgId, client } = await seedA();
    const exported = exportOrgFile(await loadSnapshot(client, orgId));
    expect(exported.skipped).toEqual([]);
    const text = orgFileYaml(exported.file);
    const read = parseOrgFile(text);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const a = read.file;
    // What A holds, so that the comparison below is not of two empty files.
    expect(a.members).toHaveLength(4);
    expect(a.spaces?.map((space) => space.title)).toEqual(['Notes']);
    expect(a.collections[0]!.access).toEqual({ teams: [{ title: 'Docs', role: 'edit' }] });
    expect(a.customFields?.map((field) => field.name)).toEqual(['owner', 'tier']);
    expect(a.saml?.[0]).toMatchObject({ label: 'Okta', defaultTeam: 'Docs', defaultRole: 'read' });
    expect(text).not.toContain('certificate');
    expect(a.sites?.map((site) => site.title).sort()).toEqual(['Docs site', 'Notes site']);
    const docsSite = a.sites!.find((site) => site.title === 'Docs site')!;
    expect(docsSite).toMatchObject({ visibility: 'share-link', published: true });
    expect(
      docsSite.sections?.map((section) => [
        section.title,
        section.path,
        section.group,
        section.variants.length,
      ]),
    ).toEqual([
      ['API', expect.any(String), undefined, 2],
      ['Guides', 'start', 'Products', 1],
    ]);
    expect(docsSite.shareLinks?.map((link) => [link.name, link.active])).toEqual([
      ['Old', false],
      ['Partners', true],
    ]);
    // Share links are kept by name: never their secret key.
    expect(text).not.toMatch(/shareKey|token|secret/i);

    const orgB = server.buildOrg(owner, { title: 'Acme copy' }).id;
    const first = await applyPlan(client, orgB, planOrgFile(a, await loadSnapshot(client, orgB)));
    expect(first.failed).toBe(0);
    // People invited are not yet members the first plan can name: what waits for them runs on a second apply.
    const second = await applyPlan(client, orgB, planOrgFile(a, await loadSnapshot(client, orgB)));
    expect(second.failed).toBe(0);
    expect(second.skipped).toBe(0);
    expect(first.skipped).toBeGreaterThan(0);
    expect(first.skipped).toBe(second.done);

    const b = exportOrgFile(await loadSnapshot(client, orgB)).file;
    expect(withoutIds(b)).toEqual(withoutIds(a));
    expect(planOrgFile(a, await loadSnapshot(client, orgB)).steps).toEqual([]);
  });
});
