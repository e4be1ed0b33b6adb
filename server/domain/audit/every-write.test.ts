/**
 * Every write operation of the contract records its audit event: one valid call per write (on the fixtures the
 * no-500 test uses), then the organization's audit log, read through the API by its admin, holds exactly one new
 * event naming the caller, the action and the target, and no other organization got one (the events table is
 * counted too). The writes come from the contract, so a new one fails here until it has a row; a write that
 * records several events or none says which and why in its row.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operationList,
  operations,
  type Operation,
  type OperationName,
} from '../../../shared/contract/index.ts';
import type { AuditEvent } from '../../../shared/contract/resources/audit.ts';
import { fixture, prepareFor, validBody } from '../../test/fixtures.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { send } from '../../test/http-helpers.ts';
import { fillPath } from '../../test/malformed.ts';
import { insertRevision, loadRevision } from '../content/revisions.ts';
import { issueToken } from '../organizations/commands.ts';
import { addSiteSpaceRecord } from '../site-structure/records.ts';
import { AUDIT_ACTIONS, type AuditAction } from './actions.ts';
import { allEvents } from '../../test/factories.ts';

/** The target's id, from the fixture's ids or (for a created item) from the write's answer. */
type IdOf = (ids: Readonly<Record<string, string>>, answer: unknown) => string;

/** An event a write records: its action and its target (the actor is always the caller). */
interface Expected {
  action: AuditAction;
  target: readonly [type: string, id: IdOf];
}

/** How a row calls its write. */
interface Call {
  /**
   * The caller: the fixture's admin, a user outside the organization (joining it), or the local sandbox's own user
   * (a token the sandbox minted), who alone creates an organization, where its event is then recorded.
   */
  caller?: 'outsider' | 'sandbox';
  /** The body of the valid call, when the no-500 fixtures' one changes nothing (no change, no event) or fails. */
  body?: (ids: Readonly<Record<string, string>>) => unknown;
  /** Puts the fixture in the state the valid call needs (may change `ids`), after `prepareFor`. */
  prepare?: (server: TestServer, ids: Record<string, string>) => void;
}

/** A write that records one event in its organization. */
interface OneEvent extends Expected, Call {
  /** A transfer records the same event in the organization it goes to as well: one there too. */
  alsoInDestination?: true;
}

/** A write that records several events in its organization (in any order), and why. */
interface SeveralEvents extends Call {
  several: string;
  events: readonly Expected[];
}

/** A write that records no event, and why. */
interface NoEvent extends Call {
  none: string;
}

type Row = OneEvent | SeveralEvents | NoEvent;

const param =
  (name: string): IdOf =>
  (ids) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`the fixture has no \`${name}\``);
    return id;
  };
