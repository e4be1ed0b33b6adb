/**
 * A paced bulk job at GitBook's own documented limit, a whole minute's window: a server in `--compat gitbook` mode
 * allowing 60 requests a minute per token, behind the validating proxy, and a bulk role change of 150 members on a
 * profile pointing at it. The job needs about three windows: it completes, every line of its report says done, its
 * progress and "waiting for the API's rate limit (N s)" show meanwhile, and no 429 reaches the page; the proxy
 * counts the 429s the server gave (the main process's pacing should leave none). `compat.e2e.test.ts` runs the
 * same job within every screen's flow on a shortened window (60 per 6 s).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../shared/contract/resources/members.ts';
import type { Organization } from '../shared/contract/resources/organizations.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { toastWith } from './pages/unsaved.ts';
import { launchApp, type RunningApp } from './support/app.ts';
import { launchBrowser, openTab, type Tab } from './support/browser.ts';
import { countTooManyInPage, openCompatProfile } from './support/compat-app.ts';
import { startCompatServer, type CompatServer } from './support/compat-server.ts';
import { assertKeychainReachable } from './support/keychain.ts';
import { startTogether } from './support/process.ts';
import { keepFailureScreenshot } from './support/screenshots.ts';
import { WIDE } from './support/rig.ts';

const BULK_MEMBERS = 150;
/** GitBook's documented limit: 60 requests per minute. */
const LIMIT = 60;
const WINDOW_SECONDS = 60;
/** A read may wait for the rest of a window. */
const PACED = { timeout: (WINDOW_SECONDS + 30) * 1000 };
/** The job: about three windows of 60 requests, with room for the reads around it. */
const JOB_MS = 6 * WINDOW_SECONDS * 1000;

describe(`a bulk role change of ${BULK_MEMBERS} members at GitBook's ${LIMIT} requests a minute`, () => {
  let running: RunningApp;
  let compat: CompatServer;
  let browser: Browser;
  let tab: Tab;
  let tooManyInPage: () => number;
  let failed = false;
  const page = (): Page => tab.page;

  beforeAll(async () => {
    assertKeychainReachable();
    // The compat server first: its seeding runs in this process and would slow the app's start.
    compat = await startCompatServer({
      extraMembers: BULK_MEMBERS,
      limit: LIMIT,
      windowSeconds: WINDOW_SECONDS,
    });
    await startTogether(
      launchApp().then((started) => (running = started)),
      launchBrowser().then((started) => (browser = started)),
    );
    tab = await openTab(browser, { viewport: WIDE });
    tooManyInPage = countTooManyInPage(tab.page);
  }, 90_000);

  afterAll(async () => {
    if (tab !== undefined) await keepFailureScreenshot(failed ? 'fail' : 'pass', 'compat-bulk', tab.page);
    await Promise.allSettled([tab?.context.close(), browser?.close(), running?.stop(), compat?.stop()]);
  });

  it(
    'completes with its progress and the rate limit\u2019s wait shown, and no 429 reaching the page',
    async () => {
      try {
        const app = await DocsAdmin.open(page(), running.url);
        await openCompatProfile(app, compat, 'GitBook at 60 a minute');
        await app.members.goto();
        await app.members.search('Bulk Member');
        await expect.poll(() => app.members.total(), PACED).toBe(BULK_MEMBERS);
        await app.members.selectAllMatching(BULK_MEMBERS, PACED);

        const before = compat.proxy.checked.length;
        const started = Date.now();
        await app.members.bulkBar.getByTestId('bulk-role').click();
        const dialog = page().getByTestId('bulk-role-dialog');
        await dialog.getByTestId('bulk-role-select').selectOption({ value: 'comment' });
        await dialog.getByTestId('bulk-role-apply').click();
        const progress = dialog.getByTestId('bulk-progress');
        // 150 changes cannot fit in a window of 60: the job waits for the limit at least twice, and says so.
        const waiting = new RegExp(
          `^\\d+ of ${BULK_MEMBERS} done\u2026\\s+waiting for the API\u2019s rate limit \\(\\d+ s\\)$`,
        );
        let whileWaiting = '';
        await expect
          .poll(async () => (whileWaiting = (await progress.innerText()).trim()), PACED)
          .toMatch(waiting);
        // A run with no refusal says so in a toast with Undo (a report opens only when some were refused).
        await toastWith(page(), `Changed to Commenter: ${BULK_MEMBERS} members`).waitFor({ timeout: JOB_MS });
        const seconds = Math.round((Date.now() - started) / 1000);
        expect(await app.members.bulkReport.count()).toBe(0);
        const orgs = await compat.read<{ items: Organization[] }>('/v1/orgs');
        const orgId = orgs.items.find((org) => org.title === 'Acme Docs')?.id;
        const members = await compat.read<{ items: Member[] }>(`/v1/orgs/${orgId}/members?limit=1000`);
        const bulk = new Set(compat.extraMembers);
        const changed = members.items.filter((member) => bulk.has(member.user.displayName));
        expect(changed).toHaveLength(BULK_MEMBERS);
        expect(changed.filter((member) => member.role !== 'comment')).toEqual([]);

        const sent = compat.proxy.checked.slice(before);
        const report = compat.proxy.report();
        console.log(
          `bulk role change at ${LIMIT} a minute: ${BULK_MEMBERS} members in ${seconds} s; ` +
            `${sent.filter((entry) => entry.operation === 'updateMemberInOrganizationById').length} role changes, ` +
            `${sent.length} requests at the proxy during the job, ` +
            `${report.requests} in all, ${report.tooManyRequests} answered 429 by the server, ` +
            `${tooManyInPage()} 429 reaching the page; progress while waiting: "${whileWaiting}"`,
        );
        // The server's own 429s (none expected: the pacing reads its headers) are told; none may reach the page.
        expect(tooManyInPage()).toBe(0);
        expect(report.unlisted).toEqual([]);
      } catch (error) {
        failed = true;
        throw error;
      }
    },
    JOB_MS + 2 * PACED.timeout,
  );
});
