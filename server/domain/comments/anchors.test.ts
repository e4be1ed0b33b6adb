/**
 * Block comments over HTTP: a comment on a block of a request's page keeps its anchor through edits elsewhere in the
 * page (an edit above it, an update from main), and reports itself outdated once its block is edited or removed.
 * Posting checks the anchor (400 naming `node` and `lines`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../../shared/contract/resources/comments.ts';
import type { PageBlocks } from '../../../shared/contract/resources/revisions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildReviewFixture,
  call,
  editMainContent,
  editRequestContent,
  expectError,
  expectStatus,
  pageOf,
  requestRow,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A request, its Guide page, the keys of Guide's blocks, and a comment on its "Second paragraph." block. */
async function blockComment() {
  const fixture = buildReviewFixture(server);
  const { id } = fixture.request();
  const guide = pageOf(server, id, 'Guide');
  const params = { spaceId: fixture.spaceId, changeRequestId: id };
  const blocksNow = async () => {
    const answer = await call(server, 'listPageBlocksInRevision', fixture.admin.token, {
      params: { spaceId: fixture.spaceId, revisionId: requestRow(server, id).revision_id, pageId: guide },
    });
    expectStatus(answer, 200);
    return (answer.body as PageBlocks).blocks;
  };
  const blocks = await blocksNow();
  expect(blocks.map((block) => [block.type, block.line, block.lines])).toEqual([
    ['heading', 1, 1],
    ['paragraph', 3, 1],
    ['paragraph', 5, 1],
    ['paragraph', 7, 1],
  ]);
  const posted = await call(server, 'postCommentInChangeRequest', fixture.member('comment').token, {
    params,
    body: { body: { markdown: 'Why second?' }, page: guide, node: blocks[2]!.key },
  });
  expectStatus(posted, 200);
  const commentId = (posted.body as Comment).id;
  const read = async () => {
    const answer = await call(server, 'getCommentInChangeRequest', fixture.admin.token, {
      params: { ...params, commentId },
    });
    expectStatus(answer, 200);
    return (answer.body as Comment).target.node;
  };
  return { ...fixture, id, guide, params, blocks, blocksNow, read, key: blocks[2]!.key };
}

describe('a comment on a block of a page', () => {
  it('is placed at its block when posted', async () => {
    const { read, key } = await blockComment();
    expect(await read()).toEqual({ id: key, index: 2, outdated: false });
  });

  it('survives an edit above it: same key, new place, not outdated', async () => {
    const { id, read, key, blocksNow } = await blockComment();
    editRequestContent(server, id, (e) =>
      e.replace(
        'Guide',
        'First paragraph of Guide.',
        'A new opening.\n\nFirst paragraph of Guide, reworded.',
      ),
    );
    expect(await read()).toEqual({ id: key, index: 3, outdated: false });
    expect((await blocksNow())[3]).toMatchObject({ key, line: 7 });
  });

  it('survives an update from main that edited another block', async () => {
    const { id, spaceId, author, params, read, key } = await blockComment();
    editMainContent(server, spaceId, (e) =>
      e.replace('Guide', 'Third paragraph.', 'Third paragraph, from main.'),
    );
    expectStatus(await call(server, 'updateChangeRequest', author.token, { params }), 200);
    expect(requestRow(server, id).revision_merged_ancestor).not.toBeNull();
    expect(await read()).toEqual({ id: key, index: 2, outdated: false });
  });

  it('reports outdated when its block is edited, still at its block', async () => {
    const { id, read, key } = await blockComment();
    editRequestContent(server, id, (e) =>
      e.replace('Guide', 'Second paragraph.', 'Second paragraph, rewritten.'),
    );
    expect(await read()).toEqual({ id: key, index: 2, outdated: true });
  });

  it('reports outdated, with no place, when its block is removed', async () => {
    const { id, read, key } = await blockComment();
    editRequestContent(server, id, (e) => e.replace('Guide', 'Second paragraph.\n\n', ''));
    expect(await read()).toEqual({ id: key, outdated: true });
  });

  it('keeps lines of its block, and refuses anchors that name nothing', async () => {
    const { admin, params, guide, blocks } = await blockComment();
    const post = (body: unknown) => call(server, 'postCommentInChangeRequest', admin.token, { params, body });
    const text = { markdown: 'x' };
    const cases: [unknown, string][] = [
      [{ body: text, node: blocks[0]!.key }, 'node'],
      [{ body: text, page: guide, node: UNKNOWN_ID }, 'node'],
      [{ body: text, page: guide, lines: { start: 0, end: 0 } }, 'lines'],
      [{ body: text, page: guide, node: blocks[1]!.key, lines: { start: 2, end: 1 } }, 'lines'],
      [{ body: text, page: guide, node: blocks[3]!.key, lines: { start: 0, end: 1 } }, 'lines.end'],
      [{ body: text, page: guide, node: blocks[1]!.key, lines: { start: -1, end: 0 } }, 'lines'],
    ];
    for (const [body, field] of cases) expectError(await post(body), 400, field);
    const ok = await post({ body: text, page: guide, node: blocks[1]!.key, lines: { start: 0, end: 4 } });
    expectStatus(ok, 200);
    expect((ok.body as Comment).target.node).toEqual({
      id: blocks[1]!.key,
      index: 1,
      outdated: false,
      lines: { start: 0, end: 4 },
    });
  });
});

describe('GET …/revisions/{revisionId}/page/{pageId}/blocks', () => {
  it('answers 401, 404 for an unknown page, a revision of another space, and a guest', async () => {
    const { admin, member, spaceId, foreign, id, guide } = await blockComment();
    const revisionId = requestRow(server, id).revision_id;
    const blocks = (token: string, params: Record<string, string>) =>
      call(server, 'listPageBlocksInRevision', token, { params });
    const answer401 = await call(
      server,
      'listPageBlocksInRevision',
      'nonsense-token-of-some-length-0000000000',
      {
        params: { spaceId, revisionId, pageId: guide },
      },
    );
    expectError(answer401, 401);
    expectError(await blocks(admin.token, { spaceId, revisionId, pageId: UNKNOWN_ID }), 404, UNKNOWN_ID);
    expectError(await blocks(admin.token, { spaceId: foreign.spaceId, revisionId, pageId: guide }), 404);
    expectError(await blocks(member(null).token, { spaceId, revisionId, pageId: guide }), 404);
  });
});
