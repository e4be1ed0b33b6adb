/**
 * User stories of the audit log: an administrator finds a change by its action and its target, opens the target by
 * mouse and by keyboard, reads what the event recorded, and exports the filtered events as CSV, at the smallest
 * window the app supports (1024×700).
 */
import { describe, expect, it } from 'vitest';
import { AuditPage } from './pages/audit.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import type { SandboxApi } from './support/sandbox-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

/** The smallest window the app supports. */
const SMALL = { width: 1024, height: 700 };

/** How often the open log asks for newer events: `AUDIT_TAIL_MS` of renderer/src/queries/audit.ts. */
const AUDIT_TAIL_MS = 10_000;

/** An event as the API lists it (the fields the spec reads). */
interface ListedEvent {
  id: string;
  occurredAt: string;
  action: string;
  actor: { id: string; label?: string };
  target: { type: string; id: string; label?: string };
  source: string;
}

/** Every event of the organization with the given filters, newest first, through the API. */
async function apiEvents(
  api: SandboxApi,
  orgId: string,
  query: Record<string, string>,
): Promise<ListedEvent[]> {
  const events: ListedEvent[] = [];
  let page: string | undefined;
  do {
    const answer = await api.call('GET', `/v1/orgs/${orgId}/audit-events`, {
      query: { ...query, limit: 100, ...(page !== undefined ? { page } : {}) },
    });
    if (answer.status !== 200) throw new Error(`audit events: HTTP ${answer.status}`);
    const body = answer.body as { items: ListedEvent[]; next?: { page: string } };
    events.push(...body.items);
    page = body.next?.page;
  } while (page !== undefined);
  return events;
}

