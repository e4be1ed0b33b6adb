/**
 * User stories of review comments on a change request: a thread on the request (markdown with preview, reply,
 * reaction, edit, resolve and reopen), a thread on a page from the panel beside its diff, the anchor link back to
 * that page, and a deletion after its confirmation. Every effect is checked through the sandbox's API.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../shared/contract/resources/changeRequests.ts';
import type { Comment, CommentReply } from '../shared/contract/resources/comments.ts';
import { CommentThreads } from './pages/comments.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import type { ApiAnswer, SandboxApi } from './support/sandbox-api.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';
import { uniqueTitle } from './support/spaces-api.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';

function ok<T>(answer: ApiAnswer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** The request's comments and replies as the API lists them. */
function commentsApi(api: SandboxApi, spaceId: string, changeRequestId: string) {
  const base = `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments`;
  return {
    async list(query: Record<string, string> = {}): Promise<Comment[]> {
      return ok<{ items: Comment[] }>(
        await api.call('GET', base, { query: { format: 'markdown', limit: 100, ...query } }),
        'list comments',
      ).items;
    },
    async replies(commentId: string): Promise<CommentReply[]> {
      return ok<{ items: CommentReply[] }>(
        await api.call('GET', `${base}/${commentId}/replies`, { query: { format: 'markdown' } }),
        'list replies',
      ).items;
    },
    async post(body: { markdown: string; page?: string }): Promise<Comment> {
      return ok<Comment>(
        await api.call('POST', base, {
          body: {
            body: { markdown: body.markdown },
            ...(body.page !== undefined ? { page: body.page } : {}),
          },
        }),
        'post comment',
      );
    },
    async update(commentId: string, body: Record<string, unknown>): Promise<Comment> {
      return ok<Comment>(await api.call('PUT', `${base}/${commentId}`, { body }), 'update comment');
    },
    async reply(commentId: string, markdown: string): Promise<CommentReply> {
      return ok<CommentReply>(
        await api.call('POST', `${base}/${commentId}/replies`, { body: { body: { markdown } } }),
        'post reply',
      );
    },
    async get(commentId: string): Promise<ApiAnswer> {
      return api.call('GET', `${base}/${commentId}`, { query: { format: 'markdown' } });
    },
  };
}

const markdownOf = (comment: Comment | CommentReply | undefined) =>
  comment !== undefined && 'markdown' in comment.body ? comment.body.markdown : undefined;

