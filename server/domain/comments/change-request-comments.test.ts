/**
 * Comments of change requests over HTTP: the ten operations, their failures, the separation from space comments,
 * and the request's open-comment count kept by the triggers of migration 7.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { newId } from '../../ids.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { insertRevision, loadRevision, type StoredPage } from '../content/revisions.ts';
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

/** An organization with a space of two pages, a change request of it, and its admin. */
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
  const request = server.buildChangeRequest(spaceId, org.admin.id);
  return { ...org, spaceId, request, changeRequestId: request.id, pages: { intro: intro!, guide: guide! } };
}

/** Adds a page to the request's head (a new head revision), as an edit in the request would: answers its id. */
function addPageToRequest(changeRequestId: string, title: string): string {
  const { db, clock } = server;
  const request = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', changeRequestId))!;
  const tree = loadRevision(db, request.revision_id).tree;
  const at = clock.now().toISOString();
  const page: StoredPage = {
    id: newId(),
    title,
    slug: title.toLowerCase(),
    type: 'document',
    createdAt: at,
    updatedAt: at,
    pages: [],
  };
  db.transaction(() => {
    const head = insertRevision(db, {
      spaceId: request.space_id,
      type: 'edits',
      parents: [request.revision_id],
      tree: { ...tree, pages: [...tree.pages, page] },
      createdBy: null,
      now: clock.now(),
    });
    db.run(db.q.updateTable('change_requests').set({ revision_id: head }).where('id', '=', changeRequestId));
  });
  return page.id;
}

/** A comment in the request (open unless `resolved`), written straight to the database, posted now. */
function buildRequestComment(
  spaceId: string,
  changeRequestId: string,
  authorId: string,
  options: { markdown?: string; page?: string; resolved?: boolean } = {},
): string {
  const id = newId();
  const at = server.clock.now().toISOString();
  const resolved = options.resolved === true;
  server.db.run(
    server.db.q.insertInto('comments').values({
      id,
      space_id: spaceId,
      change_request_id: changeRequestId,
      author_id: authorId,
      body: options.markdown ?? 'A comment',
      target_page_id: options.page ?? null,
      target_node: null,
      resolved: resolved ? 1 : 0,
      resolved_at: resolved ? at : null,
      resolved_by: resolved ? authorId : null,
      created_at: at,
      updated_at: at,
      edited_at: null,
    }),
  );
  return id;
}

/** The stored open-comment counts of the space and of the request. */
function counts(spaceId: string, changeRequestId: string): { space: number; request: number } {
  const { db } = server;
  return {
    space: db.first(db.q.selectFrom('spaces').select('comments').where('id', '=', spaceId))!.comments!,
    request: db.first(
      db.q.selectFrom('change_requests').select('comments').where('id', '=', changeRequestId),
    )!.comments!,
  };
}

