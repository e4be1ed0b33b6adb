import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadRevision } from '../content/revisions.ts';
import {
  allPages,
  buildContentOrg,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  roleName,
  sendRaw,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** An organization with a space of two pages, and its admin. */
function setup() {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    pages: [
      { title: 'Intro', markdown: '# Hi' },
      { title: 'Guide', markdown: '# Guide' },
    ],
  });
  const space = server.db.first(server.db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
  const [intro, guide] = loadRevision(server.db, space.revision_id).tree.pages.map((page) => page.id);
  return { ...org, spaceId, pages: { intro: intro!, guide: guide! } };
}

/** The space's stored count of open comments, read straight from the database. */
function spaceComments(spaceId: string): number {
  return server.db.first(server.db.q.selectFrom('spaces').select('comments').where('id', '=', spaceId))!
    .comments!;
}

const LACKING_COMMENT: readonly Role[] = ['read'];
const LACKING_REVIEW: readonly Role[] = ['comment', 'read'];
const LACKING_ADMIN: readonly Role[] = ['edit', 'review', 'comment', 'read'];

describe('POST /v1/spaces/{spaceId}/comments', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = setup();
    await expectUnauthorized(server, 'postCommentInSpace', {
      params: { spaceId },
      body: { body: { markdown: 'x' } },
    });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, spaceId } = setup();
    for (const [body, field] of [
      [{}, 'body'],
      [{ body: { markdown: '   ' } }, 'body'],
      [{ body: { markdown: 12 } }, 'body'],
      [{ body: { markdown: 'x' }, page: UNKNOWN_ID }, 'page'],
      [{ body: { markdown: 'x' }, page: '' }, 'page'],
      [{ body: { markdown: 'x' }, node: 'x'.repeat(257) }, 'node'],
      [{ body: { markdown: 'x' }, unknown: true }, 'unknown'],
    ] as const) {
      expectError(
        await sendRaw(server, 'postCommentInSpace', { params: { spaceId }, body, token: admin.token }),
        400,
        field,
      );
    }
  });

  it.each(LACKING_COMMENT.map((r) => [roleName(r), r]))('answers 403 to %s', async (_name, role) => {
    const { member, spaceId } = setup();
    const answer = await member(role).client.request('postCommentInSpace', {
      params: { spaceId },
      body: { body: { markdown: 'x' } },
    });
    expectError(answer, 403, 'comment');
  });

  it("answers the same 404 for an unknown space and another organization's space, and 404 to a guest", async () => {
    const { admin, foreign, member, spaceId } = setup();
    const body = { body: { markdown: 'x' } };
    expectHidden(
      await admin.client.request('postCommentInSpace', { params: { spaceId: UNKNOWN_ID }, body }),
      UNKNOWN_ID,
      await admin.client.request('postCommentInSpace', { params: { spaceId: foreign.spaceId }, body }),
      foreign.spaceId,
    );
    expectError(await member(null).client.request('postCommentInSpace', { params: { spaceId }, body }), 404);
  });

  it('posts an open comment on a page, readable through the API, and counts it on the space', async () => {
    const { admin, member, spaceId, pages } = setup();
    const commenter = member('comment');
    const revisionId = server.db.first(
      server.db.q.selectFrom('spaces').select('revision_id').where('id', '=', spaceId),
    )!.revision_id;
    const { blocks } = await commenter.client.call('listPageBlocksInRevision', {
      params: { spaceId, revisionId, pageId: pages.guide },
    });
    const node = blocks[0]!.key;
    const created = await commenter.client.call('postCommentInSpace', {
      params: { spaceId },
      body: { body: { markdown: 'Typo here' }, page: pages.guide, node },
    });
    expect(created).toMatchObject({
      object: 'comment',
      postedBy: { object: 'user', id: commenter.id },
      status: 'open',
      replies: 0,
      reactions: [],
      body: { markdown: 'Typo here' },
      target: {
        space: spaceId,
        page: { id: pages.guide, title: 'Guide', outdated: false },
        node: { id: node, index: 0, outdated: false },
      },
      urls: { location: `${server.baseUrl}/v1/spaces/${spaceId}/comments/${created.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(created.editedAt).toBeUndefined();
    expect(
      await admin.client.call('getCommentInSpace', { params: { spaceId, commentId: created.id } }),
    ).toMatchObject({
      id: created.id,
      body: { markdown: 'Typo here' },
      permissions: { edit: false, delete: true },
    });
    const asDocument = await admin.client.call('getCommentInSpace', {
      params: { spaceId, commentId: created.id },
      query: { format: 'document' },
    });
    expect(asDocument.body).toMatchObject({
      document: { object: 'document', nodes: [{ type: 'paragraph' }] },
    });
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    expect(space.comments).toBe(1);
    const fromDocument = await admin.client.call('postCommentInSpace', {
      params: { spaceId },
      body: {
        body: {
          document: {
            object: 'document',
            data: {},
            nodes: [{ object: 'block', nodes: [{ object: 'text', leaves: [{ text: 'From a document' }] }] }],
          },
        },
      },
    });
    expect(fromDocument.body).toEqual({ markdown: 'From a document' });
    expect(spaceComments(spaceId)).toBe(2);
  });
});

describe('GET /v1/spaces/{spaceId}/comments', () => {
  it('answers 401, 400 on a bad query, and 404 to a guest or for another organization', async () => {
    const { admin, foreign, member, spaceId } = setup();
    await expectUnauthorized(server, 'listCommentsInSpace', { params: { spaceId } });
    for (const [query, field] of [
      [{ order: 'up' }, 'order'],
      [{ status: 'closed' }, 'status'],
      [{ limit: -1 }, 'limit'],
      [{ targetPage: '' }, 'targetPage'],
      [{ page: 'nope' }, 'page'],
    ] as const) {
      expectError(
        await sendRaw(server, 'listCommentsInSpace', { params: { spaceId }, query, token: admin.token }),
        400,
        field,
      );
    }
    expectHidden(
      await admin.client.request('listCommentsInSpace', { params: { spaceId: UNKNOWN_ID } }),
      UNKNOWN_ID,
      await admin.client.request('listCommentsInSpace', { params: { spaceId: foreign.spaceId } }),
      foreign.spaceId,
    );
    expectError(await member(null).client.request('listCommentsInSpace', { params: { spaceId } }), 404);
  });

  it('filters by status, page and authors, orders by posting time, and pages', async () => {
    const { admin, member, spaceId, pages } = setup();
    const reader = member('read');
    const commenter = member('comment');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        server.buildComment(spaceId, i % 2 === 0 ? admin.id : commenter.id, {
          markdown: `c${i}`,
          ...(i < 2 ? { page: pages.intro } : {}),
          resolved: i === 4,
        }).id,
      );
      server.clock.advance(1000);
    }
    // Another space's comment never shows.
    server.buildComment(server.buildSpace(buildContentOrg(server).orgId).id, admin.id);
    const list = (query: Record<string, unknown>) =>
      reader.client.call('listCommentsInSpace', { params: { spaceId }, query } as never) as Promise<{
        items: { id: string }[];
        count: number;
        next?: { page: string };
      }>;
    const all = await list({});
    expect(all.items.map((c) => c.id)).toEqual([...ids].reverse());
    expect(all.count).toBe(5);
    expect((await list({ order: 'asc' })).items.map((c) => c.id)).toEqual(ids);
    expect((await list({ status: 'open', order: 'asc' })).items.map((c) => c.id)).toEqual(ids.slice(0, 4));
    expect((await list({ status: 'resolved' })).items.map((c) => c.id)).toEqual([ids[4]]);
    expect((await list({ targetPage: pages.intro, order: 'asc' })).items.map((c) => c.id)).toEqual(
      ids.slice(0, 2),
    );
    expect((await list({ authors: [commenter.id], order: 'asc' })).items.map((c) => c.id)).toEqual([
      ids[1],
      ids[3],
    ]);
    expect((await list({ authors: [commenter.id, admin.id], order: 'asc' })).items.map((c) => c.id)).toEqual(
      ids,
    );
    const paged = await allPages((page) => list({ limit: 2, order: 'asc', ...(page ? { page } : {}) }));
    expect(paged.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(paged.flatMap((p) => p.items.map((c) => c.id))).toEqual(ids);
    expect(paged[0]!.count).toBe(5);
  });
});

describe('PUT /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('answers 401, 400 naming the field, and 404 for unknown ids and comments of another space', async () => {
    const { admin, spaceId } = setup();
    const commentId = server.buildComment(spaceId, admin.id).id;
    await expectUnauthorized(server, 'updateCommentInSpace', { params: { spaceId, commentId }, body: {} });
    for (const [body, field] of [
      [{ resolved: 'yes' }, 'resolved'],
      [{ body: { markdown: '' } }, 'body'],
      [{ addedReactions: ['x'.repeat(51)] }, 'addedReactions'],
      [{ removedReactions: [''] }, 'removedReactions'],
      [{ unknown: 1 }, 'unknown'],
    ] as const) {
      expectError(
        await sendRaw(server, 'updateCommentInSpace', {
          params: { spaceId, commentId },
          body,
          token: admin.token,
        }),
        400,
        field,
      );
    }
    const other = setup();
    const otherComment = server.buildComment(other.spaceId, other.admin.id).id;
    for (const id of [UNKNOWN_ID, otherComment])
      expectError(
        await admin.client.request('updateCommentInSpace', {
          params: { spaceId, commentId: id },
          body: { resolved: true },
        }),
        404,
        id,
      );
  });

  it('lets only the author edit the body, and marks it edited', async () => {
    const { admin, member, spaceId } = setup();
    const author = member('comment');
    const commentId = server.buildComment(spaceId, author.id).id;
    expectError(
      await admin.client.request('updateCommentInSpace', {
        params: { spaceId, commentId },
        body: { body: { markdown: 'Hijacked' } },
      }),
      403,
      'author',
    );
    server.clock.advance(1000);
    const edited = await author.client.call('updateCommentInSpace', {
      params: { spaceId, commentId },
      body: { body: { markdown: 'Better' } },
    });
    expect(edited.body).toEqual({ markdown: 'Better' });
    expect(edited.editedAt).toBe(server.clock.now().toISOString());
    expect((await admin.client.call('getCommentInSpace', { params: { spaceId, commentId } })).body).toEqual({
      markdown: 'Better',
    });
  });

  it.each(LACKING_REVIEW.map((r) => [roleName(r), r]))(
    "answers 403 to %s resolving another's comment",
    async (_name, role) => {
      const { admin, member, spaceId } = setup();
      const commentId = server.buildComment(spaceId, admin.id).id;
      expectError(
        await member(role).client.request('updateCommentInSpace', {
          params: { spaceId, commentId },
          body: { resolved: true },
        }),
        403,
        'review',
      );
    },
  );

  it('answers 403 to a reader reacting', async () => {
    const { admin, member, spaceId } = setup();
    const commentId = server.buildComment(spaceId, admin.id).id;
    expectError(
      await member('read').client.request('updateCommentInSpace', {
        params: { spaceId, commentId },
        body: { addedReactions: ['👍'] },
      }),
      403,
      'comment',
    );
  });

  it("lets the author or a reviewer resolve and reopen, and the space's count follows", async () => {
    const { admin, member, spaceId } = setup();
    const author = member('comment');
    const reviewer = member('review');
    const first = server.buildComment(spaceId, author.id).id;
    server.buildComment(spaceId, author.id);
    expect((await admin.client.call('getSpaceById', { params: { spaceId } })).comments).toBe(2);
    const resolved = await reviewer.client.call('updateCommentInSpace', {
      params: { spaceId, commentId: first },
      body: { resolved: true },
    });
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: reviewer.id } });
    expect(resolved.resolvedAt).toBe(server.clock.now().toISOString());
    expect((await admin.client.call('getSpaceById', { params: { spaceId } })).comments).toBe(1);
    // Resolving again changes nothing.
    await author.client.call('updateCommentInSpace', {
      params: { spaceId, commentId: first },
      body: { resolved: true },
    });
    expect(spaceComments(spaceId)).toBe(1);
    const reopened = await author.client.call('updateCommentInSpace', {
      params: { spaceId, commentId: first },
      body: { resolved: false },
    });
    expect(reopened.status).toBe('open');
    expect(reopened.resolvedBy).toBeUndefined();
    expect((await admin.client.call('getSpaceById', { params: { spaceId } })).comments).toBe(2);
  });

  it('adds and removes the caller’s own reactions', async () => {
    const { admin, member, spaceId } = setup();
    const commenter = member('comment');
    const commentId = server.buildComment(spaceId, admin.id).id;
    await commenter.client.call('updateCommentInSpace', {
      params: { spaceId, commentId },
      body: { addedReactions: ['👍', '🎉'] },
    });
    server.clock.advance(1000);
    const both = await admin.client.call('updateCommentInSpace', {
      params: { spaceId, commentId },
      body: { addedReactions: ['👍', '👍'] },
    });
    expect(both.reactions.map((r) => [r.emoji, r.count, r.users.map((u) => u.user.id)])).toEqual([
      ['👍', 2, [commenter.id, admin.id]],
      ['🎉', 1, [commenter.id]],
    ]);
    await commenter.client.call('updateCommentInSpace', {
      params: { spaceId, commentId },
      body: { removedReactions: ['👍', '🚀'] },
    });
    const read = await member('read').client.call('getCommentInSpace', { params: { spaceId, commentId } });
    // Emojis come in the order of their earliest remaining reaction.
    expect(read.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['🎉', 1],
      ['👍', 1],
    ]);
    expect(read.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
  });
});

describe('DELETE /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it.each(LACKING_ADMIN.map((r) => [roleName(r), r]))(
    "answers 403 to %s deleting another's comment",
    async (_name, role) => {
      const { admin, member, spaceId } = setup();
      const commentId = server.buildComment(spaceId, admin.id).id;
      expectError(
        await member(role).client.request('deleteCommentInSpace', { params: { spaceId, commentId } }),
        403,
        'admin',
      );
    },
  );

  it("lets the author or an admin delete, with its replies, and the space's count follows", async () => {
    const { admin, member, spaceId, foreign } = setup();
    const author = member('comment');
    const mine = server.buildComment(spaceId, author.id).id;
    const theirs = server.buildComment(spaceId, author.id).id;
    server.buildCommentReply(mine, admin.id);
    await expectUnauthorized(server, 'deleteCommentInSpace', { params: { spaceId, commentId: mine } });
    expectError(
      await admin.client.request('deleteCommentInSpace', {
        params: { spaceId: foreign.spaceId, commentId: mine },
      }),
      404,
    );
    expect(spaceComments(spaceId)).toBe(2);
    expectStatus(
      await author.client.request('deleteCommentInSpace', { params: { spaceId, commentId: mine } }),
      205,
    );
    expectStatus(
      await admin.client.request('deleteCommentInSpace', { params: { spaceId, commentId: theirs } }),
      205,
    );
    expect(spaceComments(spaceId)).toBe(0);
    expectError(
      await admin.client.request('getCommentInSpace', { params: { spaceId, commentId: mine } }),
      404,
    );
    expect(
      server.db.all(server.db.q.selectFrom('comment_replies').select('id').where('comment_id', '=', mine)),
    ).toEqual([]);
    // A resolved comment was never counted: deleting it leaves the count alone.
    const resolved = server.buildComment(spaceId, admin.id, { resolved: true }).id;
    await admin.client.call('deleteCommentInSpace', { params: { spaceId, commentId: resolved } });
    expect(spaceComments(spaceId)).toBe(0);
  });
});

describe('replies', () => {
  it('answers 401, 400, 403 and 404', async () => {
    const { admin, member, spaceId, foreign } = setup();
    const commentId = server.buildComment(spaceId, admin.id).id;
    const commentReplyId = server.buildCommentReply(commentId, admin.id).id;
    await expectUnauthorized(server, 'listCommentRepliesInSpace', { params: { spaceId, commentId } });
    await expectUnauthorized(server, 'postCommentReplyInSpace', {
      params: { spaceId, commentId },
      body: { body: { markdown: 'x' } },
    });
    await expectUnauthorized(server, 'getCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId },
    });
    await expectUnauthorized(server, 'updateCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId },
      body: {},
    });
    await expectUnauthorized(server, 'deleteCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId },
    });
    for (const [body, field] of [
      [{}, 'body'],
      [{ body: { markdown: '' } }, 'body'],
      [{ body: { markdown: 'x' }, page: 'p' }, 'page'],
    ] as const)
      expectError(
        await sendRaw(server, 'postCommentReplyInSpace', {
          params: { spaceId, commentId },
          body,
          token: admin.token,
        }),
        400,
        field,
      );
    expectError(
      await sendRaw(server, 'updateCommentReplyInSpace', {
        params: { spaceId, commentId, commentReplyId },
        body: { resolved: true },
        token: admin.token,
      }),
      400,
      'resolved',
    );
    expectError(
      await member('read').client.request('postCommentReplyInSpace', {
        params: { spaceId, commentId },
        body: { body: { markdown: 'x' } },
      }),
      403,
      'comment',
    );
    expectError(
      await member('comment').client.request('updateCommentReplyInSpace', {
        params: { spaceId, commentId, commentReplyId },
        body: { body: { markdown: 'x' } },
      }),
      403,
      'author',
    );
    for (const role of LACKING_ADMIN)
      expectError(
        await member(role).client.request('deleteCommentReplyInSpace', {
          params: { spaceId, commentId, commentReplyId },
        }),
        403,
        'admin',
      );
    const other = setup();
    const otherComment = server.buildComment(other.spaceId, other.admin.id).id;
    const otherReply = server.buildCommentReply(otherComment, other.admin.id).id;
    for (const params of [
      { spaceId, commentId: UNKNOWN_ID, commentReplyId },
      { spaceId, commentId: otherComment, commentReplyId: otherReply },
      { spaceId, commentId, commentReplyId: UNKNOWN_ID },
      { spaceId, commentId, commentReplyId: otherReply },
      { spaceId: foreign.spaceId, commentId, commentReplyId },
    ])
      expectError(await admin.client.request('getCommentReplyInSpace', { params }), 404);
    expectError(
      await member(null).client.request('listCommentRepliesInSpace', { params: { spaceId, commentId } }),
      404,
    );
  });

  it('posts, lists oldest first with paging, edits, reacts and deletes, and the reply count follows', async () => {
    const { admin, member, spaceId } = setup();
    const commenter = member('comment');
    const commentId = server.buildComment(spaceId, admin.id).id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await commenter.client.call('postCommentReplyInSpace', {
        params: { spaceId, commentId },
        body: { body: { markdown: `r${i}` } },
      });
      expect(reply).toMatchObject({
        object: 'comment-reply',
        postedBy: { id: commenter.id },
        body: { markdown: `r${i}` },
        reactions: [],
        urls: {
          location: `${server.baseUrl}/v1/spaces/${spaceId}/comments/${commentId}/replies/${reply.id}`,
        },
        permissions: { edit: true, delete: true, reply: true },
      });
      ids.push(reply.id);
      server.clock.advance(1000);
    }
    expect((await admin.client.call('getCommentInSpace', { params: { spaceId, commentId } })).replies).toBe(
      3,
    );
    const paged = await allPages((page) =>
      member('read').client.call('listCommentRepliesInSpace', {
        params: { spaceId, commentId },
        query: { limit: 2, ...(page ? { page } : {}) },
      }),
    );
    expect(paged.flatMap((p) => p.items.map((r) => r.id))).toEqual(ids);
    expect(paged[0]!.count).toBe(3);
    const edited = await commenter.client.call('updateCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId: ids[0]! },
      body: { body: { markdown: 'fixed' }, addedReactions: ['👍'] },
    });
    expect(edited).toMatchObject({ body: { markdown: 'fixed' }, editedAt: server.clock.now().toISOString() });
    await admin.client.call('updateCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId: ids[0]! },
      body: { addedReactions: ['👍'] },
    });
    const read = await admin.client.call('getCommentReplyInSpace', {
      params: { spaceId, commentId, commentReplyId: ids[0]! },
    });
    expect(read.reactions).toMatchObject([{ emoji: '👍', count: 2 }]);
    expect(read.body).toEqual({ markdown: 'fixed' });
    expectStatus(
      await commenter.client.request('deleteCommentReplyInSpace', {
        params: { spaceId, commentId, commentReplyId: ids[0]! },
      }),
      205,
    );
    expectStatus(
      await admin.client.request('deleteCommentReplyInSpace', {
        params: { spaceId, commentId, commentReplyId: ids[1]! },
      }),
      205,
    );
    expect((await admin.client.call('getCommentInSpace', { params: { spaceId, commentId } })).replies).toBe(
      1,
    );
    expectError(
      await admin.client.request('getCommentReplyInSpace', {
        params: { spaceId, commentId, commentReplyId: ids[0]! },
      }),
      404,
    );
  });
});
