/**
 * User stories of reviewing and merging change requests: open one from the organization's inbox by keyboard;
 * merge a clean one (the space takes its content, another request of the space turns outdated) and update that
 * one from main; meet the conflict view when someone else merged the same lines first; rename a request in place
 * and move it through its statuses; export it for printing. Data is made through the API; effects are checked
 * through it too.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../shared/contract/resources/revisions.ts';
import { ChangeRequestPage } from './pages/change-request.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InboxPage } from './pages/inbox.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { uniqueTitle } from './support/spaces-api.ts';

/** The second demo organization. */
const OTHER_ORG = 'Acme Labs';

describe('reviewing and merging change requests', () => {
  const session = useRig();
  const api = () => changeRequestsApi(session.rig.api);

  /** A new space with these pages in its main content; answers its id and its pages' ids by title. */
  const spaceWith = async (pages: { title: string; markdown: string }[]) => {
    const { spaceId } = await api().createSpaceWithPages(
      session.rig.orgId,
      uniqueTitle('Review space'),
      pages,
    );
    const revision = await api().spaceRevision(spaceId);
    const ids = new Map<string, string>();
    const walk = (list: Page[]) => {
      for (const page of list) {
        ids.set(page.title, page.id);
        walk(page.pages ?? []);
      }
    };
    walk(revision.pages);
    const id = (title: string) => {
      const found = ids.get(title);
      if (found === undefined) throw new Error(`no page titled ${title}`);
      return found;
    };
    return { spaceId, id };
  };

  /** A new open request editing one page's body. */
  const requestEditing = async (spaceId: string, subject: string, pageId: string, markdown: string) => {
    const request = await api().create(spaceId, subject);
    await api().edit(spaceId, request.id, [
      { operation: 'update_page', page: pageId, document: { markdown } },
    ]);
    return request;
  };

  const open = async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    return { app, inbox: new InboxPage(app.page), screen: new ChangeRequestPage(app.page) };
  };

  it('opens a request from the inbox with the arrow keys and Enter', async () => {
    const { spaceId, id } = await spaceWith([{ title: 'Guide', markdown: '# Guide\n\nHello.\n' }]);
    const first = await requestEditing(spaceId, uniqueTitle('Inbox first'), id('Guide'), '# Guide\n\nHi.\n');
    const second = await requestEditing(
      spaceId,
      uniqueTitle('Inbox second'),
      id('Guide'),
      '# Guide\n\nYo.\n',
    );
    const { inbox, screen, app } = await open();

    await inbox.goto(session.rig.orgId);
    const row = inbox.row(second.id);
    await row.waitFor();
    expect(await row.innerText()).toContain(`#${second.number}`);
    await expect
      .poll(() => row.getByTestId('cr-row-space').innerText(), eventually)
      .toMatch(/^Review space /);

    // The newest activity comes first: the earlier request is the next row down.
    await inbox.rowLink(second.id).focus();
    await app.page.keyboard.press('ArrowDown');
    await expect.poll(() => inbox.focusedRowId(), eventually).toBe(first.id);
    await app.page.keyboard.press('ArrowUp');
    await expect.poll(() => inbox.focusedRowId(), eventually).toBe(second.id);
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');

    await screen.subject.waitFor();
    expect(await screen.subject.innerText()).toContain(first.subject);
    expect(app.route()).toContain(`/spaces/${spaceId}/change-requests/${first.id}`);
    expect(await screen.status.innerText()).toBe('Open');
    expect(await screen.mergeTitle.innerText()).toBe('Up to date, no conflicts: ready to merge');
  });

  it('merges a clean request, outdating another of the space, which is then updated from main', async () => {
    const { spaceId, id } = await spaceWith([
      { title: 'Guide', markdown: '# Guide\n\nLine one.\n\nLine two.\n' },
      { title: 'FAQ', markdown: '# FAQ\n\nQuestion?\n' },
    ]);
    const clean = await requestEditing(
      spaceId,
      uniqueTitle('Clean merge'),
      id('Guide'),
      '# Guide\n\nLine one, better.\n\nLine two.\n',
    );
    const other = await requestEditing(spaceId, uniqueTitle('Other work'), id('FAQ'), '# FAQ\n\nAnswer!\n');
    const { inbox, screen } = await open();

    await screen.goto(session.rig.orgId, spaceId, clean.id);
    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('Up to date, no conflicts: ready to merge');
    await screen.merge();
    await expect.poll(() => screen.status.innerText(), eventually).toBe('Merged');
    expect(await screen.root.getByTestId('cr-merged').innerText()).toMatch(/^Merged by /);

    // The space's main content is the request's.
    expect(await api().mainPageMarkdown(spaceId, id('Guide'))).toBe(
      await api().pageMarkdown(spaceId, clean.id, id('Guide')),
    );
    expect((await api().get(spaceId, clean.id)).status).toBe('merged');

    // The other request of the space is outdated now, without conflicts.
    await inbox.goto(session.rig.orgId);
    const row = inbox.row(other.id);
    await row.getByTestId('cr-badge-outdated').waitFor();
    await expect.poll(() => row.locator('.cr-row-checking').count(), eventually).toBe(0);
    expect(await row.getByTestId('cr-badge-conflicts').count()).toBe(0);

    await inbox.rowLink(other.id).click();
    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('The main content has changed since this request started');
    await screen.updateButton.click();
    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('Up to date, no conflicts: ready to merge');
    expect((await api().get(spaceId, other.id)).outdated).toBe(false);
    // The update took in the merged page and kept the request's own change.
    expect(await api().pageMarkdown(spaceId, other.id, id('Guide'))).toBe(
      await api().mainPageMarkdown(spaceId, id('Guide')),
    );
    expect(await api().pageMarkdown(spaceId, other.id, id('FAQ'))).toContain('Answer!');
  });

  it('shows the conflict view, naming the page with both sides, when the same lines were merged first', async () => {
    const { spaceId, id } = await spaceWith([
      { title: 'Intro', markdown: '# Intro\n\nThe shared sentence.\n\nUntouched end.\n' },
    ]);
    const first = await requestEditing(
      spaceId,
      uniqueTitle('Wording A'),
      id('Intro'),
      '# Intro\n\nThe sentence as A wrote it.\n\nUntouched end.\n',
    );
    const second = await requestEditing(
      spaceId,
      uniqueTitle('Wording B'),
      id('Intro'),
      '# Intro\n\nThe sentence as B wrote it.\n\nUntouched end.\n',
    );
    const { screen } = await open();

    // The second request is open on screen, clean, when someone else merges the first.
    await screen.goto(session.rig.orgId, spaceId, second.id);
    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('Up to date, no conflicts: ready to merge');
    await api().merge(spaceId, first.id);
    const mainBefore = await api().mainPageMarkdown(spaceId, id('Intro'));

    await screen.merge();
    await screen.mergeError.waitFor();
    expect(await screen.mergeError.innerText()).toContain('Intro');
    const conflict = screen.conflict('Intro');
    await conflict.waitFor();
    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('1 page conflicts with the main content');
    expect(await screen.mergeButton.isDisabled()).toBe(true);
    const sides = conflict.getByTestId('cr-conflict-sides');
    expect(await sides.locator('[data-side="main"]').innerText()).toContain('The sentence as A wrote it.');
    expect(await sides.locator('[data-side="request"]').innerText()).toContain('The sentence as B wrote it.');
    expect((await conflict.getByTestId('cr-conflict-message').innerText()).length).toBeGreaterThan(0);
    // The common ancestor is folded away until asked for.
    const base = conflict.getByTestId('cr-conflict-base');
    expect(await base.isVisible()).toBe(false);
    await conflict.locator('.cr-conflict-base summary').click();
    expect(await base.innerText()).toContain('The shared sentence.');

    // Nothing was written.
    expect((await api().get(spaceId, second.id)).status).toBe('open');
    expect(await api().mainPageMarkdown(spaceId, id('Intro'))).toBe(mainBefore);
  });

  it('renames a request in place, refusing a subject over 100 characters, and changes its status', async () => {
    const { spaceId, id } = await spaceWith([{ title: 'Notes', markdown: '# Notes\n\nText.\n' }]);
    const request = await requestEditing(
      spaceId,
      uniqueTitle('Rename me'),
      id('Notes'),
      '# Notes\n\nMore.\n',
    );
    const { screen } = await open();
    await screen.goto(session.rig.orgId, spaceId, request.id);

    const long = 'S'.repeat(101);
    await screen.rename(long);
    await screen.subjectError.waitFor();
    expect(await screen.subjectError.innerText()).toBe('Subject can have at most 100 characters.');
    expect(await screen.root.getByTestId('cr-subject-input').inputValue()).toBe(long);
    // Escape gives up the edit and keeps the old subject.
    await screen.root.getByTestId('cr-subject-input').press('Escape');
    expect(await screen.subject.innerText()).toContain(request.subject);

    const renamed = uniqueTitle('Renamed');
    await screen.rename(renamed);
    await expect.poll(async () => (await api().get(spaceId, request.id)).subject, eventually).toBe(renamed);
    await expect.poll(() => screen.subject.innerText(), eventually).toContain(renamed);

    await screen.root.getByTestId('cr-status-draft').click();
    await expect.poll(async () => (await api().get(spaceId, request.id)).status, eventually).toBe('draft');
    await expect.poll(() => screen.status.innerText(), eventually).toBe('Draft');
    expect(await screen.mergeButton.isDisabled()).toBe(true);
    await screen.root.getByTestId('cr-status-ready').click();
    await expect.poll(async () => (await api().get(spaceId, request.id)).status, eventually).toBe('open');
    await screen.root.getByTestId('cr-status-archive').click();
    await expect.poll(async () => (await api().get(spaceId, request.id)).status, eventually).toBe('archived');
    await screen.root.getByTestId('cr-status-reopen').click();
    await expect.poll(async () => (await api().get(spaceId, request.id)).status, eventually).toBe('open');
  });

  it('switches tabs with Alt+digit, keeping the tab in the address', async () => {
    const { spaceId, id } = await spaceWith([{ title: 'Tabs', markdown: '# Tabs\n\nText.\n' }]);
    const request = await requestEditing(spaceId, uniqueTitle('Tabs'), id('Tabs'), '# Tabs\n\nOther.\n');
    const { screen, app } = await open();
    await screen.goto(session.rig.orgId, spaceId, request.id);
    await app.page.keyboard.press('Alt+3');
    await expect.poll(() => app.route(), eventually).toContain('tab=comments');
    await app.page.keyboard.press('Alt+1');
    await expect.poll(() => app.route(), eventually).toContain('tab=overview');
    await screen.root.getByTestId('cr-summary').waitFor();
    expect(await screen.root.getByTestId('cr-summary-edited').getAttribute('data-count')).toBe('1');
  });

  it('opens the print view of a request in a new tab (browser mode)', async () => {
    const { spaceId, id } = await spaceWith([{ title: 'Print', markdown: '# Print\n\nText.\n' }]);
    const request = await requestEditing(spaceId, uniqueTitle('Print me'), id('Print'), '# Print\n\nNew.\n');
    const { screen, app } = await open();
    await screen.goto(session.rig.orgId, spaceId, request.id);

    const [printTab] = await Promise.all([
      app.page.context().waitForEvent('page'),
      screen.root.getByTestId('cr-export-pdf').click(),
    ]);
    await printTab.waitForLoadState();
    expect(new URL(printTab.url()).pathname).toMatch(/^\/print\//);
    expect(await printTab.locator('body').innerText()).toContain(request.subject);
    await screen.root.getByTestId('cr-pdf-opened').waitFor();
    await printTab.close();
  });

  it('says so when an organization has no open change requests', async () => {
    const labs = await session.rig.api.orgId(OTHER_ORG);
    const listed = await session.rig.api.call('GET', `/v1/orgs/${labs}/change-requests`);
    const { inbox } = await open();
    await inbox.goto(labs);
    if ((listed.body as { items: unknown[] }).items.length === 0) {
      await inbox.empty.waitFor();
      expect(await inbox.empty.innerText()).toContain('No open change requests');
    } else {
      await inbox.table.waitFor();
    }
  });
});