const LACKING_COMMENT: readonly Role[] = ['read'];
const LACKING_REVIEW: readonly Role[] = ['comment', 'read'];
const LACKING_ADMIN: readonly Role[] = ['edit', 'review', 'comment', 'read'];

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, changeRequestId } = setup();
    await expectUnauthorized(server, 'postCommentInChangeRequest', {
      params: { spaceId, changeRequestId },
      body: { body: { markdown: 'x' } },
    });
  });

  it('answers 400 naming each field that breaks its rule', async () => {
    const { admin, spaceId, changeRequestId } = setup();
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
        await sendRaw(server, 'postCommentInChangeRequest', {
          params: { spaceId, changeRequestId },
          body,
          token: admin.token,
        }),
        400,
        field,
      );
    }
  });

  it.each(LACKING_COMMENT.map((r) => [roleName(r), r]))('answers 403 to %s', async (_name, role) => {
    const { member, spaceId, changeRequestId } = setup();
    const answer = await member(role).client.request('postCommentInChangeRequest', {
      params: { spaceId, changeRequestId },
      body: { body: { markdown: 'x' } },
    });
    expectError(answer, 403, 'comment');
  });

  it('answers 404 for an unknown space, request or number, a foreign space, another space’s request and a guest', async () => {
    const { admin, foreign, member, spaceId, changeRequestId } = setup();
    const body = { body: { markdown: 'x' } };
    expectHidden(
      await admin.client.request('postCommentInChangeRequest', {
        params: { spaceId: UNKNOWN_ID, changeRequestId },
        body,
      }),
      UNKNOWN_ID,
      await admin.client.request('postCommentInChangeRequest', {
        params: { spaceId: foreign.spaceId, changeRequestId },
        body,
      }),
      foreign.spaceId,
    );
    const other = setup();
    for (const id of [UNKNOWN_ID, '999', '99999999999999999999', other.changeRequestId])
      expectError(
        await admin.client.request('postCommentInChangeRequest', {
          params: { spaceId, changeRequestId: id },
          body,
        }),
        404,
        'change request',
      );
    expectError(
      await member(null).client.request('postCommentInChangeRequest', {
        params: { spaceId, changeRequestId },
        body,
      }),
      404,
    );
  });

  it("targets pages of the request's head revision only, and names the request in the target", async () => {
    const { admin, member, spaceId, request, changeRequestId, pages } = setup();
    const added = addPageToRequest(changeRequestId, 'Draft');
    const head = server.db.first(
      server.db.q.selectFrom('change_requests').select('revision_id').where('id', '=', changeRequestId),
    )!.revision_id;
    const commenter = member('comment');
    // Addressed by number: the same request.
    const created = await commenter.client.call('postCommentInChangeRequest', {
      params: { spaceId, changeRequestId: String(request.number) },
      body: { body: { markdown: 'New page?' }, page: added },
    });
    expect(created).toMatchObject({
      object: 'comment',
      postedBy: { id: commenter.id },
      status: 'open',
      replies: 0,
      body: { markdown: 'New page?' },
      target: {
        space: spaceId,
        changeRequest: changeRequestId,
        revision: head,
        page: { id: added, title: 'Draft', outdated: false },
      },
      urls: {
        location: `${server.baseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${created.id}`,
      },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    // The page exists only in the request: the space refuses it.
    expectError(
      await admin.client.request('postCommentInSpace', {
        params: { spaceId },
        body: { body: { markdown: 'x' }, page: added },
      }),
      400,
      'page',
    );
    // A page of the space that the request removed is refused by the request.
    const { db } = server;
    const tree = loadRevision(db, head).tree;
    const without = insertRevision(db, {
      spaceId,
      type: 'edits',
      parents: [head],
      tree: { ...tree, pages: tree.pages.filter((p) => p.id !== pages.guide) },
      createdBy: null,
      now: server.clock.now(),
    });
    db.run(
      db.q.updateTable('change_requests').set({ revision_id: without }).where('id', '=', changeRequestId),
    );
    expectError(
      await admin.client.request('postCommentInChangeRequest', {
        params: { spaceId, changeRequestId },
        body: { body: { markdown: 'x' }, page: pages.guide },
      }),
      400,
      'page',
      changeRequestId,
    );
    const onIntro = await admin.client.call('postCommentInChangeRequest', {
      params: { spaceId, changeRequestId },
      body: { body: { markdown: 'ok' }, page: pages.intro },
    });
    expect(onIntro.target.page).toMatchObject({ id: pages.intro, title: 'Intro', outdated: false });
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 0, request: 2 });
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', () => {
  it('answers 401, 400 on a bad query, and 404 to a guest, for another organization or an unknown request', async () => {
    const { admin, foreign, member, spaceId, changeRequestId } = setup();
    await expectUnauthorized(server, 'listCommentsInChangeRequest', { params: { spaceId, changeRequestId } });
    for (const [query, field] of [
      [{ order: 'up' }, 'order'],
      [{ status: 'closed' }, 'status'],
      [{ limit: -1 }, 'limit'],
      [{ targetPage: '' }, 'targetPage'],
      [{ format: 'html' }, 'format'],
      [{ page: 'nope' }, 'page'],
    ] as const) {
      expectError(
        await sendRaw(server, 'listCommentsInChangeRequest', {
          params: { spaceId, changeRequestId },
          query,
          token: admin.token,
        }),
        400,
        field,
      );
    }
    expectHidden(
      await admin.client.request('listCommentsInChangeRequest', {
        params: { spaceId: UNKNOWN_ID, changeRequestId },
      }),
      UNKNOWN_ID,
      await admin.client.request('listCommentsInChangeRequest', {
        params: { spaceId: foreign.spaceId, changeRequestId },
      }),
      foreign.spaceId,
    );
    expectError(
      await admin.client.request('listCommentsInChangeRequest', {
        params: { spaceId, changeRequestId: UNKNOWN_ID },
      }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await member(null).client.request('listCommentsInChangeRequest', {
        params: { spaceId, changeRequestId },
      }),
      404,
    );
  });

  it('filters by status, page and authors, orders by posting time, and pages', async () => {
    const { admin, member, spaceId, changeRequestId, pages } = setup();
    const reader = member('read');
    const commenter = member('comment');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        buildRequestComment(spaceId, changeRequestId, i % 2 === 0 ? admin.id : commenter.id, {
          markdown: `c${i}`,
          ...(i < 2 ? { page: pages.intro } : {}),
          resolved: i === 4,
        }),
      );
      server.clock.advance(1000);
    }
    type Listed = { items: { id: string }[]; count: number; next?: { page: string } };
    const list = (query: Record<string, unknown>) =>
      reader.client.call('listCommentsInChangeRequest', {
        params: { spaceId, changeRequestId },
        query,
      } as never) as Promise<Listed>;
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
    const paged = await allPages((page) => list({ limit: 2, order: 'asc', ...(page ? { page } : {}) }));
    expect(paged.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(paged.flatMap((p) => p.items.map((c) => c.id))).toEqual(ids);
    expect(paged[0]!.count).toBe(5);
  });

  it('keeps space comments and each request’s comments apart', async () => {
    const { admin, spaceId, changeRequestId } = setup();
    const spaceComment = server.buildComment(spaceId, admin.id).id;
    const mine = buildRequestComment(spaceId, changeRequestId, admin.id);
    const other = server.buildChangeRequest(spaceId, admin.id).id;
    const theirs = buildRequestComment(spaceId, other, admin.id);
    const ids = async (id: string) =>
      (
        await admin.client.call('listCommentsInChangeRequest', { params: { spaceId, changeRequestId: id } })
      ).items.map((c) => c.id);
    expect(await ids(changeRequestId)).toEqual([mine]);
    expect(await ids(other)).toEqual([theirs]);
    const inSpace = await admin.client.call('listCommentsInSpace', { params: { spaceId } });
    expect(inSpace.items.map((c) => c.id)).toEqual([spaceComment]);
    expect(inSpace.count).toBe(1);
    // Each read through the wrong path answers 404, as an unknown id would.
    for (const [commentId, path] of [
      [mine, other],
      [theirs, changeRequestId],
      [spaceComment, changeRequestId],
    ] as const)
      expectError(
        await admin.client.request('getCommentInChangeRequest', {
          params: { spaceId, changeRequestId: path, commentId },
        }),
        404,
        commentId,
      );
    for (const commentId of [mine, theirs]) {
      expectError(
        await admin.client.request('getCommentInSpace', { params: { spaceId, commentId } }),
        404,
        commentId,
      );
      expectError(
        await admin.client.request('updateCommentInSpace', {
          params: { spaceId, commentId },
          body: { resolved: true },
        }),
        404,
      );
      expectError(
        await admin.client.request('deleteCommentInSpace', { params: { spaceId, commentId } }),
        404,
      );
    }
    const space = await admin.client.call('getSpaceById', { params: { spaceId } });
    expect(space.comments).toBe(1);
  });
});

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', () => {
  it('answers 401, 400 on a bad format, 404 for an unknown id, and reads in both formats', async () => {
    const { admin, member, spaceId, changeRequestId, request } = setup();
    const commentId = buildRequestComment(spaceId, changeRequestId, admin.id, { markdown: 'One\n\nTwo' });
    await expectUnauthorized(server, 'getCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
    });
    expectError(
      await sendRaw(server, 'getCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId },
        query: { format: 'html' },
        token: admin.token,
      }),
      400,
      'format',
    );
    expectError(
      await admin.client.request('getCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId: UNKNOWN_ID },
      }),
      404,
      UNKNOWN_ID,
    );
    expectError(
      await member(null).client.request('getCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId },
      }),
      404,
    );
    const read = await member('read').client.call('getCommentInChangeRequest', {
      params: { spaceId, changeRequestId: String(request.number), commentId },
    });
    expect(read).toMatchObject({
      id: commentId,
      body: { markdown: 'One\n\nTwo' },
      target: { changeRequest: changeRequestId },
      permissions: { view: true, edit: false, reply: false, delete: false },
    });
    const asDocument = await admin.client.call('getCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      query: { format: 'document' },
    });
    expect(asDocument.body).toMatchObject({
      document: { object: 'document', nodes: [{ type: 'paragraph' }, { type: 'paragraph' }] },
    });
  });
});