/** The records of a CSV the export wrote (no field of these events spans lines or holds quotes). */
function csvRecords(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('an administrator reading the audit log', () => {
  const session = useRig();

  /** A space renamed through the API: the change the log should show. */
  const renamedSpace = async () => {
    const spaces = spacesApi(session.rig.api);
    const space = await spaces.createSpace(session.rig.orgId, { title: uniqueTitle('Audited') });
    const title = uniqueTitle('Renamed');
    const answer = await session.rig.api.call('PATCH', `/v1/spaces/${space.id}`, { body: { title } });
    expect(answer.status).toBe(200);
    return { id: space.id, title };
  };

  /**
   * Opens the app on the audit log: at its route, or (`from: 'sidebar'`) on the overview and through the sidebar's
   * link, for the story that starts there.
   */
  const open = async (from: 'route' | 'sidebar' = 'route') => {
    await session.tab.page.setViewportSize(SMALL);
    const route = from === 'route' ? AuditPage.route(session.rig.orgId) : undefined;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const audit = new AuditPage(app.page);
    if (from === 'route') await audit.shown();
    else await audit.goto();
    return { app, audit };
  };

  it(
    'finds a rename by its action and target, opens the space by mouse and by keyboard',
    async () => {
      const space = await renamedSpace();
      const { app, audit } = await open('sidebar');
      const page = app.page;

      await audit.filterAction('Space changed');
      await audit.filterTarget(space.id);
      await expect.poll(() => audit.rows().count(), eventually).toBe(1);
      const row = audit.rows().first();
      expect(await row.getAttribute('data-action')).toBe('space.updated');
      expect(await row.getByTestId('audit-action').innerText()).toBe('Space changed');
      expect(await row.getByTestId('audit-target').innerText()).toContain(space.title);
      expect(page.url()).toContain('action=space.updated');
      expect(await seriousViolations(page)).toEqual([]);

      // By mouse: the target's link opens the space's screen.
      await row.getByTestId('audit-target-link').click();
      await page.locator(`[data-testid="space-screen"][data-space-id="${space.id}"]`).waitFor();

      // Back in the log, the filters came back from the URL; by keyboard, Enter on the row opens it again.
      await page.goBack();
      await audit.root.waitFor();
      await expect.poll(() => audit.rows().count(), eventually).toBe(1);
      expect(await audit.root.getByTestId('audit-filter-action').inputValue()).toBe('space.updated');
      await audit.rows().first().focus();
      await page.keyboard.press('Enter');
      await page.locator(`[data-testid="space-screen"][data-space-id="${space.id}"]`).waitFor();
    },
    AXE_TIMEOUT,
  );

  it('shows what an event recorded and opens a team from the keyboard', async () => {
    const title = uniqueTitle('Audit team');
    const created = await session.rig.api.call('PUT', `/v1/orgs/${session.rig.orgId}/teams`, {
      body: { title },
    });
    expect(created.status).toBeLessThan(300);
    const teamId = await session.rig.api.teamId(session.rig.orgId, title);
    const { app, audit } = await open();
    const page = app.page;

    await audit.filterTarget(teamId);
    await expect.poll(() => audit.rows().count(), eventually).toBe(1);
    const row = audit.rows().first();
    expect(await row.getAttribute('data-action')).toBe('team.created');

    // Space on the focused row shows the details, with what the event recorded.
    await row.focus();
    await page.keyboard.press(' ');
    await audit.detail.waitFor();
    await audit.detail.getByTestId('audit-payload').waitFor();
    expect(await audit.detail.innerText()).toContain(teamId);
    await page.keyboard.press('Escape');
    await audit.detail.waitFor({ state: 'detached' });

    // Arrows keep to the list (one row), Enter opens the team.
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('data-testid') ?? ''`), eventually)
      .toBe('audit-row');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('team-screen').waitFor();
    expect(page.url()).toContain(`/teams/${teamId}`);
  });

  it('offers the changes made while it is open, and shows them on demand', async () => {
    const space = await renamedSpace();
    // The page's timers on Playwright's clock (installed before the app loads), so that the tail's next round is
    // brought on rather than waited for.
    await session.tab.page.clock.install();
    const { app, audit } = await open();
    await audit.filterTarget(space.id);
    await expect.poll(() => audit.rows().count(), eventually).toBe(2);

    const title = uniqueTitle('Renamed again');
    const answer = await session.rig.api.call('PATCH', `/v1/spaces/${space.id}`, { body: { title } });
    expect(answer.status).toBe(200);
    // Each poll moves the page's clock a whole round of the tail on, which fires its timer: a round that had already
    // asked before the rename is followed by one that asks after it.
    const offer = audit.root.getByTestId('audit-show-new');
    await expect
      .poll(async () => {
        await app.page.clock.fastForward(AUDIT_TAIL_MS);
        return offer.isVisible();
      }, eventually)
      .toBe(true);
    expect(await offer.innerText()).toBe('1 new event: show');
    await offer.click();
    await expect.poll(() => audit.rows().count(), eventually).toBe(3);
    expect(await audit.rows().first().getByTestId('audit-target').innerText()).toContain(title);
    await offer.waitFor({ state: 'detached' });
  });

  it('exports the filtered events as CSV, every page of them', async () => {
    // More renames of one space than a page of the API holds (100), so that the export must follow the pages.
    const space = await renamedSpace();
    let title = space.title;
    for (let index = 0; index < 100; index += 1) {
      title = uniqueTitle('Renamed');
      const answer = await session.rig.api.call('PATCH', `/v1/spaces/${space.id}`, { body: { title } });
      expect(answer.status).toBe(200);
    }
    const { audit } = await open();
    await audit.filterAction('Space changed');
    await audit.filterTarget(space.id);
    await expect
      .poll(() => audit.root.getByTestId('audit-count').innerText(), eventually)
      .toBe('100+ events match');

    const { name, text } = await audit.exportCsv();
    expect(name).toMatch(/^audit-log-acme-docs-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRecords(text);
    expect(header).toEqual([
      'occurredAt',
      'action',
      'actorId',
      'actorLabel',
      'targetType',
      'targetId',
      'targetLabel',
      'source',
    ]);
    const expected = await apiEvents(session.rig.api, session.rig.orgId, {
      action: 'space.updated',
      target: space.id,
    });
    expect(expected).toHaveLength(101);
    expect(rows).toEqual(
      expected.map((event) => [
        event.occurredAt,
        event.action,
        event.actor.id,
        event.actor.label ?? '',
        event.target.type,
        event.target.id,
        event.target.label ?? '',
        event.source,
      ]),
    );
    // Newest first: the last rename heads the file.
    expect(rows[0]![6]).toBe(title);
  });
});

describe('a member who is not an admin opening the audit log', () => {
  const session = useRig({ twoUsers: true });

  it(
    'is told only admins see it, and the API refuses them too',
    async () => {
      const users = session.rig.users!;
      const { reviewer } = users;
      const answer = await reviewer.api.call('GET', `/v1/orgs/${users.orgId}/audit-events`);
      expect(answer.status).toBe(403);

      await session.tab.page.setViewportSize(SMALL);
      const app = await DocsAdmin.open(
        session.tab.page,
        session.rig.running.url,
        AuditPage.route(users.orgId, reviewer.profileId),
      );
      const audit = new AuditPage(app.page);
      await audit.root.getByText('Only admins see the audit log').waitFor();
      expect(await audit.rows().count()).toBe(0);
      expect(await seriousViolations(app.page)).toEqual([]);
    },
    AXE_TIMEOUT,
  );
});
