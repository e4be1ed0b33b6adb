/**
 * Requested reviewers over HTTP (requestReviewersForChangeRequest, getRequestedReviewersByChangeRequestId,
 * removeRequestedReviewerFromChangeRequest): 401, 400 per constraint, 403 per role, 404 (another organization's ids
 * included), 409, and the effect of each, read back through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import type { ChangeRequest } from '../../../shared/contract/resources/changeRequests.ts';
import type {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
} from '../../../shared/contract/resources/reviews.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildReviewFixture,
  call,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  roleName,
  rowCounts,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const ask = (token: string, spaceId: string, changeRequestId: string, body: unknown) =>
  call(server, 'requestReviewersForChangeRequest', token, { params: { spaceId, changeRequestId }, body });
const listed = (
  token: string,
  spaceId: string,
  changeRequestId: string,
  query: Record<string, unknown> = {},
) =>
  call(server, 'getRequestedReviewersByChangeRequestId', token, {
    params: { spaceId, changeRequestId },
    query,
  });
const remove = (token: string, spaceId: string, changeRequestId: string, userId: string) =>
  call(server, 'removeRequestedReviewerFromChangeRequest', token, {
    params: { spaceId, changeRequestId, userId },
  });

/** Who is requested, as `user:<id>` and `team:<id>`, oldest first. */
async function requestedIds(token: string, spaceId: string, changeRequestId: string): Promise<string[]> {
  const answer = await listed(token, spaceId, changeRequestId);
  expectStatus(answer, 200);
  return (answer.body as { items: ChangeRequestRequestedReviewer[] }).items.map((item) =>
    item.kind === 'user' ? `user:${item.user.id}` : `team:${item.team.id}`,
  );
}

