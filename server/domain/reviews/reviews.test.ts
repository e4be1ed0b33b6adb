/**
 * Reviews of a change request over HTTP (submitChangeRequestReview, getReviewsByChangeRequestId,
 * getChangeRequestReviewById): 401, 400 per constraint, 403 per role, 404 (another organization's ids included), 409,
 * and what a review does, read back through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequestReview } from '../../../shared/contract/resources/reviews.ts';
import type { Comment } from '../../../shared/contract/resources/comments.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildReviewFixture,
  call,
  editRequestContent,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  pageOf,
  roleName,
  rowCounts,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const submit = (token: string, spaceId: string, changeRequestId: string, body: unknown) =>
  call(server, 'submitChangeRequestReview', token, { params: { spaceId, changeRequestId }, body });
const list = (token: string, spaceId: string, changeRequestId: string, query: Record<string, unknown> = {}) =>
  call(server, 'getReviewsByChangeRequestId', token, { params: { spaceId, changeRequestId }, query });
const one = (token: string, spaceId: string, changeRequestId: string, reviewId: string) =>
  call(server, 'getChangeRequestReviewById', token, { params: { spaceId, changeRequestId, reviewId } });
const rowCountsOf = (changeRequestId: string) =>
  server.db.all(
    server.db.q
      .selectFrom('change_request_reviews')
      .select('id')
      .where('change_request_id', '=', changeRequestId),
  ).length;
const blocksOf = async (token: string, spaceId: string, revisionId: string, pageId: string) => {
  const answer = await call(server, 'listPageBlocksInRevision', token, {
    params: { spaceId, revisionId, pageId },
  });
  expectStatus(answer, 200);
  return (answer.body as { blocks: { key: string }[] }).blocks;
};

describe('POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, request } = buildReviewFixture(server);
    await expectUnauthorized(server, 'submitChangeRequestReview', {
      params: { spaceId, changeRequestId: request().id },
      body: { status: 'approved' },
    });
  });

  it('answers 400 naming the field for each broken constraint, writing nothing', async () => {
    const { admin, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const guide = pageOf(server, id, 'Guide');
    const cases: [unknown, string][] = [
      [{}, 'status'],
      [{ status: 'rejected' }, 'status'],
      [{ status: 'approved', comment: { markdown: '  ' } }, 'comment'],
      [{ status: 'approved', extra: true }, 'extra'],
      [{ status: 'approved', comments: [{ body: { markdown: '' } }] }, 'comments[0].body'],
      [{ status: 'approved', comments: [{ body: { markdown: 'x' }, page: UNKNOWN_ID }] }, 'comments[0].page'],
      [{ status: 'approved', comments: [{ body: { markdown: 'x' }, node: 'b1' }] }, 'comments[0].node'],
      [
        { status: 'approved', comments: [{ body: { markdown: 'x' }, page: guide, node: 'nope' }] },
        'comments[0].node',
      ],
      [
        {
          status: 'approved',
          comments: [{ body: { markdown: 'x' }, page: guide, lines: { start: 0, end: 0 } }],
        },
        'comments[0].lines',
      ],
      [
        { status: 'approved', comments: Array.from({ length: 51 }, () => ({ body: { markdown: 'x' } })) },
        'comments',
      ],
    ];
    const before = rowCounts(server);
    for (const [body, field] of cases) expectError(await submit(admin.token, spaceId, id, body), 400, field);
    expect(rowCounts(server)).toEqual(before);
  });

  it("answers 403 to the request's author, and to each role below review that was not requested", async () => {
    const { author, person, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    expectError(await submit(author.token, spaceId, id, { status: 'approved' }), 403, 'author');
    const lacking: Role[] = ['edit', 'comment', 'read'];
    for (const role of lacking)
      expectError(await submit(person(role).token, spaceId, id, { status: 'approved' }), 403, 'review level');
    expect(rowCountsOf(id)).toBe(0);
  });

  it.each(['admin', 'create', 'review'].map((role) => [role]))(
    'lets a %s member review unrequested',
    async (role) => {
      const { person, spaceId, request } = buildReviewFixture(server);
      const { id } = request();
      expectStatus(await submit(person(role as Role).token, spaceId, id, { status: 'approved' }), 201);
    },
  );

  it('answers 404 for an unknown request or space, another organization’s request, and a guest', async () => {
    const { admin, member, spaceId, request, foreign, foreignRequest } = buildReviewFixture(server);
    const { id } = request();
    expectError(await submit(admin.token, spaceId, UNKNOWN_ID, { status: 'approved' }), 404, UNKNOWN_ID);
    expectHidden(
      await submit(admin.token, UNKNOWN_ID, foreignRequest.id, { status: 'approved' }),
      UNKNOWN_ID,
      await submit(admin.token, foreign.spaceId, foreignRequest.id, { status: 'approved' }),
      foreign.spaceId,
    );
    // Another organization's request named under one of our spaces is not one of its requests.
    expectError(
      await submit(admin.token, spaceId, foreignRequest.id, { status: 'approved' }),
      404,
      foreignRequest.id,
    );
    expectError(await submit(member(null).token, spaceId, id, { status: 'approved' }), 404);
  });

  it('answers 409 naming the status of a draft, archived or merged request', async () => {
    const { admin, spaceId, request } = buildReviewFixture(server);
    for (const status of ['draft', 'archived'] as const)
      expectError(
        await submit(admin.token, spaceId, request({ status }).id, { status: 'approved' }),
        409,
        status,
      );
    const merged = request();
    expectStatus(
      await call(server, 'mergeChangeRequest', admin.token, {
        params: { spaceId, changeRequestId: merged.id },
      }),
      200,
    );
    expectError(await submit(admin.token, spaceId, merged.id, { status: 'approved' }), 409, 'merged');
  });

  it('records a review of the head with its comment, readable by id, in the list and among the comments', async () => {
    const { member, author, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = member('review');
    const answer = await submit(reviewer.token, spaceId, id, {
      status: 'changes-requested',
      comment: { markdown: 'Please say why.' },
    });
    expectStatus(answer, 201);
    const review = answer.body as ChangeRequestReview;
    const head = (
      (await call(server, 'getChangeRequestById', author.token, { params: { spaceId, changeRequestId: id } }))
        .body as { revision: string }
    ).revision;
    expect(review).toMatchObject({
      object: 'change-request-review',
      revision: head,
      reviewer: { id: reviewer.id },
      status: 'changes-requested',
      outdated: false,
      comment: { body: { markdown: 'Please say why.' }, target: { review: review.id, changeRequest: id } },
      urls: { location: `${server.baseUrl}/v1/spaces/${spaceId}/change-requests/${id}/reviews/${review.id}` },
    });
    expect(answer.headers.get('location')).toBe(review.urls.location);
    expect((await one(reviewer.token, spaceId, id, review.id)).body).toEqual(review);
    expect((await one(author.token, spaceId, id, review.id)).body).toMatchObject({
      id: review.id,
      comment: { permissions: { edit: false } },
    });
    const listed = await list(author.token, spaceId, id);
    expect(listed.body).toMatchObject({ count: 1, items: [{ id: review.id }] });
    const comments = await call(server, 'listCommentsInChangeRequest', author.token, {
      params: { spaceId, changeRequestId: id },
    });
    expect((comments.body as { items: Comment[] }).items.map((c) => c.target.review)).toEqual([review.id]);
  });

  it('marks a review outdated once superseded by a newer one, or once the head moves on, and filters on it', async () => {
    const { member, admin, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = member('review');
    const first = (await submit(reviewer.token, spaceId, id, { status: 'changes-requested' }))
      .body as ChangeRequestReview;
    server.clock.advance(60_000);
    const second = (await submit(reviewer.token, spaceId, id, { status: 'approved' }))
      .body as ChangeRequestReview;
    expect((await one(admin.token, spaceId, id, first.id)).body).toMatchObject({ outdated: true });
    expect((await one(admin.token, spaceId, id, second.id)).body).toMatchObject({ outdated: false });
    const current = await list(admin.token, spaceId, id, { outdated: false });
    expect((current.body as { items: ChangeRequestReview[] }).items.map((r) => r.id)).toEqual([second.id]);
    editRequestContent(server, id, (e) => e.replace('Guide', 'Second paragraph.', 'Second, edited.'));
    expect((await one(admin.token, spaceId, id, second.id)).body).toMatchObject({ outdated: true });
    const outdated = await list(admin.token, spaceId, id, { outdated: true });
    expect((outdated.body as { items: ChangeRequestReview[] }).items.map((r) => r.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await list(admin.token, spaceId, id, { outdated: false })).body).toMatchObject({
      count: 0,
      items: [],
    });
  });

  it('posts the comments a review carries (request, page, block, lines) together, each marked with the review', async () => {
    const { member, admin, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const guide = pageOf(server, id, 'Guide');
    const head = server.db.first(
      server.db.q.selectFrom('change_requests').select('revision_id').where('id', '=', id),
    )!.revision_id;
    const blocks = await blocksOf(admin.token, spaceId, head, guide);
    const answer = await submit(member('review').token, spaceId, id, {
      status: 'approved',
      comments: [
        { body: { markdown: 'Overall fine.' } },
        { body: { markdown: 'This page reads well.' }, page: guide },
        {
          body: { markdown: 'Reword this.' },
          page: guide,
          node: blocks[1]!.key,
          lines: { start: 0, end: 0 },
        },
      ],
    });
    expectStatus(answer, 201);
    const review = answer.body as ChangeRequestReview;
    const comments = (
      await call(server, 'listCommentsInChangeRequest', admin.token, {
        params: { spaceId, changeRequestId: id },
        query: { order: 'asc' },
      })
    ).body as { items: Comment[] };
    const byText = (a: Comment, b: Comment) => JSON.stringify(a.body).localeCompare(JSON.stringify(b.body));
    expect(
      comments.items.sort(byText).map((c) => [c.body, c.target.review, c.target.page?.id, c.target.node]),
    ).toEqual([
      [{ markdown: 'Overall fine.' }, review.id, undefined, undefined],
      [
        { markdown: 'Reword this.' },
        review.id,
        guide,
        { id: blocks[1]!.key, index: 1, outdated: false, lines: { start: 0, end: 0 } },
      ],
      [{ markdown: 'This page reads well.' }, review.id, guide, undefined],
    ]);
  });
});

describe('GET …/reviews and …/reviews/{reviewId}', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    await expectUnauthorized(server, 'getReviewsByChangeRequestId', {
      params: { spaceId, changeRequestId: id },
    });
    await expectUnauthorized(server, 'getChangeRequestReviewById', {
      params: { spaceId, changeRequestId: id, reviewId: UNKNOWN_ID },
    });
  });

  it('answers 400 naming a bad query parameter', async () => {
    const { admin, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    expectError(await list(admin.token, spaceId, id, { outdated: 'maybe' }), 400, 'outdated');
    expectError(await list(admin.token, spaceId, id, { limit: -1 }), 400, 'limit');
    expectError(await list(admin.token, spaceId, id, { page: 'nonsense' }), 400, 'page');
  });

  it('answers 404 for an unknown review, a review of another request, and another organization’s ids', async () => {
    const { admin, member, spaceId, request, foreign, foreignRequest } = buildReviewFixture(server);
    const first = request();
    const second = request();
    const review = (await submit(member('review').token, spaceId, first.id, { status: 'approved' }))
      .body as ChangeRequestReview;
    expectError(await one(admin.token, spaceId, first.id, UNKNOWN_ID), 404, UNKNOWN_ID);
    expectError(await one(admin.token, spaceId, second.id, review.id), 404, review.id);
    expectHidden(
      await list(admin.token, UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await list(admin.token, foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
    expectError(await list(member(null).token, spaceId, first.id), 404);
  });

  it('lets every member who may view the space read them, newest first, page by page', async () => {
    const { person, member, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const ids: string[] = [];
    for (const role of ['review', 'admin', 'create'] as const) {
      server.clock.advance(60_000);
      ids.push(
        ((await submit(person(role).token, spaceId, id, { status: 'approved' })).body as ChangeRequestReview)
          .id,
      );
    }
    for (const role of ['read', 'comment'] as const) {
      const first = await list(member(role).token, spaceId, id, { limit: 2 });
      expectStatus(first, 200);
      const body = first.body as { items: ChangeRequestReview[]; count: number; next?: { page: string } };
      expect([body.count, body.items.map((r) => r.id)]).toEqual([3, [ids[2], ids[1]]]);
      const rest = await list(member(role).token, spaceId, id, { limit: 2, page: body.next!.page });
      expect((rest.body as { items: ChangeRequestReview[] }).items.map((r) => r.id)).toEqual([ids[0]]);
    }
  });
});

describe.each([['read'], ['comment']] as const)('a requested %s member', (role) => {
  it('may review although below the review level', async () => {
    const { admin, person, spaceId, request } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = person(role);
    expectStatus(
      await call(server, 'requestReviewersForChangeRequest', admin.token, {
        params: { spaceId, changeRequestId: id },
        body: { users: [reviewer.id] },
      }),
      200,
    );
    const answer = await submit(reviewer.token, spaceId, id, { status: 'approved' });
    expectStatus(answer, 201);
    expect(answer.body).toMatchObject({ requestedBy: { id: admin.id }, reviewer: { id: reviewer.id } });
    expect(roleName(role)).toBe(role);
  });
});
