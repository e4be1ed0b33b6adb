/**
 * The app against a GitBook-compatible API: a second profile points at a server in `--compat gitbook` mode (only
 * GitBook's operations, its rate-limit headers and 429, 60 requests per 6-second window here instead of per minute)
 * through a validating proxy that checks every request against GitBook's published OpenAPI description and every
 * answer against its response schemas. The main flow of every screen runs on that profile; where the API lacks an
 * operation the screen says so in a line, never in an error. Last, a bulk role change of 150 members is paced
 * through the rate limit with its progress shown, and no 429 reaches the page. At the end: every violation is one
 * the departures file lists (`e2e/gitbook/departures.ts`).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { MergeRulesPage } from './pages/merge-rules.ts';
import { toastWith } from './pages/unsaved.ts';
import { CommentThreads } from './pages/comments.ts';
import { ContentTreePage } from './pages/content-tree.ts';
import { SearchBox } from './pages/search.ts';
import { SiteStructurePage } from './pages/site-structure.ts';
import { SitePage, SitesPage } from './pages/sites.ts';
import { SpacePage } from './pages/space.ts';
import { TranslationsPage } from './pages/translations.ts';
import { TrashPage } from './pages/trash.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { launchBrowser, openTab, type Tab } from './support/browser.ts';
import { countTooManyInPage, openCompatProfile } from './support/compat-app.ts';
import { startCompatServer, type CompatServer } from './support/compat-server.ts';
import { assertKeychainReachable } from './support/keychain.ts';
import { startTogether } from './support/process.ts';
import { keepFailureScreenshot } from './support/screenshots.ts';
import { WIDE } from './support/rig.ts';

const PROFILE = 'GitBook-compatible';
const BULK_MEMBERS = 150;
/** Long enough for a screen whose calls wait for the rate limit's window (6 s). */
const PACED = { timeout: 30_000 };

interface Listed<T> {
  items: T[];
}

