/** Accessibility: axe finds no serious or critical violation on any screen, in the light and the dark theme. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { useRig } from './support/rig.ts';

/** Serious and critical violations, one line each: rule, impact, and the elements it names. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

describe('every screen is usable with assistive technology', () => {
  const session = useRig();
  let teamId: string;
  let spaceId: string;
  let siteId: string;
  /** A space with an open request and a conflicting one (its lines were merged by another request first). */
  let review: { spaceId: string; open: string; conflicting: string };
  beforeAll(async () => {
    teamId = await session.rig.api.teamId(session.rig.orgId, 'Engineering');
    // A demo space whose links report has broken links, so the report's table and badges are checked too.
    const spaces = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/spaces`, {
      query: { limit: 100 },
    });
    const items = (spaces.body as { items: { id: string; title: string }[] }).items;
    const space = items.find((item) => item.title === 'Getting Started') ?? items[0];
    if (space === undefined) throw new Error('the demo organization has no space');
    spaceId = space.id;
    const sites = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/sites`, {
      query: { limit: 100 },
    });
    const site = (sites.body as { items: { id: string; title: string }[] }).items.find(
      (item) => item.title === 'Acme Docs',
    );
    if (site === undefined) throw new Error('the demo organization has no site titled Acme Docs');
    siteId = site.id;

    const requests = changeRequestsApi(session.rig.api);
    const { spaceId: reviewSpace } = await requests.createSpaceWithPages(session.rig.orgId, 'Review a11y', [
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
    review = { spaceId: reviewSpace, open, conflicting };
  });
  const orgScreen = async (app: DocsAdmin, path: string, ready: string) => {
    await app.page.goto(`${new URL(app.page.url()).origin}/#/p/local/orgs/${session.rig.orgId}/${path}`);
    await app.page.getByTestId(ready).first().waitFor();
  };

  const screens: { name: string; visit: (app: DocsAdmin) => Promise<void> }[] = [
    { name: 'organization overview', visit: async (app) => app.overview.title.waitFor() },
    { name: 'members and teams', visit: async (app) => app.members.goto() },
    {
      name: 'team detail',
      visit: async (app) => {
        await app.page.goto(
          `${new URL(app.page.url()).origin}/#/p/local/orgs/${session.rig.orgId}/teams/${teamId}`,
        );
        await app.page.getByTestId('team-member-row').first().waitFor();
      },
    },
    { name: 'content tree', visit: async (app) => orgScreen(app, 'content', 'tree-row') },
    { name: 'space detail', visit: async (app) => orgScreen(app, `spaces/${spaceId}`, 'links-report') },
    { name: 'trash', visit: async (app) => orgScreen(app, 'trash', 'trash-row') },
    { name: 'sites', visit: async (app) => orgScreen(app, 'sites', 'site-row') },
    ...(
      [
        ['structure', 'structure-row'],
        ['settings', 'site-settings'],
        ['share-links', 'share-links'],
        ['adaptive', 'adaptive-editor'],
        ['preview', 'preview-claim'],
      ] as const
    ).map(([tab, ready]) => ({
      name: `site ${tab}`,
      visit: async (app: DocsAdmin) => {
        await orgScreen(app, `sites/${siteId}`, 'site-screen');
        await app.page.getByTestId(`site-tab-${tab}`).click();
        await app.page.getByTestId(ready).first().waitFor();
      },
    })),
    {
      name: 'change request inbox',
      visit: async (app) => orgScreen(app, 'change-requests', 'cr-row'),
    },
    ...(
      [
        ['overview', 'cr-merge-title'],
        ['changes', 'changes-tab'],
        ['comments', 'comments-tab'],
      ] as const
    ).map(([tab, ready]) => ({
      name: `change request ${tab}`,
      visit: async (app: DocsAdmin) =>
        orgScreen(app, `spaces/${review.spaceId}/change-requests/${review.open}?tab=${tab}`, ready),
    })),
    {
      name: 'change request conflicts',
      visit: async (app) =>
        orgScreen(app, `spaces/${review.spaceId}/change-requests/${review.conflicting}`, 'cr-conflict'),
    },
    {
      name: 'OpenAPI specs (a spec and its diff)',
      visit: async (app) => orgScreen(app, 'openapi?spec=acme-api', 'openapi-diff-operation'),
    },
    {
      name: 'OpenAPI add spec dialog',
      visit: async (app) => {
        await orgScreen(app, 'openapi', 'openapi-row');
        await app.page.getByTestId('openapi-add').click();
        await app.page.getByTestId('openapi-source-tab-file').click();
        await app.page.getByTestId('openapi-dropzone').waitFor();
      },
    },
    { name: 'invites', visit: async (app) => app.invites.goto() },
    { name: 'SAML single sign-on', visit: async (app) => orgScreen(app, 'sso', 'saml-row') },
    {
      name: 'SAML provider form',
      visit: async (app) => {
        await orgScreen(app, 'sso', 'saml-row');
        await app.page.getByTestId('saml-edit').first().click();
        await app.page.getByTestId('cert-preview').waitFor();
      },
    },
    {
      name: 'custom fields grid',
      visit: async (app) => {
        await orgScreen(app, 'custom-fields', 'cf-row');
        await app.page.locator('[data-testid="cf-cell"][data-state="value"]').first().waitFor();
      },
    },
    {
      name: 'custom fields definitions and dialog',
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
    { name: 'translations', visit: async (app) => orgScreen(app, 'translations', 'translation-row') },
    {
      name: 'translation dialog',
      visit: async (app) => {
        await orgScreen(app, 'translations', 'translation-row');
        await app.page.getByTestId('translation-edit').first().click();
        await app.page.getByTestId('language-chip').first().waitFor();
      },
    },
    { name: 'settings', visit: async (app) => app.settings.goto() },
    { name: 'profiles', visit: async (app) => app.profiles.goto() },
  ];

  for (const scheme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      it(`${screen.name} (${scheme})`, async () => {
        await session.tab.page.emulateMedia({ colorScheme: scheme });
        const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
        await screen.visit(app);
        const violations = await seriousViolations(session.tab.page);
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  }
});
