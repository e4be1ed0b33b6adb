/** The plan of a version 2 file's sites and settings: each kind of change, its order and its dangers. */
import { describe, expect, it } from 'vitest';
import { exportOrgFile, orgFileYaml } from './export.ts';
import { parseOrgFile } from './parse.ts';
import { planOrgFile, type PlanStep } from './plan.ts';
import type { OrgFile } from './schema.ts';
import type { OrgSnapshot } from './snapshot.ts';

/** A site of two sections (one in a group, one with two variants) and two share links; settings of each kind. */
function live(): OrgSnapshot {
  return {
    organization: { id: 'org1', title: 'Acme' },
    members: [{ id: 'u-ada', email: 'ada@acme.test', name: 'Ada', role: 'admin' }],
    teams: [{ id: 't-docs', title: 'Docs', members: [] }],
    collections: [],
    spaces: [
      { id: 's-a', title: 'A', emoji: '', parent: undefined, defaultLevel: 'inherit' },
      { id: 's-b', title: 'B', emoji: '', parent: undefined, defaultLevel: 'inherit' },
      { id: 's-c', title: 'C', emoji: '', parent: undefined, defaultLevel: 'inherit' },
    ],
    grants: [{ target: { type: 'site', id: 'site1' }, team: 't-docs', role: 'read' }],
    sites: [
      {
        id: 'site1',
        title: 'Docs',
        visibility: 'share-link',
        published: true,
        groups: [{ id: 'g1', title: 'Products', icon: undefined }],
        sections: [
          {
            id: 'sec1',
            title: 'Guides',
            path: 'guides',
            description: undefined,
            icon: undefined,
            group: 'g1',
          },
          { id: 'sec2', title: 'API', path: 'api', description: 'Reference', icon: 'code', group: undefined },
        ],
        siteSpaces: [
          { id: 'ss1', space: 's-a', path: 'a', section: 'sec1' },
          { id: 'ss2', space: 's-b', path: 'v1', section: 'sec2' },
          { id: 'ss3', space: 's-c', path: 'v2', section: 'sec2' },
        ],
        shareLinks: [
          { id: 'l1', name: 'Partners', active: true },
          { id: 'l2', name: 'Press', active: true },
        ],
      },
    ],
    customFields: [
      { name: 'owner', type: 'text', title: 'Owner', description: '', placeholder: '', options: undefined },
      {
        name: 'tier',
        type: 'select:single',
        title: 'Tier',
        description: '',
        placeholder: '',
        options: ['a'],
      },
    ],
    translations: [{ id: 'tr1', title: 'Europe', languages: ['fr'] }],
    saml: [
      {
        id: 'p1',
        label: 'Okta',
        entityID: 'urn:okta',
        ssoURL: 'https://acme.okta.test/sso',
        defaultRole: 'read',
        defaultTeam: undefined,
      },
    ],
    invites: { inviteLinks: true, defaultRole: 'read', emailDomains: ['acme.test'] },
  };
}

const exported = (): OrgFile => structuredClone(exportOrgFile(live()).file);
const labels = (steps: readonly PlanStep[]) => steps.map((step) => step.label);
const docs = (file: OrgFile) => file.sites![0]!;

