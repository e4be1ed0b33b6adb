/**
 * Organization A of the organization file's HTTP tests (the round trip, the rehearsal): every kind of thing the file
 * holds, seeded on a real server; and the comparison of two files up to ids.
 */
import type { TestServer, TestUser } from './harness.ts';
import type { OrgFile } from '../../shared/orgfile/schema.ts';

/** A value with every `id` key left out (ids differ between two organizations), and the organization's name. */
export function withoutIds(file: OrgFile): unknown {
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

/** Organization A, with every kind of thing in it, its owner its first admin. */
export async function seedA(
  server: TestServer,
  owner: TestUser = server.buildUser({ email: 'owner@acme.test', name: 'Owner' }),
) {
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
