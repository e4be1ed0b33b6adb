/**
 * The test factories of the server's HTTP tests, in one module: organizations with their admin, members, teams and
 * invite links; content (collections, spaces, sort keys); sites and their structure; review fixtures; the audit
 * log's calls; raw requests and the error-shape assertions of http-helpers.ts. The tests import them from here
 * only. The larger groups live beside it in factories/ and are exported from here too: edits of content in the
 * database (content-edits.ts), OpenAPI documents and a fixture HTTP server (openapi.ts), SAML certificates (saml.ts).
 */
import type { OperationName, Role } from '../../shared/contract/index.ts';
import type { AuditEvent } from '../../shared/contract/resources/audit.ts';
import type { Invite } from '../../shared/contract/resources/organizations.ts';
import { loadRevision } from '../domain/content/revisions.ts';
import { createSectionGroupRecord, createSectionRecord } from '../domain/site-structure/records.ts';
import type { TestServer, TestUser } from './harness.ts';
import { expectStatus, send, sendOperation, type Answer, type RawAnswer } from './http-helpers.ts';

export {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  ROLES_OR_GUEST,
  roleName,
  sendOperation as sendRaw,
  UNKNOWN_ID,
  type Answer,
  type RawAnswer,
  type RawInput,
} from './http-helpers.ts';
export * from './factories/content-edits.ts';
export * from './factories/openapi.ts';
export * from './factories/saml.ts';

// Organizations, members, invites and raw requests.

/** A fresh organization with its admin. */
export function buildAdminOrg(server: TestServer, name = 'Ada Admin'): { admin: TestUser; orgId: string } {
  const admin = server.buildUser({ name });
  const org = server.buildOrg(admin);
  return { admin, orgId: org.id };
}

/** An organization the callers of a test do not belong to, with a member and a team they must never see. */
export function buildForeignOrg(server: TestServer): {
  owner: TestUser;
  orgId: string;
  member: TestUser;
  teamId: string;
} {
  const owner = server.buildUser({ name: 'Foreign Owner' });
  const { id: orgId } = server.buildOrg(owner);
  const member = server.buildMember(orgId, 'read', { name: 'Foreign Member' });
  const { id: teamId } = server.buildTeam(orgId, 'Foreign team', { [member.id]: 'owner' });
  return { owner, orgId, member, teamId };
}

