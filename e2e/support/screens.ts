/**
 * Every screen of the app, each with a way to reach it and a sign that it is ready: the list the screens specs
 * (layout, accessibility, screenshots) walk. `useScreens` prepares what some screens need (a request in conflict, a
 * space with a links report) in the spec file's own sandbox.
 */
import { beforeAll } from 'vitest';
import type { DocsAdmin } from '../pages/docs-admin.ts';
import { changeRequestsApi } from './change-requests-api.ts';
import type { RigSession } from './rig.ts';

/** One screen: its name and how to open it in the app. */
export interface AppScreen {
  name: string;
  /** Short, file-name safe (screenshots). */
  slug: string;
  visit: (app: DocsAdmin) => Promise<void>;
  /** Whether the screen shows a change's diff (the layout spec measures its column). */
  diff?: boolean;
}

/** The ids the screens need, found or made in `beforeAll`. */
interface ScreenData {
  teamId: string;
  spaceId: string;
  siteId: string;
  /** A space with an open request and a conflicting one (its lines were merged by another request first). */
  review: { spaceId: string; open: string; conflicting: string };
}

async function prepare(session: RigSession): Promise<ScreenData> {
  const { api, orgId } = session.rig;
  const teamId = await api.teamId(orgId, 'Engineering');
  // A demo space whose links report has broken links, so the report's table and badges are checked too.
  const spaces = await api.call('GET', `/v1/orgs/${orgId}/spaces`, { query: { limit: 100 } });
  const items = (spaces.body as { items: { id: string; title: string }[] }).items;
  const space = items.find((item) => item.title === 'Getting Started') ?? items[0];
  if (space === undefined) throw new Error('the demo organization has no space');
  const sites = await api.call('GET', `/v1/orgs/${orgId}/sites`, { query: { limit: 100 } });
  const site = (sites.body as { items: { id: string; title: string }[] }).items.find(
    (item) => item.title === 'Acme Docs',
  );
  if (site === undefined) throw new Error('the demo organization has no site titled Acme Docs');

  const requests = changeRequestsApi(api);
  const { spaceId: reviewSpace } = await requests.createSpaceWithPages(orgId, 'Review a11y', [
    { title: 'Guide', markdown: '# Guide\n\nThe shared sentence.\n\n- a list\n' },
  ]);
  const guide = (await requests.spaceRevision(reviewSpace)).pages[0]!.id;
  const edit = async (subject: string, line: string) => {
    const request = await requests.create(reviewSpace, subject);
    await requests.edit(reviewSpace, request.id, [
      { operation: 'update_page', page: guide, document: { markdown: `# Guide\n\n${line}\n\n- a list\n` } },
    ]);
    return request.id;
  };
  const merged = await edit('Merged first', 'The sentence, merged first.');
  const conflicting = await edit('Conflicting wording', 'The sentence, said otherwise.');
  const open = await edit('Open for review', 'The sentence, reviewed.');
  await requests.merge(reviewSpace, merged);
  return { teamId, spaceId: space.id, siteId: site.id, review: { spaceId: reviewSpace, open, conflicting } };
}

/** What the screen lists share: the prepared ids, and a visit to an organization path that waits for a test id. */
interface ScreenKit {
  ids: () => ScreenData;
  orgScreen: (app: DocsAdmin, path: string, ready: string) => Promise<void>;
}

/** The content tree, a space (its overview and Access tab), a collection's access panel and the trash. */
function contentScreens({ ids, orgScreen }: ScreenKit): AppScreen[] {
  return [
    { name: 'content tree', slug: 'content', visit: async (app) => orgScreen(app, 'content', 'tree-row') },
    {
      name: 'space detail',
      slug: 'space',
      visit: async (app) => orgScreen(app, `spaces/${ids().spaceId}`, 'links-report'),
    },
    {
      name: 'space access',
      slug: 'space-access',
      visit: async (app) => {
        await orgScreen(app, `spaces/${ids().spaceId}`, 'space-tab-access');
        await app.page.getByTestId('space-tab-access').click();
        await app.page.getByTestId('access-row').first().waitFor();
      },
    },
    {
      name: 'collection access (the detail panel)',
      slug: 'collection-access',
      visit: async (app) => {
        await orgScreen(app, `spaces/${ids().spaceId}`, 'breadcrumb-collection');
        await app.page.getByTestId('breadcrumb-collection').last().click();
        await app.page.getByTestId('collection-tab-access').click();
        await app.page.getByTestId('access-row').first().waitFor();
      },
    },
    { name: 'trash', slug: 'trash', visit: async (app) => orgScreen(app, 'trash', 'trash-row') },
  ];
}

/** The sites list and each tab of a site. */
function siteScreens({ ids, orgScreen }: ScreenKit): AppScreen[] {
  const siteTab = (tab: string, ready: string): AppScreen => ({
    name: `site ${tab}`,
    slug: `site-${tab}`,
    visit: async (app) => {
      await orgScreen(app, `sites/${ids().siteId}`, 'site-screen');
      await app.page.getByTestId(`site-tab-${tab}`).click();
      await app.page.getByTestId(ready).first().waitFor();
    },
  });
  return [
    { name: 'sites', slug: 'sites', visit: async (app) => orgScreen(app, 'sites', 'site-row') },
    siteTab('structure', 'structure-row'),
    siteTab('settings', 'site-settings'),
    siteTab('share-links', 'share-links'),
    siteTab('adaptive', 'adaptive-editor'),
    siteTab('access', 'access-row'),
    siteTab('preview', 'preview-claim'),
  ];
}