describe('a reviewer discussing a change request', () => {
  const session = useRig();

  /** A space with two pages and an open request that edits the first. */
  const arrange = async () => {
    const requests = changeRequestsApi(session.rig.api);
    const { spaceId } = await requests.createSpaceWithPages(session.rig.orgId, uniqueTitle('Review space'), [
      { title: 'Quickstart', markdown: '# Quickstart\n\nInstall the tool.\n' },
      { title: 'FAQ', markdown: '# FAQ\n\nAsk away.\n' },
    ]);
    const request: ChangeRequest = await requests.create(spaceId, uniqueTitle('Reword the quickstart'));
    const pages = await requests.pages(spaceId, request.id);
    const quickstart = pages.find((page) => page.title === 'Quickstart');
    if (quickstart === undefined) throw new Error(`no Quickstart page in ${JSON.stringify(pages)}`);
    await requests.edit(spaceId, request.id, [
      {
        operation: 'update_page',
        page: quickstart.id,
        document: { markdown: '# Quickstart\n\nInstall the tool with one command.\n' },
      },
    ]);
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    return {
      app,
      requests,
      spaceId,
      request,
      quickstartId: quickstart.id,
      comments: commentsApi(session.rig.api, spaceId, request.id),
    };
  };

  it('posts, replies, reacts, edits, resolves and reopens a thread on the request', async () => {
    const { app, requests, spaceId, request, comments } = await arrange();
    const page = app.page;
    await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, { tab: 'comments' });
    const tab = CommentThreads.tab(page);
    await tab.empty.waitFor();
    expect(await tab.empty.innerText()).toContain('No open comments');

    // An empty box cannot be sent, and says why.
    expect(await tab.composer.getByTestId('composer-submit').isDisabled()).toBe(true);
    expect(await tab.composer.getByTestId('composer-hint').innerText()).toContain('Write something');

    // Markdown, previewed as rendered markdown, then posted with Ctrl+Enter from the text box.
    const text = 'Please **double-check** the `install` step.';
    await tab.write(text);
    const preview = await tab.preview();
    expect(await preview.locator('strong').innerText()).toBe('double-check');
    expect(await preview.locator('code').innerText()).toBe('install');
    await tab.post(text);

    const thread = tab.thread('double-check');
    await thread.waitFor();
    expect(await thread.locator('.comment-body strong').first().innerText()).toBe('double-check');
    expect(await tab.comment(thread).getByTestId('comment-anchor').innerText()).toBe('On the change request');
    const posted = await comments.list();
    expect(posted).toHaveLength(1);
    const commentId = posted[0]!.id;
    expect(markdownOf(posted[0])).toBe(text);
    expect(posted[0]!.target.page).toBeUndefined();
    expect(posted[0]!.status).toBe('open');
    // The new thread has the focus, and the composer is empty again.
    await expect.poll(() => tab.focusedThreadId(), eventually).toBe(commentId);
    expect(await tab.composer.getByTestId('composer-text').inputValue()).toBe('');
    await expect.poll(async () => (await requests.get(spaceId, request.id)).comments, eventually).toBe(1);

    // A reply.
    await tab.reply(thread, 'Done: the step now says *one command*.');
    await thread.getByTestId('comment-reply').filter({ hasText: 'one command' }).waitFor();
    await expect
      .poll(async () => (await comments.replies(commentId)).map(markdownOf), eventually)
      .toEqual(['Done: the step now says *one command*.']);

    // A reaction from the picker; the chip shows the count and that it is the user's.
    await tab.react(thread, '👍');
    const chip = tab.reaction(thread, '👍');
    await chip.waitFor();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(await chip.innerText()).toContain('1');
    await expect
      .poll(async () => {
        const answer = await comments.get(commentId);
        return (answer.body as Comment).reactions.map((reaction) => [reaction.emoji, reaction.count]);
      }, eventually)
      .toEqual([['👍', 1]]);

    // Another from the keyboard (the picker is a menu: Enter opens it, arrows move, Enter picks), then the
    // first one toggled off from its chip.
    await tab.comment(thread).getByTestId('reaction-add').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="reaction-option"][data-emoji="👍"]').waitFor();
    const focusedEmoji = () => page.evaluate(`document.activeElement?.getAttribute('data-emoji') ?? null`);
    // Each press waits for the focus to move (a list refetched meanwhile may re-render the menu under the keys).
    for (let step = 0; step < 16 && (await focusedEmoji()) !== '🎉'; step++) {
      const before = await focusedEmoji();
      await page.keyboard.press('ArrowDown');
      await page
        .waitForFunction(
          `document.activeElement?.getAttribute('data-emoji') !== ${JSON.stringify(before)}`,
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => undefined);
    }
    expect(await focusedEmoji()).toBe('🎉');
    await page.keyboard.press('Enter');
    await tab.reaction(thread, '🎉').waitFor();
    await chip.click();
    await expect.poll(() => chip.count(), eventually).toBe(0);
    await expect
      .poll(async () => {
        const answer = await comments.get(commentId);
        return (answer.body as Comment).reactions.map((reaction) => [reaction.emoji, reaction.count]);
      }, eventually)
      .toEqual([['🎉', 1]]);

    // An edit, saved with Ctrl+Enter.
    const edited = 'Please **double-check** the `install` step and the FAQ link.';
    await tab.edit(thread, edited);
    await tab.thread('the FAQ link').waitFor();
    await expect
      .poll(async () => {
        const comment = (await comments.get(commentId)).body as Comment;
        return [markdownOf(comment), comment.editedAt !== undefined];
      }, eventually)
      .toEqual([edited, true]);

    // Resolved: it leaves the Open list, and the Resolved filter shows it.
    await tab.resolve(tab.thread('the FAQ link'));
    await tab.empty.waitFor();
    expect(await tab.empty.innerText()).toContain('No open comments');
    await expect
      .poll(async () => ((await comments.get(commentId)).body as Comment).status, eventually)
      .toBe('resolved');
    await expect.poll(async () => (await requests.get(spaceId, request.id)).comments, eventually).toBe(0);
    await tab.filter('resolved');
    const resolved = tab.thread('the FAQ link');
    await resolved.waitFor();
    await tab.comment(resolved).getByTestId('comment-resolved').waitFor();

    // Reopened: it leaves the Resolved list and is open again.
    await tab.reopen(resolved);
    await tab.empty.waitFor();
    expect(await tab.empty.innerText()).toContain('No resolved comments');
    await expect
      .poll(async () => ((await comments.get(commentId)).body as Comment).status, eventually)
      .toBe('open');
    await tab.filter('open');
    await tab.thread('the FAQ link').waitFor();
  });

  it('comments on a page beside its diff, links back to it, and deletes a thread after confirming', async () => {
    const { app, spaceId, request, quickstartId, comments } = await arrange();
    const page = app.page;

    // The panel beside the edited page's diff posts comments on that page.
    await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, {
      tab: 'changes',
      page: quickstartId,
    });
    const panel = CommentThreads.pagePanel(page);
    await panel.root.waitFor();
    await panel.empty.waitFor();

    // What is typed survives a visit to another tab.
    const question = 'Is *one command* true on Windows?';
    await panel.write(question);
    await page.getByTestId('cr-tab-overview').click();
    await panel.root.waitFor({ state: 'detached' });
    await page.getByTestId('cr-tab-changes').click();
    await expect
      .poll(() => panel.composer.getByTestId('composer-text').inputValue(), eventually)
      .toBe(question);
    await panel.post(question);
    await panel.thread('on Windows').waitFor();
    await expect
      .poll(async () => (await comments.list({ targetPage: quickstartId })).map(markdownOf), eventually)
      .toEqual(['Is *one command* true on Windows?']);
    const onPage = (await comments.list())[0]!;
    expect(onPage.target.page?.id).toBe(quickstartId);
    await expect
      .poll(() => panel.root.getByTestId('page-comments-count').innerText(), eventually)
      .toContain('1');

    // A second thread, on the request, from the Comments tab; the page thread names its page and links to it.
    await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, { tab: 'comments' });
    const tab = CommentThreads.tab(page);
    await tab.post('Overall this reads well.');
    await tab.thread('reads well').waitFor();
    const pageThread = tab.thread('on Windows');
    await pageThread.waitFor();
    expect(await tab.comment(pageThread).getByTestId('comment-anchor').innerText()).toContain(
      'On page “Quickstart”',
    );

    // Delete the request's thread after the confirmation: it is gone, and the focus moves to the next thread.
    await tab.delete(tab.thread('reads well'));
    await expect.poll(() => tab.thread('reads well').count(), eventually).toBe(0);
    await expect
      .poll(async () => (await comments.list()).map(markdownOf), eventually)
      .toEqual(['Is *one command* true on Windows?']);
    await expect.poll(() => tab.focusedThreadId(), eventually).toBe(onPage.id);

    // The anchor link opens the page on the Changes tab.
    await tab.comment(pageThread).getByTestId('comment-anchor-link').click();
    await expect
      .poll(() => page.evaluate('location.hash'), eventually)
      .toMatch(new RegExp(`tab=changes.*page=${quickstartId}|page=${quickstartId}.*tab=changes`));
  });

  it('keeps what was typed when an edit is put aside with Escape or refused by the server', async () => {
    const { app, spaceId, request, comments } = await arrange();
    const page = app.page;
    const posted = await comments.post({ markdown: 'First wording.' });

    await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, { tab: 'comments' });
    const tab = CommentThreads.tab(page);
    const thread = tab.threadById(posted.id);
    await thread.waitFor();
    const item = tab.comment(thread);
    const box = item.getByTestId('comment-editor').getByTestId('composer-text');

    // Escape closes the editor and keeps the changes; Edit brings them back, saying so.
    await item.getByTestId('comment-edit').click();
    await box.fill('Second wording, half done');
    await box.press('Escape');
    await box.waitFor({ state: 'detached' });
    await expect.poll(() => tab.focusedThreadId(), eventually).toBe(posted.id);
    await item.getByTestId('comment-edit').click();
    expect(await box.inputValue()).toBe('Second wording, half done');
    await item.getByTestId('edit-restored').waitFor();

    // Someone deletes the comment meanwhile: the save fails with the server's message, and the text stays.
    const removed = await session.rig.api.call(
      'DELETE',
      `/v1/spaces/${spaceId}/change-requests/${request.id}/comments/${posted.id}`,
    );
    expect(removed.status).toBe(205);
    await box.fill('Second wording, final');
    await box.press('Control+Enter');
    const error = item.getByTestId('composer-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(posted.id);
    expect(await box.inputValue()).toBe('Second wording, final');
  });

  it(
    'reads well to assistive technology in both themes: threads, replies, reactions, editor and page panel',
    async () => {
      const { app, spaceId, request, quickstartId, comments } = await arrange();
      const page = app.page;
      const first = await comments.post({ markdown: 'A **thread** with a [link](https://example.com).' });
      await comments.reply(first.id, 'A reply.');
      await comments.update(first.id, { addedReactions: ['👍'] });
      const resolved = await comments.post({ markdown: 'A resolved thread.' });
      await comments.update(resolved.id, { resolved: true });
      await comments.post({ markdown: 'A page thread.', page: quickstartId });

      await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, { tab: 'comments' });
      const tab = CommentThreads.tab(page);
      await tab.filter('all');
      await tab.thread('A resolved thread').waitFor();
      await tab.thread('with a').getByTestId('comment-reply').waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolations(page), `comments tab, ${scheme}`).toEqual([]);
      }
      await screenshotBothSchemes(page, 'review-comments');

      // The inline editor and the reaction picker.
      const thread = tab.thread('with a');
      await tab.comment(thread).getByTestId('comment-edit').click();
      await page.getByTestId('comment-editor').waitFor();
      expect(await seriousViolations(page), 'editor').toEqual([]);
      await page.keyboard.press('Escape');
      await tab.comment(thread).getByTestId('reaction-add').click();
      await page.getByTestId('reaction-menu').waitFor();
      expect(await seriousViolations(page), 'reaction picker').toEqual([]);
      await page.keyboard.press('Escape');

      await CommentThreads.goto(page, session.rig.orgId, spaceId, request.id, {
        tab: 'changes',
        page: quickstartId,
      });
      const panel = CommentThreads.pagePanel(page);
      await panel.thread('A page thread').waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        // The panel only: the diff beside it is the Changes tab's (e2e/review-changes.e2e.test.ts checks it).
        expect(
          await seriousViolations(page, '[data-testid="page-comments"]'),
          `page panel, ${scheme}`,
        ).toEqual([]);
      }
      await screenshotBothSchemes(page, 'review-comments-panel');
    },
    AXE_TIMEOUT,
  );
});