describe('the app against a GitBook-compatible API, through a validating proxy', () => {
  let running: RunningApp;
  let compat: CompatServer;
  let browser: Browser;
  let tab: Tab;
  let app: DocsAdmin;
  let profileId: string;
  let orgId: string;
  /** 429 answers the page received from the bridge (none may reach it). */
  let tooManyInPage: () => number;
  let failed = false;

  const page = (): Page => tab.page;
  /** Opens a route of the compat profile in the page's own hash routing, as an in-app link would. */
  const go = (route: string) =>
    page().evaluate(`location.hash = ${JSON.stringify(`/p/${profileId}/orgs/${orgId}${route}`)}`);
  const idOf = async <T extends { id: string }>(path: string, match: (item: T) => boolean) => {
    const found = (await compat.read<Listed<T>>(path)).items.find(match);
    if (found === undefined) throw new Error(`nothing in ${path} matches`);
    return found.id;
  };
  const spaceIdOf = (title: string) =>
    idOf<{ id: string; title: string }>(
      `/v1/orgs/${orgId}/spaces?limit=100`,
      (space) => space.title === title,
    );

  beforeAll(async () => {
    assertKeychainReachable();
    // The compat server first: its seeding runs in this process and would slow the app's start.
    compat = await startCompatServer({ extraMembers: BULK_MEMBERS });
    await startTogether(
      launchApp().then((started) => (running = started)),
      launchBrowser().then((started) => (browser = started)),
    );
    tab = await openTab(browser, { viewport: WIDE });
    tooManyInPage = countTooManyInPage(tab.page);
    orgId = await idOf<{ id: string; title: string }>('/v1/orgs', (org) => org.title === 'Acme Docs');
  }, 90_000);

  afterAll(async () => {
    if (tab !== undefined) await keepFailureScreenshot(failed ? 'fail' : 'pass', 'compat', tab.page);
    await Promise.allSettled([tab?.context.close(), browser?.close(), running?.stop(), compat?.stop()]);
  });

  /** Runs a step, keeping a screenshot of the page if it fails. */
  const step = (name: string, run: () => Promise<void>, timeout = 60_000) =>
    it(
      name,
      async () => {
        try {
          await run();
        } catch (error) {
          failed = true;
          throw error;
        }
      },
      timeout,
    );

  step('adds the profile, tests the connection and opens the organization', async () => {
    app = await DocsAdmin.open(page(), running.url);
    profileId = await openCompatProfile(app, compat, PROFILE);
    expect((await app.overview.counts()).members).toBe(32 + BULK_MEMBERS);
  });

  step('members: finds a member and changes a role from the row', async () => {
    await app.members.goto();
    await app.members.search('Dennis');
    await app.members.row('Dennis Ritchie').waitFor(PACED);
    await app.members.changeRole('Dennis Ritchie', 'comment');
    await expect.poll(() => app.members.roleOf('Dennis Ritchie'), PACED).toBe('comment');
  });

  step('teams: creates a team, and opens one with its members', async () => {
    await app.teams.create('Compat crew');
    await app.teams.row('Compat crew').waitFor(PACED);
    await app.teams.open('Engineering');
    await app.team.rows().first().waitFor(PACED);
  });

  step('invites: creates an invite link and invites by email', async () => {
    await app.invites.goto();
    const inviteId = await app.invites.createLink('read');
    await app.invites.row(inviteId).waitFor(PACED);
    const report = await app.invites.inviteByEmail('new.colleague@example.com');
    expect(report.map((line) => line.status)).toEqual(['invited']);
  });

  step('settings: saves the organization\u2019s settings', async () => {
    await app.settings.goto();
    await app.settings.fill('title', 'Acme Docs');
    await app.settings.setSwitch('ai', false);
    await app.settings.save();
    // Saved once the toast says so and the form is clean again (a paced request can take a while): leaving earlier
    // would ask first.
    await toastWith(page(), 'Organization settings saved').waitFor(PACED);
    await app.settings.root.getByText('No changes', { exact: true }).waitFor(PACED);
  });

  step(
    'merge rules: saves the organization\u2019s rules (GitBook\u2019s mergeRules), then none again',
    async () => {
      const rules = new MergeRulesPage(page(), profileId);
      await rules.goto(orgId);
      await rules.type('rules').check();
      await rules.rule('require_up_to_date_change_request').check();
      await rules.save.click();
      await toastWith(page(), 'Merge rules of the organization saved').waitFor(PACED);
      await rules.dirty.getByText('No changes', { exact: true }).waitFor(PACED);
      // What was sent passed the validating proxy's check against GitBook's `MergeRulesStandaloneConfiguration`.
      expect((await compat.read<{ mergeRules: unknown }>(`/v1/orgs/${orgId}`)).mergeRules).toEqual({
        type: 'rules',
        rules: [{ rule: 'require_up_to_date_change_request' }],
      });
      // And back to none, so that the merge of the change requests' step asks nothing.
      await rules.type('none').check();
      await rules.save.click();
      await expect
        .poll(async () => (await compat.read<{ mergeRules: unknown }>(`/v1/orgs/${orgId}`)).mergeRules, PACED)
        .toEqual({ type: 'none' });
      await rules.dirty.getByText('No changes', { exact: true }).waitFor(PACED);
    },
  );

  step('content: moves a space into a collection with the move dialog', async () => {
    const content = new ContentTreePage(page());
    await page().getByTestId('nav-content').click();
    await content.row('Product').waitFor(PACED);
    await content.expand('Product');
    await content.row('Release Notes').waitFor(PACED);
    await content.moveWithDialog('Release Notes', 'Guides');
    await content.settled();
  });

  step('a space: renames it; its link report says the API has none', async () => {
    const spaceId = await spaceIdOf('Product Overview');
    await go(`/spaces/${spaceId}`);
    const space = new SpacePage(page());
    await space.title.waitFor(PACED);
    await space.rename('Product Overview');
    await page().getByTestId('links-report').getByTestId('not-offered').waitFor(PACED);
    await space.settings.getByTestId('details-transfer').click();
    await page().getByTestId('transfer-not-offered').waitFor(PACED);
    await page().keyboard.press('Escape');
  });

  step(
    'change requests: the merge box checks in the app, a clean request merges, a review reads its pages',
    async () => {
      const spaceId = await spaceIdOf('Product Overview');
      const requests = `/v1/spaces/${spaceId}/change-requests?limit=100`;
      const requestId = (subject: string) =>
        idOf<{ id: string; subject: string }>(requests, (request) => request.subject === subject);
      await page().getByTestId('nav-change-requests').click();
      await page().getByTestId('inbox-table').waitFor(PACED);

      await go(
        `/spaces/${spaceId}/change-requests/${await requestId('Reword the introduction')}?tab=overview`,
      );
      const box = page().getByTestId('cr-merge-box');
      await page().getByTestId('cr-merge-computed').waitFor(PACED);
      expect(await box.getAttribute('data-verdict')).toBe('error');
      await page().getByTestId('cr-conflicts').waitFor();

      await go(`/spaces/${spaceId}/change-requests/${await requestId('Document rate limits')}?tab=overview`);
      await page().getByTestId('cr-merge-computed').waitFor(PACED);
      await page().getByTestId('cr-merge').click();
      await page().getByTestId('confirm-dialog').getByTestId('confirm-button').click();
      await page().getByTestId('cr-merged').waitFor(PACED);

      await go(`/spaces/${spaceId}/change-requests/${await requestId('Rewrite the quickstart')}?tab=changes`);
      await page().getByTestId('review-row').first().waitFor(PACED);
      await page()
        .getByTestId('review-progress')
        .waitFor({ state: 'detached', ...PACED });
      await page().getByTestId('cr-tab-comments').click();
      const comments = CommentThreads.tab(page());
      await comments.post('Checked against the GitBook-compatible API.');
      await comments.thread('Checked against the GitBook-compatible API.').waitFor(PACED);
    },
    120_000,
  );

  step('sites: creates a share link, and adds a group to the structure', async () => {
    const sites = new SitesPage(page());
    await page().getByTestId('nav-sites').click();
    await sites.table.waitFor(PACED);
    const siteId = await idOf<{ id: string; title: string }>(`/v1/orgs/${orgId}/sites`, () => true);
    await go(`/sites/${siteId}`);
    const site = new SitePage(page());
    await site.root.getByTestId('site-tab-settings').waitFor(PACED);
    await site.tab('share-links');
    await site.createShareLink('Partners');
    await site.shareLinkRow('Partners').waitFor(PACED);
    const structure = new SiteStructurePage(page());
    await site.tab('structure');
    await structure.addGroup('From GitBook');
  });

  step('custom fields: says in a line that the API has none', async () => {
    await page().getByTestId('nav-custom-fields').click();
    await page().getByTestId('custom-fields-not-offered').waitFor(PACED);
  });

  step('single sign-on, OpenAPI specs and translations list what the API holds', async () => {
    await page().getByTestId('nav-sso').click();
    await page().getByTestId('saml-row').first().waitFor(PACED);
    await page().getByTestId('nav-openapi').click();
    await page().getByTestId('openapi-row').first().waitFor(PACED);
    await page().getByTestId('nav-translations').click();
    const translations = new TranslationsPage(page());
    await translations.root.waitFor(PACED);
    await translations.openNew();
    await translations.title.fill('Compat languages');
    await translations.pickLanguage('german');
    await translations.submit();
    await translations.row('Compat languages').waitFor(PACED);
  });

  step('search: finds a demo page by a word of its body', async () => {
    const search = new SearchBox(page());
    await search.fill('quickstart');
    await search.results.getByRole('option').first().waitFor(PACED);
    await page().keyboard.press('Escape');
  });

  step('trash: a deleted space is restored', async () => {
    const spaceId = await spaceIdOf('Release Notes');
    await go(`/spaces/${spaceId}`);
    const space = new SpacePage(page());
    await space.title.waitFor(PACED);
    await space.delete();
    const trash = new TrashPage(page());
    await trash.goto();
    await trash.row(spaceId).waitFor(PACED);
    await trash.restore(spaceId);
  });

  step(
    `members: a bulk role change of ${BULK_MEMBERS} members is paced through the rate limit, with progress`,
    async () => {
      const before = compat.proxy.checked.length;
      await app.members.goto();
      await app.members.search('Bulk Member');
      await expect.poll(() => app.members.total(), PACED).toBe(BULK_MEMBERS);
      await app.members.selectAllMatching(BULK_MEMBERS, PACED);
      await app.members.bulkBar.getByTestId('bulk-role').click();
      const dialog = page().getByTestId('bulk-role-dialog');
      await dialog.getByTestId('bulk-role-select').selectOption({ value: 'comment' });
      await dialog.getByTestId('bulk-role-apply').click();
      await dialog.getByTestId('bulk-progress').waitFor();
      // Waits here are short (6-second windows): whether the line was caught is told, not asserted.
      let seen = false;
      const watch = setInterval(() => {
        void page()
          .getByTestId('rate-limit-wait')
          .isVisible()
          .then(
            (visible) => (seen ||= visible),
            () => undefined,
          );
      }, 200);
      // A run with no refusal says so in a toast with Undo (a report opens only when some were refused).
      await toastWith(page(), `Changed to Commenter: ${BULK_MEMBERS} members`)
        .waitFor({ timeout: 90_000 })
        .finally(() => clearInterval(watch));
      expect(await app.members.bulkReport.count()).toBe(0);
      const sent = compat.proxy.checked.slice(before);
      console.log(
        `bulk role change: ${sent.filter((entry) => entry.operation === 'updateMemberInOrganizationById').length} role changes, ` +
          `${sent.length} requests at the proxy, ${sent.filter((entry) => entry.status === 429).length} of them answered 429 by the server, ` +
          `${tooManyInPage()} 429 reaching the page; the rate-limit line ${seen ? 'was' : 'was not'} seen`,
      );
      expect(tooManyInPage()).toBe(0);
    },
    150_000,
  );

  step(
    'every request and answer kept to GitBook\u2019s description, but for the listed departures',
    async () => {
      const report = compat.proxy.report();
      const met = [...report.listed].map(
        ([departure, count]) =>
          `  ${count} × ${departure.where} ${departure.schema} ${departure.keyword} ${departure.detail}`,
      );
      // Unlisted violations once per rule, with how often and one place they were met.
      const rules = new Map<string, { count: number; example: string }>();
      for (const v of report.unlisted) {
        const key = `${v.where} ${v.schema} ${v.keyword} ${v.detail}`;
        const seen = rules.get(key);
        if (seen === undefined)
          rules.set(key, { count: 1, example: `${v.operation} at ${v.at || '/'} (${v.path})` });
        else seen.count++;
      }
      console.log(
        `validating proxy: ${report.requests} requests checked against ${compat.proxy.source} (answers too): ` +
          `${report.unlisted.length} unlisted violations, ${report.tooManyRequests} answers 429 from the server, ` +
          `${tooManyInPage()} 429 reaching the page; departures met (${report.listed.size}):\n${met.join('\n')}`,
      );
      expect([...rules].map(([key, { count, example }]) => `${key} (${count}×, e.g. ${example})`)).toEqual(
        [],
      );
      expect(tooManyInPage()).toBe(0);
    },
  );
});
