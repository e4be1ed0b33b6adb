/** Helpers of the review and merge-rule tests: an organization with a space, a request by an editor, and calls. */
import type { OperationName, Role } from '../../../shared/contract/index.ts';
import type { TestServer, TestUser } from '../../test/harness.ts';
import { sendOperation, type RawAnswer } from '../../test/http-helpers.ts';
import { loadRevision } from '../content/revisions.ts';
import { buildContentOrg } from '../spaces/testing.ts';

export const pageBody = (title: string) =>
  `# ${title}\n\nFirst paragraph of ${title}.\n\nSecond paragraph.\n\nThird paragraph.\n`;

/**
 * An organization (admin, a member per role on demand, another organization with its own request), a space of three
 * pages (Intro, Guide, FAQ) and an open request on it by an `edit` member who edited Guide.
 */
export function buildReviewFixture(server: TestServer) {
  const org = buildContentOrg(server);
  const { id: spaceId } = server.buildSpace(org.orgId, {
    pages: [
      { title: 'Intro', markdown: pageBody('Intro') },
      { title: 'Guide', markdown: pageBody('Guide') },
      { title: 'FAQ', markdown: pageBody('FAQ') },
    ],
  });
  const author = org.member('edit');
  const request = (
    options: { subject?: string; status?: 'draft' | 'open' | 'archived'; by?: TestUser } = {},
  ) =>
    server.buildChangeRequest(spaceId, (options.by ?? author).id, {
      subject: options.subject ?? 'Better guide',
      ...(options.status !== undefined ? { status: options.status } : {}),
    });
  const foreignRequest = server.buildChangeRequest(org.foreign.spaceId, org.foreign.owner.id, {
    subject: 'Theirs',
  });
  /** A new member with that role (several reviewers may share a role). */
  const person = (role: Role | null, name?: string) =>
    server.buildMember(org.orgId, role, name !== undefined ? { name } : {});
  return { ...org, spaceId, author, request, foreignRequest, person };
}

/** Sends an operation raw, as `token`. */
export function call(
  server: TestServer,
  name: OperationName,
  token: string,
  input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {},
): Promise<RawAnswer> {
  return sendOperation(server, name, { ...input, token });
}

/** The request's row. */
export function requestRow(server: TestServer, id: string) {
  return server.db.first(server.db.q.selectFrom('change_requests').selectAll().where('id', '=', id))!;
}

/** The id of the request's page with that title, in its head revision. */
export function pageOf(server: TestServer, changeRequestId: string, title: string): string {
  const tree = loadRevision(server.db, requestRow(server, changeRequestId).revision_id).tree;
  const page = tree.pages.find((candidate) => candidate.title === title);
  if (page === undefined) throw new Error(`no page ${title}`);
  return page.id;
}

/** How many rows of reviews, comments and events there are (a refused write changes none). */
export function rowCounts(server: TestServer) {
  const { db } = server;
  const count = (table: 'change_request_reviews' | 'comments' | 'events' | 'change_request_reviewers') =>
    Number(db.first(db.q.selectFrom(table).select((eb) => eb.fn.countAll().as('n')))?.n ?? 0);
  return {
    reviews: count('change_request_reviews'),
    comments: count('comments'),
    events: count('events'),
    requested: count('change_request_reviewers'),
  };
}
