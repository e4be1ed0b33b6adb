/**
 * User stories of reviewing in place: a request in conflict with three pages merged first by another request is
 * resolved in the app (one page keeps the main content's side, one the request's, one is merged by hand in the
 * three-way editor), then merged; a comment on a block of the diff is found at its block after a reload, and still
 * at its block once a paragraph is written above it. Every effect is checked through the sandbox's API.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '../shared/contract/resources/comments.ts';
import type { PageBlocks } from '../shared/contract/resources/revisions.ts';
import { ChangeRequestPage } from './pages/change-request.ts';
import { ChangesTab } from './pages/changes.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { ReviewPage } from './pages/review.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import type { ApiAnswer } from './support/sandbox-api.ts';
import { uniqueTitle } from './support/spaces-api.ts';

function ok<T>(answer: ApiAnswer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

const body = (title: string, sentence: string) => `# ${title}\n\n${sentence}\n\nThe last line stays.\n`;

describe('conflicts resolved and comments on blocks, in place', () => {
  const session = useRig();
  const api = () => changeRequestsApi(session.rig.api);

  /** A new space with these pages; answers its id and the pages' ids by title. */
  const spaceWith = async (titles: string[], markdown: (title: string) => string) => {
    const { spaceId } = await api().createSpaceWithPages(
      session.rig.orgId,
      uniqueTitle('Resolve space'),
      titles.map((title) => ({ title, markdown: markdown(title) })),
    );
    const pages = (await api().spaceRevision(spaceId)).pages;
    const id = (title: string) => pages.find((page) => page.title === title)!.id;
    return { spaceId, id };
  };

  /** An open request rewriting the first line of each page. */
  const rewriting = async (
    spaceId: string,
    subject: string,
    pages: { id: string; title: string }[],
    sentence: string,
  ) => {
    const request = await api().create(spaceId, subject);
    await api().edit(
      spaceId,
      request.id,
      pages.map((page) => ({
        operation: 'update_page' as const,
        page: page.id,
        document: { markdown: body(page.title, sentence) },
      })),
    );
    return request;
  };

  /** Opens the app at a request's route, on a tab. */
  const open = async (spaceId: string, requestId: string, tab?: string) => {
    const route = ChangeRequestPage.route(session.rig.orgId, spaceId, requestId, tab);
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    return { app, screen: new ChangeRequestPage(app.page), review: new ReviewPage(app.page) };
  };

  it('resolves three conflicts (main’s side, the request’s, one by hand) and merges', async () => {
    const titles = ['Alpha', 'Beta', 'Gamma'];
    const { spaceId, id } = await spaceWith(titles, (title) => body(title, 'The shared sentence.'));
    const pages = titles.map((title) => ({ id: id(title), title }));
    const mine = await rewriting(spaceId, uniqueTitle('Mine'), pages, 'The sentence, said by the request.');
    const theirs = await rewriting(spaceId, uniqueTitle('Theirs'), pages, 'The sentence, said by main.');
    await api().merge(spaceId, theirs.id);

    const { screen, review } = await open(spaceId, mine.id);
    await screen.goto(session.rig.orgId, spaceId, mine.id);
    await review.conflicts.waitFor();
    for (const title of titles) await review.resolver(title).waitFor();
    expect(await screen.mergeButton.isDisabled()).toBe(true);

    await review.resolve('Alpha', 'main');
    await review.resolve('Beta', 'changeRequest');
    // The editor starts from the merged text with conflict markers, and the common ancestor is shown.
    await review.resolve('Gamma', 'edited', body('Gamma', 'The sentence, merged by hand.'));
    expect(await review.resolver('Gamma').getByTestId('cr-three-way-base').innerText()).toContain(
      'The shared sentence.',
    );
    await review.applyResolution();

    await expect
      .poll(() => screen.mergeTitle.innerText(), eventually)
      .toBe('Up to date, no conflicts: ready to merge');
    expect(await review.conflicts.count()).toBe(0);
    // The request now holds what was chosen, on top of the main content.
    expect(await api().pageMarkdown(spaceId, mine.id, id('Alpha'))).toContain('said by main');
    expect(await api().pageMarkdown(spaceId, mine.id, id('Beta'))).toContain('said by the request');
    expect(await api().pageMarkdown(spaceId, mine.id, id('Gamma'))).toContain('merged by hand');

    await screen.merge();
    await expect.poll(() => screen.status.innerText(), eventually).toBe('Merged');
    const merged = await api().get(spaceId, mine.id);
    expect(merged.status).toBe('merged');
    expect(await api().mainPageMarkdown(spaceId, id('Alpha'))).toBe(
      body('Alpha', 'The sentence, said by main.'),
    );
    expect(await api().mainPageMarkdown(spaceId, id('Beta'))).toBe(
      body('Beta', 'The sentence, said by the request.'),
    );
    expect(await api().mainPageMarkdown(spaceId, id('Gamma'))).toBe(
      body('Gamma', 'The sentence, merged by hand.'),
    );
  }, 60_000);

  it('finds a block comment at its block after a reload, and after an edit above it', async () => {
    const paragraphs = (first: string) =>
      `# Notes\n\n${first}\n\nThe paragraph under review.\n\nThe closing paragraph.\n`;
    const { spaceId, id } = await spaceWith(['Notes'], () => paragraphs('An opening paragraph.'));
    const request = await api().create(spaceId, uniqueTitle('Block comments'));
    await api().edit(spaceId, request.id, [
      { operation: 'update_page', page: id('Notes'), document: { markdown: paragraphs('A new opening.') } },
    ]);

    const { app, screen, review } = await open(spaceId, request.id, 'changes');
    await screen.goto(session.rig.orgId, spaceId, request.id, 'changes');
    const changes = new ChangesTab(app.page);
    await changes.open('Notes');
    await review.commentOnBlock(2, 'Is this paragraph still true?', 'now');
    await expect
      .poll(() => review.notes(2).getByTestId('block-comment').innerText(), eventually)
      .toContain('Is this paragraph still true?');

    // Through the API: the comment names the block's key, at its place.
    const base = `/v1/spaces/${spaceId}/change-requests/${request.id}`;
    const listed = async () =>
      ok<{ items: Comment[] }>(
        await session.rig.api.call('GET', `${base}/comments`, { query: { format: 'markdown' } }),
        'comments',
      ).items;
    const [comment] = await listed();
    const head = (await api().get(spaceId, request.id)).revision;
    const blocks = ok<PageBlocks>(
      await session.rig.api.call('GET', `/v1/spaces/${spaceId}/revisions/${head}/page/${id('Notes')}/blocks`),
      'blocks',
    ).blocks;
    expect(comment?.target.node).toMatchObject({ id: blocks[2]!.key, index: 2, outdated: false });

    await app.page.reload();
    await changes.open('Notes');
    await expect
      .poll(() => review.notes(2).getByTestId('block-comment').innerText(), eventually)
      .toContain('Is this paragraph still true?');

    // A paragraph written above it: the comment follows its block, one place down.
    await api().edit(spaceId, request.id, [
      {
        operation: 'update_page',
        page: id('Notes'),
        document: { markdown: paragraphs('A new opening.\n\nAnother paragraph above.') },
      },
    ]);
    expect((await listed())[0]?.target.node).toMatchObject({ id: blocks[2]!.key, index: 3, outdated: false });
    await app.page.reload();
    await changes.open('Notes');
    await expect
      .poll(() => review.notes(3).getByTestId('block-comment').innerText(), eventually)
      .toContain('Is this paragraph still true?');
    expect(await review.notes(2).count()).toBe(0);
  }, 60_000);
});