/** A list page as every list operation answers it. */
export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** Follows `next.page` from the first page to the last; answers every page. */
export async function allPages<T>(
  fetchPage: (page: string | undefined) => Promise<Page<T>>,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    pages.push(page);
    cursor = page.next?.page;
    if (pages.length > 1000) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

/** Moves the clock so that rows created next sort strictly after the previous ones. */
export function tick(server: TestServer, minutes = 1): void {
  server.clock.advance(minutes * 60_000);
}

/**
 * Sends a request around the typed client: `json` is any JSON value (wrong types included), `text` is sent as is
 * with a JSON content type, neither sends no body at all.
 */
export function sendRequest(
  server: TestServer,
  request: { method: string; path: string; token?: string; json?: unknown; text?: string },
): Promise<Answer> {
  const body = request.text ?? (request.json !== undefined ? JSON.stringify(request.json) : undefined);
  return send(server.baseUrl, request.method, request.path, {
    ...(request.token !== undefined ? { token: request.token } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

/** A fresh organization, its admin, and invite links with the given roles. */
export async function orgWithInvites(
  server: TestServer,
  roles: (Role | null)[] = [],
): Promise<{ owner: TestUser; id: string; invites: Invite[] }> {
  const owner = server.buildUser();
  const { id } = server.buildOrg(owner);
  const invites: Invite[] = [];
  for (const role of roles) {
    invites.push(
      await owner.client.call('createOrganizationInvite', { params: { organizationId: id }, body: { role } }),
    );
  }
  return { owner, id, invites };
}

/** A fresh organization, its admin and one invite link with the given role. */
export async function orgWithInvite(
  server: TestServer,
  role: Role | null = 'read',
): Promise<{ owner: TestUser; id: string; invite: Invite }> {
  const { owner, id, invites } = await orgWithInvites(server, [role]);
  return { owner, id, invite: invites[0]! };
}

// Content: organizations with collections and spaces, and their sort keys.

/** An organization with its admin, a member per role on demand, and another organization with a collection and a space. */
export function buildContentOrg(server: TestServer) {
  const { admin, orgId } = buildAdminOrg(server);
  const owner = server.buildUser({ name: 'Foreign Owner' });
  const foreignOrgId = server.buildOrg(owner).id;
  const foreign = {
    orgId: foreignOrgId,
    owner,
    collectionId: server.buildCollection(foreignOrgId, { title: 'Foreign collection' }).id,
    spaceId: server.buildSpace(foreignOrgId, { title: 'Foreign space' }).id,
  };
  const members = new Map<Role | null, TestUser>();
  /** A member of the organization with that role (one per role, made on first use). */
  const member = (role: Role | null): TestUser => {
    let user = members.get(role);
    if (!user) {
      user = role === 'admin' ? admin : server.buildMember(orgId, role);
      members.set(role, user);
    }
    return user;
  };
  return { admin, orgId, foreign, member };
}

/** The sort keys of a parent's children (collections and spaces), read straight from the database. */
export function siblingKeys(server: TestServer, orgId: string, parentId: string | null): Map<string, string> {
  const { db } = server;
  const keys = new Map<string, string>();
  for (const table of ['collections', 'spaces'] as const) {
    for (const row of db.all(
      db.q
        .selectFrom(table)
        .select(['id', 'sort_key'])
        .where('organization_id', '=', orgId)
        .where('parent_id', 'is not distinct from', parentId),
    ))
      keys.set(row.id, row.sort_key);
  }
  return keys;
}

/** The ids of a parent's children in sibling order, as the database orders them. */
export function siblingOrder(server: TestServer, orgId: string, parentId: string | null): string[] {
  return [...siblingKeys(server, orgId, parentId).entries()]
    .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}

// Sites, their structure and its sort keys.

/** An organization with its admin, members on demand, a space, and another organization with a site of its own. */
export function buildSiteOrg(server: TestServer) {
  const content = buildContentOrg(server);
  const spaceId = server.buildSpace(content.orgId, { title: 'User Guide' }).id;
  const foreignSiteId = server.buildSite(content.foreign.orgId, { spaces: [content.foreign.spaceId] }).id;
  return { ...content, spaceId, foreignSiteId };
}

/** The path parameters of a site. */
export const siteParams = (organizationId: string, siteId: string) => ({ organizationId, siteId });

/**
 * An organization with a site of two sections (each with one site space), a group holding a third section, and
 * another organization whose site has a section, a group and site spaces of its own.
 */
export function buildStructureOrg(server: TestServer) {
  const org = buildSiteOrg(server);
  const { orgId } = org;
  const siteId = server.buildSite(orgId).id;
  const space = (title: string) => server.buildSpace(orgId, { title }).id;
  const now = server.clock.now();
  const first = createSectionRecord(server.db, now, { siteId, spaceId: space('Guide'), title: 'Guides' });
  const second = createSectionRecord(server.db, now, { siteId, spaceId: space('Reference'), title: 'API' });
  const grouped = createSectionRecord(server.db, now, {
    siteId,
    spaceId: space('Cookbook'),
    title: 'Recipes',
  });
  const groupId = createSectionGroupRecord(server.db, now, { siteId, title: 'More', sectionIds: [grouped] });
  const foreignSiteId = server.buildSite(org.foreign.orgId).id;
  const foreignSection = createSectionRecord(server.db, now, {
    siteId: foreignSiteId,
    spaceId: org.foreign.spaceId,
    title: 'Foreign section',
  });
  const foreignGroup = createSectionGroupRecord(server.db, now, {
    siteId: foreignSiteId,
    title: 'Foreign group',
  });
  return {
    ...org,
    siteId,
    sections: { first, second, grouped },
    groupId,
    /** A new space of the organization. */
    space,
    foreign: {
      ...org.foreign,
      siteId: foreignSiteId,
      sectionId: foreignSection,
      groupId: foreignGroup,
      siteSpaceId: siteSpacesOf(server, foreignSection)[0]!,
    },
  };
}

/** The ids of a section's site spaces (`null`: the root of `siteId`) in order, from the database. */
export function siteSpacesOf(server: TestServer, sectionId: string | null, siteId?: string): string[] {
  let query = server.db.q
    .selectFrom('site_spaces')
    .select('id')
    .where('section_id', 'is not distinct from', sectionId)
    .orderBy('sort_key');
  if (siteId !== undefined) query = query.where('site_id', '=', siteId);
  return server.db.all(query).map((row) => row.id);
}

/** Every sort key of a site's structure (groups, sections, site spaces), by id. */
export function structureKeys(server: TestServer, siteId: string): Map<string, string> {
  const { db } = server;
  const keys = new Map<string, string>();
  for (const table of ['site_section_groups', 'site_sections', 'site_spaces'] as const)
    for (const row of db.all(db.q.selectFrom(table).select(['id', 'sort_key']).where('site_id', '=', siteId)))
      keys.set(row.id, row.sort_key);
  return keys;
}

/** The ids whose key changed between two readings. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.entries()].filter(([id, key]) => before.get(id) !== key).map(([id]) => id);
}

/** Declares boolean claims in the site's adaptive schema (straight in the database). */
export function declareClaims(server: TestServer, siteId: string, claims: string[]): void {
  const properties = Object.fromEntries(
    claims.map((claim) => [claim, { type: 'boolean', description: `Claim ${claim}` }]),
  );
  server.db.run(
    server.db.q
      .updateTable('sites')
      .set({ adaptive_schema: JSON.stringify({ type: 'object', properties, additionalProperties: false }) })
      .where('id', '=', siteId),
  );
}

// Reviews: a request on a space of three pages, and the rows reviews write.

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

// The audit log.

/** One page of the audit log, raw (any query, any caller). */
export function listEvents(
  server: TestServer,
  user: TestUser,
  orgId: string,
  query: Record<string, unknown> = {},
): Promise<RawAnswer> {
  return sendOperation(server, 'listOrganizationAuditEvents', {
    token: user.token,
    params: { organizationId: orgId },
    query,
  });
}

/** Every event the filters match, page after page (`limit` per page), asserting each page's count. */
export async function allEvents(
  server: TestServer,
  user: TestUser,
  orgId: string,
  query: Record<string, unknown> = {},
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let page: string | undefined;
  do {
    const answer = await listEvents(server, user, orgId, {
      ...query,
      ...(page !== undefined ? { page } : {}),
    });
    expectStatus(answer, 200);
    const body = answer.body as { items: AuditEvent[]; count: number; next?: { page: string } };
    events.push(...body.items);
    page = body.next?.page;
    if (page !== undefined && query.limit !== undefined) {
      if (body.items.length !== query.limit) throw new Error('a page before the last one is not full');
    }
    if (page === undefined && body.count !== events.length)
      throw new Error(`count ${body.count} ≠ ${events.length} events listed`);
  } while (page !== undefined);
  return events;
}

/** The actions of events, in list order. */
export const actionsOf = (events: readonly AuditEvent[]): string[] => events.map((event) => event.action);