describe('PUT /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', () => {
  it('answers 401, 400 naming the field, and 404 for unknown ids and comments of another request', async () => {
    const { admin, spaceId, changeRequestId } = setup();
    const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
    await expectUnauthorized(server, 'updateCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      body: {},
    });
    for (const [body, field] of [
      [{ resolved: 'yes' }, 'resolved'],
      [{ body: { markdown: '' } }, 'body'],
      [{ addedReactions: ['x'.repeat(51)] }, 'addedReactions'],
      [{ removedReactions: [''] }, 'removedReactions'],
      [{ unknown: 1 }, 'unknown'],
    ] as const) {
      expectError(
        await sendRaw(server, 'updateCommentInChangeRequest', {
          params: { spaceId, changeRequestId, commentId },
          body,
          token: admin.token,
        }),
        400,
        field,
      );
    }
    const other = server.buildChangeRequest(spaceId, admin.id).id;
    const otherComment = buildRequestComment(spaceId, other, admin.id);
    for (const id of [UNKNOWN_ID, otherComment])
      expectError(
        await admin.client.request('updateCommentInChangeRequest', {
          params: { spaceId, changeRequestId, commentId: id },
          body: { resolved: true },
        }),
        404,
        id,
      );
  });

  it('lets only the author edit the body, and marks it edited', async () => {
    const { admin, member, spaceId, changeRequestId } = setup();
    const author = member('comment');
    const commentId = buildRequestComment(spaceId, changeRequestId, author.id);
    expectError(
      await admin.client.request('updateCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId },
        body: { body: { markdown: 'Hijacked' } },
      }),
      403,
      'author',
    );
    server.clock.advance(1000);
    const edited = await author.client.call('updateCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      body: { body: { markdown: 'Better' } },
    });
    expect(edited.body).toEqual({ markdown: 'Better' });
    expect(edited.editedAt).toBe(server.clock.now().toISOString());
  });

  it.each(LACKING_REVIEW.map((r) => [roleName(r), r]))(
    "answers 403 to %s resolving another's comment",
    async (_name, role) => {
      const { admin, member, spaceId, changeRequestId } = setup();
      const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
      expectError(
        await member(role).client.request('updateCommentInChangeRequest', {
          params: { spaceId, changeRequestId, commentId },
          body: { resolved: true },
        }),
        403,
        'review',
      );
    },
  );

  it('answers 403 to a reader reacting, and lets a commenter add and remove their own reactions', async () => {
    const { admin, member, spaceId, changeRequestId } = setup();
    const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
    expectError(
      await member('read').client.request('updateCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId },
        body: { addedReactions: ['👍'] },
      }),
      403,
      'comment',
    );
    const commenter = member('comment');
    await commenter.client.call('updateCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      body: { addedReactions: ['👍', '🎉'] },
    });
    // Reactions list in order of first use: the admin's comes later.
    server.clock.advance(1000);
    const both = await admin.client.call('updateCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      body: { addedReactions: ['👍', '👍'] },
    });
    expect(both.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['👍', 2],
      ['🎉', 1],
    ]);
    const removed = await commenter.client.call('updateCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId },
      body: { removedReactions: ['👍', '🚀'] },
    });
    expect(removed.reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['🎉', 1],
      ['👍', 1],
    ]);
  });
});