/** The id of the item the write created, as its answer gives it. */
const created: IdOf = (_ids, answer) => {
  const id = (answer as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') throw new Error(`the answer names no created id: ${JSON.stringify(answer)}`);
  return id;
};

/** Rows of the events about one kind of target, named by a fixture id (or created by the write). */
const about =
  (type: string, id: IdOf) =>
  (action: AuditAction, call: Call = {}): OneEvent => ({ action, target: [type, id], ...call });
const collection = about('collection', param('collectionId'));
const space = about('space', param('spaceId'));
const site = about('site', param('siteId'));
const section = about('site-section', param('siteSectionId'));
const group = about('site-section-group', param('siteSectionGroupId'));
const siteSpace = about('site-space', param('siteSpaceId'));
const request = about('change_request', param('changeRequestId'));
const comment = about('comment', param('commentId'));
const reply = about('comment_reply', param('commentReplyId'));
const field = about('custom-field', param('customFieldId'));
const invite = about('invite', param('inviteId'));
const member = about('member', param('userId'));
const team = about('team', param('teamId'));
const saml = about('saml-provider', param('samlProviderId'));
const spec = about('openapi-spec', param('specId'));
const translation = about('translation-settings', param('translationSettingsId'));
/** An edit of a comment's or a reply's text (an empty body changes nothing, and records nothing). */
const edited: Call = { body: () => ({ body: { markdown: 'Edited.' } }) };

/** The id of the comment a review posted, from the review's answer. */
function reviewCommentId(answer: unknown): string {
  const id = (answer as { comment?: { id?: unknown } } | undefined)?.comment?.id;
  if (typeof id !== 'string') throw new Error(`the review names no comment: ${JSON.stringify(answer)}`);
  return id;
}

/** A new revision of the fixture's space, the same content, so that its change request is behind it. */
function advanceMain(server: TestServer, ids: Record<string, string>): void {
  const { db } = server;
  const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', ids.spaceId!))!;
  const revision = insertRevision(db, {
    spaceId: space.id,
    type: 'edits',
    parents: [space.revision_id],
    tree: loadRevision(db, space.revision_id).tree,
    createdBy: null,
    now: server.clock.now(),
  });
  db.run(db.q.updateTable('spaces').set({ revision_id: revision }).where('id', '=', space.id));
}

/** Every write of the contract (a method other than GET) and the event its valid call records. */
const ROWS: Partial<Record<OperationName, Row>> = {
  createCollection: about('collection', created)('collection.created'),
  updateCollectionById: collection('collection.updated', { body: () => ({ title: 'Renamed' }) }),
  moveCollection: collection('collection.moved'),
  transferCollection: { ...collection('collection.transferred'), alsoInDestination: true },
  deleteCollectionById: collection('collection.deleted'),

  createSpace: about('space', created)('space.created'),
  updateSpaceById: space('space.updated', { body: () => ({ title: 'Renamed' }) }),
  duplicateSpace: about('space', created)('space.duplicated'),
  moveSpace: space('space.moved'),
  transferSpace: { ...space('space.transferred'), alsoInDestination: true },
  deleteSpaceById: space('space.deleted'),
  restoreSpace: space('space.restored'),
  deleteSpacePermanently: space('space.purged'),
  updateSpaceCustomFields: space('space.custom-fields.updated', {
    body: (ids) => ({ values: { [ids.fieldName!]: { value: 'b' } } }),
  }),

  // One event for the whole invite (people and teams), on the item; the grantee is in the event's data.
  inviteToSpace: space('space.permissions_granted'),
  updateUserPermissionInSpace: space('space.user_permission_changed'),
  updateTeamPermissionInSpace: space('space.team_permission_changed'),
  removeUserFromSpace: space('space.user_permission_removed'),
  removeTeamFromSpace: space('space.team_permission_removed'),
  inviteToCollection: collection('collection.permissions_granted'),
  updateUserPermissionInCollection: collection('collection.user_permission_changed'),
  updateTeamPermissionInCollection: collection('collection.team_permission_changed'),
  removeUserFromCollection: collection('collection.user_permission_removed'),
  removeTeamFromCollection: collection('collection.team_permission_removed'),

  createSite: about('site', created)('site.created'),
  updateSiteById: site('site.updated'),
  updateSiteAdaptiveSchema: site('site.adaptive-schema.updated'),
  publishSite: site('site.published'),
  unpublishSite: site('site.unpublished'),
  deleteSiteById: site('site.deleted'),
  inviteToSite: site('site.permissions_granted'),
  updateUserPermissionInSite: site('site.user_permission_changed'),
  updateTeamPermissionInSite: site('site.team_permission_changed'),
  removeUserFromSite: site('site.user_permission_removed'),
  removeTeamFromSite: site('site.team_permission_removed'),
  // A share link has no page of its own: its events target the site, and name the link in their data.
  createSiteShareLink: site('site.share-link.created'),
  updateSiteShareLinkById: site('site.share-link.updated'),
  deleteSiteShareLinkById: site('site.share-link.deleted'),

  addSectionToSite: about('site-section', created)('site.section.created'),
  updateSiteSectionById: section('site.section.updated'),
  moveSiteSection: section('site.section.moved'),
  deleteSiteSectionById: section('site.section.deleted'),
  addSectionGroupToSite: about('site-section-group', created)('site.section_group.created'),
  updateSiteSectionGroupById: group('site.section_group.updated'),
  moveSiteSectionGroup: group('site.section_group.moved'),
  deleteSiteSectionGroupById: group('site.section_group.deleted'),
  addSectionToGroup: section('site.section.grouped'),
  removeSectionFromGroup: section('site.section.ungrouped'),
  addSpaceToSite: about('site-space', created)('site.site_space.added'),
  updateSiteSpaceById: siteSpace('site.site_space.updated'),
  moveSiteSpace: siteSpace('site.site_space.moved'),
  // A section keeps at least one site space: the fixture's section gets a second one first.
  deleteSiteSpaceById: siteSpace('site.site_space.removed', {
    prepare: (server, ids) => {
      const input = { siteId: ids.siteId!, sectionId: ids.siteSectionId!, spaceId: ids.spaceId! };
      addSiteSpaceRecord(server.db, server.clock.now(), { ...input, path: 'second' });
    },
  }),
  // The event targets the item moved (the fixture's body moves its section).
  sortSiteStructure: section('site.structure.sorted'),

  createChangeRequest: about('change_request', created)('change_request.created'),
  updateChangeRequestById: request('change_request.updated', { body: () => ({ subject: 'Renamed' }) }),
  updateChangeRequestContent: request('change_request.content_updated'),
  importContentInChangeRequest: request('change_request.content_imported', {
    body: (ids) => ({ url: `${ids.importBaseUrl}/page.md`, source: 'markdown' }),
  }),
  // Only a request behind the main content is updated: the space gets a new revision first.
  updateChangeRequest: request('change_request.updated_from_main', { prepare: advanceMain }),
  mergeChangeRequest: request('change_request.merged'),
  // Its author may not review a request: the fixture's member becomes the author.
  submitChangeRequestReview: {
    several: "a review with a comment (the fixtures' body has one) posts the comment as well",
    events: [
      request('change_request.reviewed'),
      about('comment', (_ids, answer) => reviewCommentId(answer))('comment.created'),
    ],
    prepare: (server, ids) =>
      server.db.run(
        server.db.q
          .updateTable('change_requests')
          .set({ created_by: ids.userId! })
          .where('id', '=', ids.changeRequestId!),
      ),
  },
  requestReviewersForChangeRequest: request('change_request.reviewers_requested'),
  removeRequestedReviewerFromChangeRequest: request('change_request.reviewer_removed'),

  postCommentInSpace: about('comment', created)('comment.created'),
  updateCommentInSpace: comment('comment.updated', edited),
  deleteCommentInSpace: comment('comment.deleted'),
  postCommentReplyInSpace: about('comment_reply', created)('comment.reply.created'),
  updateCommentReplyInSpace: reply('comment.reply.updated', edited),
  deleteCommentReplyInSpace: reply('comment.reply.deleted'),
  postCommentInChangeRequest: about('comment', created)('comment.created'),
  updateCommentInChangeRequest: comment('comment.updated', edited),
  deleteCommentInChangeRequest: comment('comment.deleted'),
  postCommentReplyInChangeRequest: about('comment_reply', created)('comment.reply.created'),
  updateCommentReplyInChangeRequest: reply('comment.reply.updated', edited),
  deleteCommentReplyInChangeRequest: reply('comment.reply.deleted'),

  createOrganizationCustomField: about('custom-field', created)('custom-field.created'),
  updateOrganizationCustomField: field('custom-field.updated'),
  deleteOrganizationCustomField: field('custom-field.deleted'),

  updateOrganizationById: about('organization', param('organizationId'))('organization.updated'),
  createOrganizationInvite: about('invite', created)('invite.created'),
  updateOrganizationInviteById: invite('invite.role_changed'),
  deleteOrganizationInviteById: invite('invite.revoked'),
  // One event for the whole batch of invited people, on the organization.
  inviteUsersToOrganization: about('organization', param('organizationId'))('member.invited'),
  // An email invite's events target the invited person (the fixture's member), whom the audit log can name.
  resendOrganizationEmailInvite: member('invite.email_resent'),
  revokeOrganizationEmailInvite: member('invite.email_revoked'),
  joinOrganizationWithInvite: about('member', param('callerId'))('member.joined', { caller: 'outsider' }),
  // Recorded in the organization it creates (checked there, as its admin, the caller).
  createOrganization: about('organization', created)('organization.created', { caller: 'sandbox' }),
  updateMemberInOrganizationById: member('member.role_changed'),
  removeMemberFromOrganizationById: member('member.removed'),
  setUserAsSSOMemberForOrganization: member('member.sso_set'),
  updateOrganizationMemberLastSeenAt: {
    none: 'a presence ping: it changes nothing an administrator set, and would flood the log with every visit',
  },

  createOrganizationTeam: about('team', created)('team.created'),
  updateTeamInOrganizationById: team('team.renamed'),
  removeTeamFromOrganizationById: team('team.deleted'),
  // One event for the whole new membership list, on the team.
  updateMembersInOrganizationTeam: team('team.members_updated'),
  addMemberToOrganizationTeamById: team('team.member_set'),
  deleteMemberFromOrganizationTeamById: team('team.member_removed'),

  createOrganizationSAMLProvider: about('saml-provider', created)('saml-provider.created'),
  updateOrganizationSAMLProvider: saml('saml-provider.updated'),
  deleteOrganizationSAMLProvider: saml('saml-provider.deleted'),

  createOpenAPISpec: about('openapi-spec', created)('openapi-spec.created'),
  // The fixture's slug names a spec already: its source is replaced.
  createOrUpdateOpenAPISpecBySlug: spec('openapi-spec.source-replaced'),
  deleteOpenAPISpecBySlug: spec('openapi-spec.deleted'),

  createTranslation: about('translation-settings', created)('translation-settings.created'),
  updateTranslation: translation('translation-settings.updated'),
  deleteTranslation: translation('translation-settings.deleted'),
};

/** Other calls of a write that record another action of the catalogue than its row's. */
const VARIANTS: readonly (readonly [OperationName, string, OneEvent])[] = [
  ['updateCommentInSpace', 'resolving', comment('comment.resolved', { body: () => ({ resolved: true }) })],
  [
    'updateCommentInChangeRequest',
    'reopening',
    comment('comment.reopened', {
      body: () => ({ resolved: false }),
      prepare: (server, ids) =>
        server.db.run(
          server.db.q.updateTable('comments').set({ resolved: 1 }).where('id', '=', ids.commentId!),
        ),
    }),
  ],
];

/** Catalogue actions no write of the contract records, and where they are asserted instead. */
const NOT_FROM_A_WRITE: Partial<Record<AuditAction, string>> = {};

const writes = operationList.filter((operation) => operation.method !== 'GET');

describe('audit events of every write', () => {
  let server: TestServer;
  let admin: TestUser;
  let transferOrganizationId: string;
  /** Serves the markdown page the import reads. */
  let pages: Server;
  let importBaseUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ allowPrivateFetch: true });
    admin = server.buildUser({ name: 'Ada Admin' });
    transferOrganizationId = server.buildOrg(admin).id;
    pages = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/markdown' });
      response.end('# Imported\n\nA page read from elsewhere.\n');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    importBaseUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => pages.close(() => resolve()));
    await server.close();
  });

  it('has a row for every write of the contract, and none for anything else', () => {
    const names = new Set<string>(writes.map((operation) => operation.name));
    expect(writes.length).toBeGreaterThan(0);
    expect(Object.keys(ROWS).filter((name) => !names.has(name))).toEqual([]);
    expect(writes.map((operation) => operation.name).filter((name) => !(name in ROWS))).toEqual([]);
  });

  it('asserts every action of the catalogue', () => {
    const asserted = new Set<string>(Object.keys(NOT_FROM_A_WRITE));
    for (const row of [...Object.values(ROWS), ...VARIANTS.map(([, , row]) => row)]) {
      if ('action' in row) asserted.add(row.action);
      if ('several' in row) for (const event of row.events) asserted.add(event.action);
    }
    expect(Object.keys(AUDIT_ACTIONS).filter((action) => !asserted.has(action))).toEqual([]);
  });

  /** A user with a token the local sandbox minted (server/cli.ts). */
  function sandboxCaller(): TestUser {
    const user = server.buildUser({ name: 'Sandra Sandbox' });
    const token = issueToken(server.db, server.clock.now(), user.id, 'sandbox');
    return { ...user, token, client: server.client(token) };
  }

  /** Every event recorded so far, whatever its organization. */
  function eventCount(): number {
    const { db } = server;
    return Number(db.first(db.q.selectFrom('events').select((eb) => eb.fn.countAll().as('n')))?.n ?? 0);
  }

  /** The ids of the organization's events so far, read as its admin. */
  async function eventIds(organizationId: string): Promise<Set<string>> {
    return new Set((await allEvents(server, admin, organizationId, { limit: 100 })).map((event) => event.id));
  }

  /** The events recorded in the organization since `before`. */
  async function newEvents(organizationId: string, before: ReadonlySet<string>): Promise<AuditEvent[]> {
    const events = await allEvents(server, admin, organizationId, { limit: 100 });
    return events.filter((event) => !before.has(event.id));
  }

  async function check(operation: Operation, row: Row | undefined): Promise<void> {
    if (row === undefined) throw new Error(`no row for the write \`${operation.name}\`: add one to ROWS`);
    const caller =
      row.caller === 'outsider'
        ? server.buildUser({ name: 'Oscar Outsider' })
        : row.caller === 'sandbox'
          ? sandboxCaller()
          : admin;
    const ids: Record<string, string> = { ...fixture(server, admin), transferOrganizationId, importBaseUrl };
    ids.callerId = caller.id;
    prepareFor(server, operation, ids, admin);
    row.prepare?.(server, ids);
    const organizationId = param('organizationId')(ids, undefined);
    const before = await eventIds(organizationId);
    const destinationBefore = await eventIds(transferOrganizationId);
    const totalBefore = eventCount();
    const body = row.body !== undefined ? row.body(ids) : validBody(operation, ids);
    const answer = await send(server.baseUrl, operation.method, fillPath(operation, ids), {
      token: caller.token,
      ...(body !== undefined ? { body } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    if (row.caller === 'sandbox' && 'action' in row) {
      // A new organization: its only event is its creation, read as its admin.
      expect(eventCount() - totalBefore, 'events recorded in all organizations').toBe(1);
      const events = await allEvents(server, caller, created(ids, answer.body), { limit: 100 });
      expect(events).toEqual([expect.objectContaining({ action: row.action })]);
      expect(events[0]!.actor).toMatchObject({ type: 'user', id: caller.id });
      expect(events[0]!.target).toMatchObject({ type: row.target[0], id: row.target[1](ids, answer.body) });
      return;
    }
    const recorded = await newEvents(organizationId, before);
    const destination = await newEvents(transferOrganizationId, destinationBefore);
    const expectedTotal =
      'none' in row ? 0 : 'several' in row ? row.events.length : row.alsoInDestination ? 2 : 1;
    expect(eventCount() - totalBefore, 'events recorded in all organizations').toBe(expectedTotal);
    if ('none' in row) {
      expect(recorded).toEqual([]);
      expect(destination).toEqual([]);
      return;
    }
    const matcher = (event: Expected) =>
      expect.objectContaining({
        action: event.action,
        actor: expect.objectContaining({ type: 'user', id: caller.id }),
        target: expect.objectContaining({ type: event.target[0], id: event.target[1](ids, answer.body) }),
      });
    if ('several' in row) {
      expect(recorded).toHaveLength(row.events.length);
      expect(recorded).toEqual(expect.arrayContaining(row.events.map(matcher)));
      expect(destination).toEqual([]);
      return;
    }
    expect(recorded).toEqual([matcher(row)]);
    expect(destination).toEqual(row.alsoInDestination ? [matcher(row)] : []);
  }

  for (const operation of writes) {
    it(operation.name, () => check(operation, ROWS[operation.name as OperationName]));
  }
  for (const [name, label, row] of VARIANTS) it(`${name}, ${label}`, () => check(operations[name], row));
});