describe('sites and settings in the organization file', () => {
  it('exports a site with groups, sections, variants by space path, share links without secrets, and reads it back', () => {
    const file = exported();
    expect(docs(file)).toEqual({
      title: 'Docs',
      id: 'site1',
      visibility: 'share-link',
      published: true,
      access: { teams: [{ title: 'Docs', role: 'read' }] },
      sectionGroups: [{ title: 'Products', id: 'g1' }],
      sections: [
        {
          title: 'API',
          id: 'sec2',
          path: 'api',
          description: 'Reference',
          icon: 'code',
          variants: [
            { space: 'B', id: 'ss2', path: 'v1' },
            { space: 'C', id: 'ss3', path: 'v2' },
          ],
        },
        {
          title: 'Guides',
          id: 'sec1',
          path: 'guides',
          group: 'Products',
          variants: [{ space: 'A', id: 'ss1', path: 'a' }],
        },
      ],
      shareLinks: [
        { name: 'Partners', id: 'l1', active: true },
        { name: 'Press', id: 'l2', active: true },
      ],
    });
    expect(parseOrgFile(orgFileYaml(file))).toEqual({ ok: true, file });
    expect(planOrgFile(file, live()).steps).toEqual([]);
  });

  it('changes the site, adds a section with its variants and a share link, moves a section out of its group', () => {
    const file = exported();
    const site = docs(file);
    site.title = 'Documentation';
    site.published = false;
    const [api, guides] = site.sections!;
    guides!.path = 'start';
    delete guides!.group;
    api!.variants[1]!.path = 'latest';
    site.sections!.push({
      title: 'Changelog',
      path: 'changes',
      group: 'Products',
      variants: [
        { space: 'C', path: 'c' },
        { space: 'A', path: 'a2' },
      ],
    });
    site.shareLinks![0]!.active = false;
    site.shareLinks!.push({ name: 'Team', active: true });
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Change site “Docs”: title to “Documentation”, unpublish',
      'Change the variant /v2 of site “Documentation”: path /latest',
      'Change section “Guides” of site “Documentation”: path, out of its group',
      'Create section “Changelog” of site “Documentation” at /changes',
      'Publish space “A” in section “Changelog” of site “Documentation” at /a2',
      'Deactivate share link “Partners” of site “Documentation”',
      'Create share link “Team” of site “Documentation”',
    ]);
    expect(plan.steps[3]).toMatchObject({ first: { space: { id: 's-c' }, path: 'c' }, group: { id: 'g1' } });
    expect(plan.steps[4]).toMatchObject({ section: { new: 'Documentation\u0000Changelog' } });
    expect(plan.steps.filter((step) => step.dangerous !== undefined).map((step) => step.resource)).toEqual([
      'site',
      'share-link',
    ]);
  });

  it('deletes a section, a variant and a group, revokes a share link (dangerous), and takes back a site grant', () => {
    const file = exported();
    const site = docs(file);
    const api = site.sections![0]!; // sections read by title: API, Guides
    site.sections = [{ ...api, variants: [api.variants[0]!] }];
    delete site.sectionGroups;
    site.shareLinks = [site.shareLinks![0]!];
    delete site.access;
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      "Take back team “Docs”'s read role on site “Docs”",
      'Stop publishing /v2 in site “Docs”',
      'Delete section “Guides” of site “Docs”',
      'Delete section group “Products” of site “Docs”',
      'Revoke share link “Press” of site “Docs”',
    ]);
    expect(plan.steps[2]!.dangerous).toBeDefined();
    expect(plan.steps[4]!.dangerous).toBe('whoever holds the link loses access');
  });

  it('creates a site of root variants, deletes one the file drops (dangerous), and blocks a variant of no space', () => {
    const file = exported();
    file.sites = [
      { title: 'Blog', visibility: 'public', published: false, variants: [{ space: 'A', path: 'a' }] },
    ];
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual(['Create site “Blog” (public)', 'Delete site “Docs”']);
    expect(plan.steps[0]).toMatchObject({ variants: [{ space: { id: 's-a' }, path: 'a' }] });
    expect(plan.steps[1]!.dangerous).toBe('its 2 sections and 2 share links go with it');
    file.sites[0]!.variants![0]!.space = 'Nowhere';
    expect(planOrgFile(file, live()).steps[0]!.blocked).toBe(
      'no space “Nowhere” in the file or the organization',
    );
  });

  it('plans custom fields, translations, SAML providers and invite settings; a type change is blocked', () => {
    const file = exported();
    file.customFields = [
      { name: 'owner', type: 'number', title: 'Owner' },
      { name: 'region', type: 'text', title: 'Region' },
    ];
    file.translations![0]!.languages = ['fr', 'de'];
    file.translations!.push({ title: 'Asia', languages: ['ja'] });
    file.saml![0]!.defaultTeam = 'Docs';
    file.saml!.push({ label: 'Entra', defaultRole: null });
    file.invites = {
      inviteLinks: false,
      defaultRole: 'comment',
      emailDomains: ['acme.test', 'acme.example'],
    };
    const plan = planOrgFile(file, live());
    expect(labels(plan.steps)).toEqual([
      'Change custom field “owner” from text to number',
      'Create custom field “region” (text)',
      'Change translation settings “Europe”: fr, de',
      'Create translation settings “Asia” (ja)',
      'Change invite settings: invite links off, default role comment, email domains acme.test, acme.example',
      'Change SAML provider “Okta”: default team',
      'Add SAML provider “Entra” (it waits for its certificate)',
      'Delete custom field “tier”',
    ]);
    expect(plan.steps[0]!.blocked).toContain('cannot change a field’s type');
    expect(plan.steps[5]).toMatchObject({ providerId: 'p1', defaultTeam: { id: 't-docs' } });
    expect(plan.steps[7]!.dangerous).toBe('every space loses its value of the field');
    file.saml = [];
    expect(labels(planOrgFile(file, live()).steps)).toContain('Delete SAML provider “Okta”');
  });

  it('a file without the sites and settings keys leaves them as they are', () => {
    const { sites: _s, customFields: _c, translations: _t, saml: _p, invites: _i, ...rest } = exported();
    expect(planOrgFile(rest, live()).steps).toEqual([]);
  });
});