describe('DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', () => {
  it.each(LACKING_ADMIN.map((r) => [roleName(r), r]))(
    "answers 403 to %s deleting another's comment",
    async (_name, role) => {
      const { admin, member, spaceId, changeRequestId } = setup();
      const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
      expectError(
        await member(role).client.request('deleteCommentInChangeRequest', {
          params: { spaceId, changeRequestId, commentId },
        }),
        403,
        'admin',
      );
    },
  );

  it('answers 401, 404 for unknown ids, and lets the author or an admin delete, with its replies', async () => {
    const { admin, member, spaceId, changeRequestId } = setup();
    const author = member('comment');
    const mine = buildRequestComment(spaceId, changeRequestId, author.id);
    server.buildCommentReply(mine, admin.id);
    await expectUnauthorized(server, 'deleteCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId: mine },
    });
    expectError(
      await admin.client.request('deleteCommentInChangeRequest', {
        params: { spaceId, changeRequestId: UNKNOWN_ID, commentId: mine },
      }),
      404,
    );
    expectStatus(
      await author.client.request('deleteCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId: mine },
      }),
      205,
    );
    expect(
      server.db.all(server.db.q.selectFrom('comment_replies').select('id').where('comment_id', '=', mine)),
    ).toEqual([]);
    const theirs = buildRequestComment(spaceId, changeRequestId, author.id);
    expectStatus(
      await admin.client.request('deleteCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId: theirs },
      }),
      205,
    );
    expectError(
      await admin.client.request('getCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId: theirs },
      }),
      404,
    );
  });
});