/** The change request inbox, an open request's tabs and a request in conflict. */
function changeRequestScreens({ ids, orgScreen }: ScreenKit): AppScreen[] {
  const request = (tab: string, ready: string): AppScreen => ({
    name: `change request ${tab}`,
    slug: `change-request-${tab}`,
    diff: tab === 'changes',
    visit: async (app) =>
      orgScreen(app, `spaces/${ids().review.spaceId}/change-requests/${ids().review.open}?tab=${tab}`, ready),
  });
  return [
    {
      name: 'change request inbox',
      slug: 'inbox',
      visit: async (app) => orgScreen(app, 'change-requests', 'cr-row'),
    },
    request('overview', 'cr-merge-title'),
    request('changes', 'changes-tab'),
    request('comments', 'comments-tab'),
    {
      name: 'change request conflicts',
      slug: 'change-request-conflicts',
      visit: async (app) =>
        orgScreen(
          app,
          `spaces/${ids().review.spaceId}/change-requests/${ids().review.conflicting}`,
          'cr-conflict',
        ),
    },
  ];
}

/** The organization's tools: OpenAPI specs, invites, SAML, custom fields, translations and the organization file. */
function toolScreens({ orgScreen }: ScreenKit): AppScreen[] {
  return [
    {
      name: 'OpenAPI specs (a spec and its diff)',
      slug: 'openapi',
      visit: async (app) => orgScreen(app, 'openapi?spec=acme-api', 'openapi-diff-operation'),
    },
    {
      name: 'OpenAPI add spec dialog',
      slug: 'openapi-add',
      visit: async (app) => {
        await orgScreen(app, 'openapi', 'openapi-row');
        await app.page.getByTestId('openapi-add').click();
        await app.page.getByTestId('openapi-source-tab-file').click();
        await app.page.getByTestId('openapi-dropzone').waitFor();
      },
    },
    { name: 'invites', slug: 'invites', visit: async (app) => app.invites.goto() },
    { name: 'SAML single sign-on', slug: 'sso', visit: async (app) => orgScreen(app, 'sso', 'saml-row') },
    {
      name: 'SAML provider form',
      slug: 'sso-form',
      visit: async (app) => {
        await orgScreen(app, 'sso', 'saml-row');
        await app.page.getByTestId('saml-edit').first().click();
        await app.page.getByTestId('cert-preview').waitFor();
      },
    },
    {
      name: 'custom fields grid',
      slug: 'custom-fields',
      visit: async (app) => {
        await orgScreen(app, 'custom-fields', 'cf-row');
        await app.page.locator('[data-testid="cf-cell"][data-state="value"]').first().waitFor();
      },
    },
    {
      name: 'custom fields definitions and dialog',
      slug: 'custom-fields-dialog',
      visit: async (app) => {
        await orgScreen(app, 'custom-fields', 'cf-row');
        await app.page.getByTestId('cf-tab-definitions').click();
        await app.page
          .locator('[data-testid="cf-field-row"][data-field="lifecycle"]')
          .getByTestId('cf-field-edit')
          .click();
        await app.page.getByTestId('cf-option-input').first().waitFor();
      },
    },
    {
      name: 'translations',
      slug: 'translations',
      visit: async (app) => orgScreen(app, 'translations', 'translation-row'),
    },
    {
      name: 'translation dialog',
      slug: 'translation-dialog',
      visit: async (app) => {
        await orgScreen(app, 'translations', 'translation-row');
        await app.page.getByTestId('translation-edit').first().click();
        await app.page.getByTestId('language-chip').first().waitFor();
      },
    },
    {
      name: 'organization file',
      slug: 'org-file',
      visit: async (app) => {
        await orgScreen(app, 'org-file', 'org-file-export');
        await app.page.getByTestId('org-file-export').click();
        await app.page.getByTestId('org-file-exported').waitFor();
      },
    },
  ];
}

/** Registers the data set-up (call inside `describe`, after `useRig`) and answers the list of screens. */
export function useScreens(session: RigSession): AppScreen[] {
  let data: ScreenData | undefined;
  beforeAll(async () => {
    data = await prepare(session);
  });
  const ids = (): ScreenData => {
    if (data === undefined) throw new Error('the screens are not prepared yet (use them inside a test)');
    return data;
  };
  const orgScreen = async (app: DocsAdmin, path: string, ready: string) => {
    await app.page.goto(`${new URL(app.page.url()).origin}/#/p/local/orgs/${session.rig.orgId}/${path}`);
    await app.page.getByTestId(ready).first().waitFor();
  };
  const kit: ScreenKit = { ids, orgScreen };
  return [
    {
      name: 'organization overview',
      slug: 'overview',
      visit: async (app) => orgScreen(app, '', 'org-title'),
    },
    { name: 'members and teams', slug: 'members', visit: async (app) => app.members.goto() },
    {
      name: 'team detail',
      slug: 'team',
      visit: async (app) => orgScreen(app, `teams/${ids().teamId}`, 'team-member-row'),
    },
    ...contentScreens(kit),
    { name: 'audit log', slug: 'audit', visit: async (app) => orgScreen(app, 'audit', 'audit-row') },
    ...siteScreens(kit),
    ...changeRequestScreens(kit),
    ...toolScreens(kit),
    { name: 'settings', slug: 'settings', visit: async (app) => app.settings.goto() },
    { name: 'profiles', slug: 'profiles', visit: async (app) => app.profiles.goto() },
  ];
}