describe('POST …/requested-reviewers', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, request, person } = buildReviewFixture(server);
    await expectUnauthorized(server, 'requestReviewersForChangeRequest', {
      params: { spaceId, changeRequestId: request().id },
      body: { users: [person('review').id] },
    });
  });

  it('answers 400 naming the field for each broken constraint, writing nothing', async () => {
    const { admin, author, spaceId, request, person, foreign, orgId } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = person('review');
    const foreignTeam = server.buildTeam(foreign.orgId, 'Theirs').id;
    const ourTeam = server.buildTeam(orgId, 'Ours').id;
    const cases: [unknown, string][] = [
      [{}, 'users'],
      [{ users: [] }, 'users'],
      [{ users: [], teams: [] }, 'users'],
      [{ users: 'x' }, 'users'],
      [{ users: [UNKNOWN_ID] }, 'users[0]'],
      [{ users: [reviewer.id, foreign.owner.id] }, 'users[1]'],
      [{ users: [author.id] }, 'users[0]'],
      [{ users: [], teams: [foreignTeam] }, 'teams[0]'],
      [{ users: [], teams: [ourTeam, UNKNOWN_ID] }, 'teams[1]'],
      [{ users: [reviewer.id], subject: 'x'.repeat(101) }, 'subject'],
      [{ users: [reviewer.id], description: {} }, 'description'],
      [{ users: Array.from({ length: 51 }, () => reviewer.id) }, 'users'],
    ];
    const before = rowCounts(server);
    for (const [body, field] of cases) expectError(await ask(admin.token, spaceId, id, body), 400, field);
    expect(rowCounts(server)).toEqual(before);
    const guest = person(null);
    expectError(
      await ask(admin.token, spaceId, id, { users: [guest.id] }),
      400,
      'users[0]',
      'view this space',
    );
  });

  it.each((['comment', 'read'] as Role[]).map((role) => [roleName(role), role]))(
    'answers 403 to a %s member, naming the edit level',
    async (_name, role) => {
      const { member, spaceId, request, person } = buildReviewFixture(server);
      const answer = await ask(member(role).token, spaceId, request().id, { users: [person('review').id] });
      expectError(answer, 403, 'edit level');
    },
  );

  it('answers 404 for an unknown request or space, another organization’s request, and a guest', async () => {
    const { admin, member, spaceId, request, foreign, foreignRequest, person } = buildReviewFixture(server);
    const body = { users: [person('review').id] };
    expectError(await ask(admin.token, spaceId, UNKNOWN_ID, body), 404, UNKNOWN_ID);
    expectHidden(
      await ask(admin.token, UNKNOWN_ID, foreignRequest.id, body),
      UNKNOWN_ID,
      await ask(admin.token, foreign.spaceId, foreignRequest.id, body),
      foreign.spaceId,
    );
    expectError(await ask(member(null).token, spaceId, request().id, body), 404);
  });

  it('answers 409 naming the status of an archived or merged request', async () => {
    const { admin, spaceId, request, person } = buildReviewFixture(server);
    const body = { users: [person('review').id] };
    expectError(await ask(admin.token, spaceId, request({ status: 'archived' }).id, body), 409, 'archived');
    const merged = request();
    expectStatus(
      await call(server, 'mergeChangeRequest', admin.token, {
        params: { spaceId, changeRequestId: merged.id },
      }),
      200,
    );
    expectError(await ask(admin.token, spaceId, merged.id, body), 409, 'merged');
    expectStatus(await ask(admin.token, spaceId, request({ status: 'draft' }).id, body), 200);
  });

  it('requests people and teams of the head, renames the request, and lists them for every reader', async () => {
    const { author, member, spaceId, request, person, orgId } = buildReviewFixture(server);
    const { id } = request();
    const ada = person('review', 'Ada Reviewer');
    const team = server.buildTeam(orgId, 'Writers', { [ada.id]: 'member', [member('read').id]: 'owner' }).id;
    const answer = await ask(author.token, spaceId, id, { users: [ada.id], teams: [team], subject: 'Ready' });
    expectStatus(answer, 200);
    const head = (
      (await call(server, 'getChangeRequestById', author.token, { params: { spaceId, changeRequestId: id } }))
        .body as ChangeRequest
    ).revision;
    expect(answer.body).toEqual({
      users: [
        expect.objectContaining({
          object: 'change-request-requested-reviewer',
          kind: 'user',
          user: expect.objectContaining({ id: ada.id, displayName: 'Ada Reviewer' }),
          requestedBy: expect.objectContaining({ id: author.id }),
          revision: head,
        }),
        expect.objectContaining({
          kind: 'team',
          team: expect.objectContaining({ id: team, title: 'Writers', members: 2 }),
        }),
      ],
    });
    for (const role of ['read', 'comment', 'admin'] as const)
      expect(await requestedIds(member(role).token, spaceId, id)).toEqual([`user:${ada.id}`, `team:${team}`]);
    const renamed = await call(server, 'getChangeRequestById', ada.token, {
      params: { spaceId, changeRequestId: id },
    });
    expect(renamed.body).toMatchObject({
      subject: 'Ready',
      reviews: { requested: 2, awaitingCaller: true, approvals: 0 },
    });
  });

  it('renews a request asked again, which supersedes the person’s review', async () => {
    const { admin, spaceId, request, person } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = person('review');
    expectStatus(await ask(admin.token, spaceId, id, { users: [reviewer.id] }), 200);
    const review = (
      await call(server, 'submitChangeRequestReview', reviewer.token, {
        params: { spaceId, changeRequestId: id },
        body: { status: 'approved' },
      })
    ).body as ChangeRequestReview;
    expect(review.outdated).toBe(false);
    server.clock.advance(60_000);
    expectStatus(await ask(admin.token, spaceId, id, { users: [reviewer.id, reviewer.id] }), 200);
    const reread = await call(server, 'getChangeRequestReviewById', admin.token, {
      params: { spaceId, changeRequestId: id, reviewId: review.id },
    });
    expect(reread.body).toMatchObject({ outdated: true });
    expect(await requestedIds(admin.token, spaceId, id)).toEqual([`user:${reviewer.id}`]);
    const summary = await call(server, 'getChangeRequestById', reviewer.token, {
      params: { spaceId, changeRequestId: id },
    });
    expect(summary.body).toMatchObject({ reviews: { approvals: 0, awaitingCaller: true } });
  });
});