describe("the request's open-comment count", () => {
  it('follows post, resolve, reopen and delete, and never touches the space’s count', async () => {
    const { admin, member, spaceId, changeRequestId } = setup();
    const reviewer = member('review');
    server.buildComment(spaceId, admin.id);
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 0 });
    const post = async () =>
      (
        await admin.client.call('postCommentInChangeRequest', {
          params: { spaceId, changeRequestId },
          body: { body: { markdown: 'x' } },
        })
      ).id;
    const first = await post();
    const second = await post();
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 2 });
    const shown = async () => ({
      space: (await admin.client.call('getSpaceById', { params: { spaceId } })).comments,
      request: (await admin.client.call('getChangeRequestById', { params: { spaceId, changeRequestId } }))
        .comments,
    });
    expect(await shown()).toEqual({ space: 1, request: 2 });
    const resolve = (commentId: string, resolved: boolean) =>
      reviewer.client.call('updateCommentInChangeRequest', {
        params: { spaceId, changeRequestId, commentId },
        body: { resolved },
      });
    expect(await resolve(first, true)).toMatchObject({ status: 'resolved', resolvedBy: { id: reviewer.id } });
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 1 });
    // Resolving again changes nothing.
    await resolve(first, true);
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 1 });
    expect((await resolve(first, false)).status).toBe('open');
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 2 });
    await resolve(second, true);
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 1 });
    // A resolved comment was not counted: deleting it leaves the count alone.
    await admin.client.call('deleteCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId: second },
    });
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 1 });
    await admin.client.call('deleteCommentInChangeRequest', {
      params: { spaceId, changeRequestId, commentId: first },
    });
    expect(counts(spaceId, changeRequestId)).toEqual({ space: 1, request: 0 });
    expect(await shown()).toEqual({ space: 1, request: 0 });
  });
});