describe('GET …/requested-reviewers', () => {
  it('answers 401, 400 on a bad page or limit, 404 to a guest and for another organization’s request', async () => {
    const { admin, member, spaceId, request, foreign, foreignRequest } = buildReviewFixture(server);
    const { id } = request();
    await expectUnauthorized(server, 'getRequestedReviewersByChangeRequestId', {
      params: { spaceId, changeRequestId: id },
    });
    expectError(await listed(admin.token, spaceId, id, { limit: 1001 }), 400, 'limit');
    expectError(await listed(admin.token, spaceId, id, { page: '%%%' }), 400, 'page');
    expectError(await listed(member(null).token, spaceId, id), 404);
    expectHidden(
      await listed(admin.token, UNKNOWN_ID, foreignRequest.id),
      UNKNOWN_ID,
      await listed(admin.token, foreign.spaceId, foreignRequest.id),
      foreign.spaceId,
    );
  });

  it('pages through the requests, oldest first', async () => {
    const { admin, spaceId, request, person } = buildReviewFixture(server);
    const { id } = request();
    const people = [person('review'), person('admin'), person('edit')];
    for (const one of people) {
      server.clock.advance(1_000);
      expectStatus(await ask(admin.token, spaceId, id, { users: [one.id] }), 200);
    }
    const first = (await listed(admin.token, spaceId, id, { limit: 2 })).body as {
      items: ChangeRequestRequestedReviewer[];
      count: number;
      next?: { page: string };
    };
    expect(first.count).toBe(3);
    const rest = (await listed(admin.token, spaceId, id, { limit: 2, page: first.next!.page })).body as {
      items: ChangeRequestRequestedReviewer[];
      next?: unknown;
    };
    const ids = [...first.items, ...rest.items].map((item) => (item.kind === 'user' ? item.user.id : ''));
    expect(ids).toEqual(people.map((one) => one.id));
    expect(rest.next).toBeUndefined();
  });
});

describe('DELETE …/requested-reviewers/{userId}', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId, request, person } = buildReviewFixture(server);
    await expectUnauthorized(server, 'removeRequestedReviewerFromChangeRequest', {
      params: { spaceId, changeRequestId: request().id, userId: person('review').id },
    });
  });

  it('removes a person (205) or a team, answers 204 for someone not requested, and the list shows it', async () => {
    const { admin, spaceId, request, person, orgId } = buildReviewFixture(server);
    const { id } = request();
    const reviewer = person('review');
    const team = server.buildTeam(orgId, 'Editors').id;
    expectStatus(await ask(admin.token, spaceId, id, { users: [reviewer.id], teams: [team] }), 200);
    expectStatus(await remove(admin.token, spaceId, id, reviewer.id), 205);
    expect(await requestedIds(admin.token, spaceId, id)).toEqual([`team:${team}`]);
    expectStatus(await remove(admin.token, spaceId, id, reviewer.id), 204);
    expectStatus(await remove(admin.token, spaceId, id, team), 205);
    expect(await requestedIds(admin.token, spaceId, id)).toEqual([]);
    expectStatus(await remove(admin.token, spaceId, id, UNKNOWN_ID), 204);
  });

  it('lets a requested reviewer step down, and answers 403 to a comment or read member removing someone else', async () => {
    const { admin, spaceId, request, person } = buildReviewFixture(server);
    const { id } = request();
    const reader = person('read');
    const other = person('review');
    expectStatus(await ask(admin.token, spaceId, id, { users: [reader.id, other.id] }), 200);
    for (const role of ['comment', 'read'] as const)
      expectError(await remove(person(role).token, spaceId, id, other.id), 403, 'edit level');
    expectStatus(await remove(reader.token, spaceId, id, reader.id), 205);
    expect(await requestedIds(admin.token, spaceId, id)).toEqual([`user:${other.id}`]);
  });

  it('answers 404 for an unknown request, a guest, and another organization’s request', async () => {
    const { admin, member, spaceId, request, foreign, foreignRequest } = buildReviewFixture(server);
    const { id } = request();
    expectError(await remove(admin.token, spaceId, UNKNOWN_ID, admin.id), 404, UNKNOWN_ID);
    expectError(await remove(member(null).token, spaceId, id, admin.id), 404);
    expectHidden(
      await remove(admin.token, UNKNOWN_ID, foreignRequest.id, admin.id),
      UNKNOWN_ID,
      await remove(admin.token, foreign.spaceId, foreignRequest.id, admin.id),
      foreign.spaceId,
    );
  });
});