describe('replies in a change request', () => {
  it('answers 401, 400, 403 and 404', async () => {
    const { admin, member, spaceId, changeRequestId, foreign } = setup();
    const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
    const commentReplyId = server.buildCommentReply(commentId, admin.id).id;
    const base = { spaceId, changeRequestId, commentId };
    await expectUnauthorized(server, 'listCommentRepliesInChangeRequest', { params: base });
    await expectUnauthorized(server, 'postCommentReplyInChangeRequest', {
      params: base,
      body: { body: { markdown: 'x' } },
    });
    await expectUnauthorized(server, 'getCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId },
    });
    await expectUnauthorized(server, 'updateCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId },
      body: {},
    });
    await expectUnauthorized(server, 'deleteCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId },
    });
    for (const [body, field] of [
      [{}, 'body'],
      [{ body: { markdown: '' } }, 'body'],
      [{ body: { markdown: 'x' }, page: 'p' }, 'page'],
    ] as const)
      expectError(
        await sendRaw(server, 'postCommentReplyInChangeRequest', { params: base, body, token: admin.token }),
        400,
        field,
      );
    expectError(
      await sendRaw(server, 'updateCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId },
        body: { resolved: true },
        token: admin.token,
      }),
      400,
      'resolved',
    );
    expectError(
      await sendRaw(server, 'listCommentRepliesInChangeRequest', {
        params: base,
        query: { limit: 1001 },
        token: admin.token,
      }),
      400,
      'limit',
    );
    expectError(
      await member('read').client.request('postCommentReplyInChangeRequest', {
        params: base,
        body: { body: { markdown: 'x' } },
      }),
      403,
      'comment',
    );
    expectError(
      await member('comment').client.request('updateCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId },
        body: { body: { markdown: 'x' } },
      }),
      403,
      'author',
    );
    expectError(
      await member('read').client.request('updateCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId },
        body: { addedReactions: ['👍'] },
      }),
      403,
      'comment',
    );
    for (const role of LACKING_ADMIN)
      expectError(
        await member(role).client.request('deleteCommentReplyInChangeRequest', {
          params: { ...base, commentReplyId },
        }),
        403,
        'admin',
      );
    // A space comment's reply, another request's comment, unknown ids, a foreign space: all 404.
    const spaceComment = server.buildComment(spaceId, admin.id).id;
    const spaceReply = server.buildCommentReply(spaceComment, admin.id).id;
    const other = server.buildChangeRequest(spaceId, admin.id).id;
    const otherComment = buildRequestComment(spaceId, other, admin.id);
    const otherReply = server.buildCommentReply(otherComment, admin.id).id;
    for (const params of [
      { ...base, commentId: UNKNOWN_ID, commentReplyId },
      { ...base, commentId: spaceComment, commentReplyId: spaceReply },
      { ...base, commentId: otherComment, commentReplyId: otherReply },
      { ...base, commentReplyId: UNKNOWN_ID },
      { ...base, commentReplyId: otherReply },
      { ...base, changeRequestId: other, commentReplyId },
      { ...base, changeRequestId: UNKNOWN_ID, commentReplyId },
      { ...base, spaceId: foreign.spaceId, commentReplyId },
    ])
      expectError(await admin.client.request('getCommentReplyInChangeRequest', { params }), 404);
    expectError(
      await admin.client.request('listCommentRepliesInSpace', { params: { spaceId, commentId } }),
      404,
    );
    expectError(
      await member(null).client.request('listCommentRepliesInChangeRequest', { params: base }),
      404,
    );
  });

  it('posts, lists oldest first with paging, edits, reacts and deletes, and the reply count follows', async () => {
    const { admin, member, spaceId, changeRequestId } = setup();
    const commenter = member('comment');
    const commentId = buildRequestComment(spaceId, changeRequestId, admin.id);
    const base = { spaceId, changeRequestId, commentId };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await commenter.client.call('postCommentReplyInChangeRequest', {
        params: base,
        body: { body: { markdown: `r${i}` } },
      });
      expect(reply).toMatchObject({
        object: 'comment-reply',
        postedBy: { id: commenter.id },
        body: { markdown: `r${i}` },
        reactions: [],
        urls: {
          location: `${server.baseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${commentId}/replies/${reply.id}`,
        },
        permissions: { edit: true, delete: true, reply: true },
      });
      ids.push(reply.id);
      server.clock.advance(1000);
    }
    expect((await admin.client.call('getCommentInChangeRequest', { params: base })).replies).toBe(3);
    const paged = await allPages((page) =>
      member('read').client.call('listCommentRepliesInChangeRequest', {
        params: base,
        query: { limit: 2, ...(page ? { page } : {}) },
      }),
    );
    expect(paged.flatMap((p) => p.items.map((r) => r.id))).toEqual(ids);
    expect(paged[0]!.count).toBe(3);
    const edited = await commenter.client.call('updateCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId: ids[0]! },
      body: { body: { markdown: 'fixed' }, addedReactions: ['👍'] },
    });
    expect(edited).toMatchObject({ body: { markdown: 'fixed' }, editedAt: server.clock.now().toISOString() });
    await admin.client.call('updateCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId: ids[0]! },
      body: { addedReactions: ['👍'] },
    });
    const read = await admin.client.call('getCommentReplyInChangeRequest', {
      params: { ...base, commentReplyId: ids[0]! },
      query: { format: 'document' },
    });
    expect(read.reactions).toMatchObject([{ emoji: '👍', count: 2 }]);
    expect(read.body).toMatchObject({ document: { object: 'document' } });
    expectStatus(
      await commenter.client.request('deleteCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId: ids[0]! },
      }),
      205,
    );
    expectStatus(
      await admin.client.request('deleteCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId: ids[1]! },
      }),
      205,
    );
    expect((await admin.client.call('getCommentInChangeRequest', { params: base })).replies).toBe(1);
    expectError(
      await admin.client.request('getCommentReplyInChangeRequest', {
        params: { ...base, commentReplyId: ids[0]! },
      }),
      404,
    );
  });
});
