/**
 * Fixtures of the tests that call every operation (no-500, audit events): an organization holding one real item
 * of every kind an operation's path can name, the bodies the contract's generator cannot guess, and the state a
 * few operations need before a valid call (a space in the trash, a pending email invite).
 */
import type { Operation, OperationName } from '../../shared/contract/index.ts';
import { buildFiles, insertRevision, loadRevision } from '../domain/content/revisions.ts';
import { recordEmailInviteSync } from '../domain/invites/commands.ts';
import { parseSpecText } from '../domain/openapi/document.ts';
import { insertSpec, recordProcessed } from '../domain/openapi/records.ts';
import { createSectionGroupRecord, createSectionRecord } from '../domain/site-structure/records.ts';
import { createShareLinkRecord } from '../domain/sites/records.ts';
import { newId } from '../ids.ts';
import type { TestServer, TestUser } from './harness.ts';
import { baseBody, type Json } from './malformed.ts';

/** Bodies the generator cannot guess, keyed by operation name. */
const BODY_OVERRIDES: Partial<Record<OperationName, unknown>> = {
  moveCollection: { parent: null },
  moveSpace: { parent: null },
  updateSiteShareLinkById: { active: true },
  updateSiteSectionById: { title: 'Renamed section' },
  moveSiteSection: { position: {} },
  updateSiteSectionGroupById: { title: 'Renamed group' },
  moveSiteSectionGroup: { position: {} },
  updateSiteSpaceById: { path: 'renamed' },
  moveSiteSpace: { position: {} },
  createOpenAPISpec: { slug: 'fixture-new', source: { text: 'openapi: 3.0.3' } },
  createOrUpdateOpenAPISpecBySlug: { source: { text: 'openapi: 3.0.3' } },
  updateUserPermissionInSpace: { role: 'edit' },
  updateTeamPermissionInSpace: { role: 'edit' },
  updateUserPermissionInCollection: { role: 'edit' },
  updateTeamPermissionInCollection: { role: 'edit' },
  updateUserPermissionInSite: { role: 'edit' },
  updateTeamPermissionInSite: { role: 'edit' },
};

/** A processed OpenAPI description for the fixture's spec. */
const FIXTURE_OPENAPI = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Fixture', version: '1' },
  paths: {},
});

/**
 * Bodies that name the fixture's own items (the generated ids name nothing). The transfers go to
 * `transferOrganizationId`, an organization of the caller that the test adds to the ids.
 */
const BODIES_OF_FIXTURE: Partial<Record<OperationName, (ids: Record<string, string>) => unknown>> = {
  addSectionToSite: (ids) => ({ spaceId: ids.spaceId, title: 'New section' }),
  addSpaceToSite: (ids) => ({ spaceId: ids.spaceId }),
  addSectionToGroup: (ids) => ({ sectionId: ids.siteSectionId }),
  sortSiteStructure: (ids) => ({ item: { type: 'site-section', id: ids.siteSectionId }, position: {} }),
  requestReviewersForChangeRequest: (ids) => ({ users: [ids.userId] }),
  submitChangeRequestReview: () => ({ status: 'approved', comment: { markdown: 'Fine.' } }),
  updateChangeRequestContent: (ids) => ({
    changes: [{ operation: 'update_page', page: ids.pageId, title: 'Renamed page' }],
  }),
  // `.invalid` never resolves: the fetch fails fast (422) without leaving the machine.
  importContentInChangeRequest: () => ({ url: 'https://fixture.invalid/page.md', source: 'markdown' }),
  transferCollection: (ids) => ({ organization: ids.transferOrganizationId }),
  transferSpace: (ids) => ({ organization: ids.transferOrganizationId }),
  inviteToSpace: (ids) => ({ role: 'edit', users: [ids.userId], teams: [ids.teamId] }),
  inviteToCollection: (ids) => ({ role: 'edit', users: [ids.userId], teams: [ids.teamId] }),
  inviteToSite: (ids) => ({ role: 'edit', users: [ids.userId], teams: [ids.teamId] }),
};

/** Operations that change or take back a role given on a space, collection or site: one is given first. */
const GRANTED = /^(?:update(?:User|Team)PermissionIn|remove(?:User|Team)From)(Space|Collection|Site)$/;
const GRANT_TARGETS = {
  Space: ['space', 'spaceId'],
  Collection: ['collection', 'collectionId'],
  Site: ['site', 'siteId'],
} as const;

/** The body of the operation's valid request on the fixture (`undefined`: the operation takes none). */
export function validBody(operation: Operation, ids: Record<string, string>): Json | undefined {
  const name = operation.name as OperationName;
  return baseBody(operation, BODIES_OF_FIXTURE[name]?.(ids) ?? BODY_OVERRIDES[name]);
}

/**
 * Puts the fixture in the state the operation's valid request needs, as `inviter` (the fixture's owner) would;
 * may change `ids` (a pending email invite has an id of its own).
 */
export function prepareFor(
  server: TestServer,
  operation: Operation,
  ids: Record<string, string>,
  inviter: TestUser,
): void {
  const { db } = server;
  // The change request comment operations name a comment of the fixture's request.
  if (operation.name.endsWith('InChangeRequest') && 'commentId' in operation.params.properties)
    db.run(
      db.q
        .updateTable('comments')
        .set({ change_request_id: ids.changeRequestId as string })
        .where('id', '=', ids.commentId as string),
    );
  // Pending email invites have ids of their own: the fixture's member becomes one.
  if (operation.name.endsWith('EmailInvite')) {
    const invite = { organizationId: ids.organizationId!, userId: ids.userId!, role: 'read' as const };
    recordEmailInviteSync(db, server.clock.now(), { ...invite, invitedBy: inviter.id });
    ids.inviteId = db.first(
      db.q.selectFrom('email_invites').select('id').where('user_id', '=', invite.userId),
    )!.id;
  }
  // The fixture's member and team are given a role on the fixture's item, to change or take back.
  const granted = GRANTED.exec(operation.name);
  if (granted !== null) {
    const [type, idName] = GRANT_TARGETS[granted[1] as keyof typeof GRANT_TARGETS];
    const targetId = ids[idName] as string;
    for (const [granteeType, granteeId] of [
      ['user', ids.userId],
      ['team', ids.teamId],
    ] as const)
      db.run(
        db.q.insertInto('content_permissions').values({
          organization_id: ids.organizationId as string,
          target_type: type,
          target_id: targetId,
          grantee_type: granteeType,
          grantee_id: granteeId as string,
          role: 'read',
          created_at: server.clock.now().toISOString(),
        }),
      );
  }
  // Only a space in the trash can be restored, or deleted for good.
  if (operation.name === 'restoreSpace' || operation.name === 'deleteSpacePermanently')
    db.run(
      db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', ids.spaceId as string),
    );
}

/**
 * A fresh organization with a member, a team and an invite link: real ids for every path parameter, and the ids
 * of the items a path names otherwise (`customFieldId` for `fieldName`, `specId` for `specSlug`).
 */
export function fixture(server: TestServer, owner: TestUser): Record<string, string> {
  const org = server.buildOrg(owner, { emailDomains: ['example.com'] });
  const member = server.buildMember(org.id, 'read');
  const team = server.buildTeam(org.id, 'Fixture team', { [member.id]: 'member', [owner.id]: 'owner' });
  const inviteId = newId();
  server.db.run(
    server.db.q.insertInto('invites').values({
      id: inviteId,
      organization_id: org.id,
      role: 'read',
      created_by: owner.id,
      created_at: server.clock.now().toISOString(),
    }),
  );
  const collection = server.buildCollection(org.id);
  const space = server.buildSpace(org.id, {
    parent: collection.id,
    pages: [{ title: 'Fixture page', markdown: 'A body to read.' }],
  });
  // Published, so that its published view answers too; a group holding a section holding the site space.
  const site = server.buildSite(org.id, { spaces: [space.id] });
  server.db.run(server.db.q.updateTable('sites').set({ published: 1 }).where('id', '=', site.id));
  const now = server.clock.now();
  const shareLinkId = createShareLinkRecord(server.db, now, { siteId: site.id, name: 'Fixture' });
  const siteSectionId = createSectionRecord(server.db, now, {
    siteId: site.id,
    spaceId: space.id,
    title: 'Fixture section',
  });
  const siteSectionGroupId = createSectionGroupRecord(server.db, now, {
    siteId: site.id,
    title: 'Fixture group',
    sectionIds: [siteSectionId],
  });
  const siteSpaceId = server.db.first(
    server.db.q.selectFrom('site_spaces').select('id').where('section_id', '=', siteSectionId),
  )!.id;
  const changeRequestId = server.buildChangeRequest(space.id, owner.id, { subject: 'Fixture' }).id;
  // A page of the space (the request shares its ids), the space's revision, and a file in the request's head.
  const revisionId = server.db.first(
    server.db.q.selectFrom('spaces').select('revision_id').where('id', '=', space.id),
  )!.revision_id;
  const pageId = loadRevision(server.db, revisionId).tree.pages[0]!.id;
  const documentId = loadRevision(server.db, revisionId).tree.pages[0]!.documentId!;
  const fileId = addFixtureFile(server, changeRequestId);
  const commentId = server.buildComment(space.id, owner.id).id;
  const reviewId = addFixtureReview(server, changeRequestId, member.id);
  const commentReplyId = server.buildCommentReply(commentId, owner.id).id;
  const { samlProviderId, fieldName, customFieldId, translationSettingsId } = addAdminFixtures(
    server,
    org.id,
    space.id,
  );
  const specSlug = 'fixture-spec';
  const specId = insertSpec(server.db, now, {
    organizationId: org.id,
    slug: specSlug,
    source: { text: FIXTURE_OPENAPI },
  });
  recordProcessed(server.db, now, specId, 1, parseSpecText(FIXTURE_OPENAPI), null);
  const versionId = server.db.first(
    server.db.q.selectFrom('openapi_specs').select('last_version_id').where('id', '=', specId),
  )!.last_version_id!;
  const auditEventId = server.db.first(
    server.db.q.selectFrom('events').select('id').where('organization_id', '=', org.id),
  )!.id;
  return {
    organizationId: org.id,
    collectionId: collection.id,
    spaceId: space.id,
    userId: member.id,
    teamId: team.id,
    inviteId,
    siteId: site.id,
    shareLinkId,
    siteSectionId,
    siteSectionGroupId,
    siteSpaceId,
    changeRequestId,
    commentId,
    commentReplyId,
    reviewId,
    revisionId,
    pageId,
    documentId,
    fileId,
    emailDomain: 'example.com',
    specSlug,
    versionId,
    samlProviderId,
    fieldName,
    customFieldId,
    translationSettingsId,
    specId,
    auditEventId,
    // "Inspect access" of one item: the space.
    itemType: 'space',
    itemId: space.id,
  };
}

/** A SAML provider, a select custom field with a value on the space, and translation settings. */
function addAdminFixtures(server: TestServer, organizationId: string, spaceId: string) {
  const { db } = server;
  const at = server.clock.now().toISOString();
  const samlProviderId = newId();
  db.run(
    db.q.insertInto('saml_providers').values({
      id: samlProviderId,
      organization_id: organizationId,
      label: 'Fixture IdP',
      entity_id: 'urn:fixture',
      sso_url: 'https://idp.fixture.invalid/sso',
      certificate: '',
      default_team_id: null,
      default_role: 'read',
      created_at: at,
      updated_at: at,
    }),
  );
  const fieldId = newId();
  db.run(
    db.q.insertInto('custom_fields').values({
      id: fieldId,
      organization_id: organizationId,
      name: 'fixture-field',
      type: 'select:single',
      title: 'Fixture',
      description: '',
      placeholder: '',
      options: JSON.stringify(['a', 'b']),
      created_at: at,
      updated_at: at,
    }),
  );
  db.run(
    db.q
      .insertInto('space_custom_field_values')
      .values({ space_id: spaceId, field_id: fieldId, value: '"a"', updated_at: at }),
  );
  const translationSettingsId = newId();
  db.run(
    db.q.insertInto('translation_settings').values({
      id: translationSettingsId,
      organization_id: organizationId,
      title: 'Fixture',
      languages: '["fr"]',
      created_at: at,
      updated_at: at,
    }),
  );
  return { samlProviderId, fieldName: 'fixture-field', customFieldId: fieldId, translationSettingsId };
}

/**
 * A review of the fixture's request by a member (who is also asked to review it), written as rows (the review
 * commands run in a transaction of the store); answers the review's id.
 */
function addFixtureReview(server: TestServer, changeRequestId: string, reviewerId: string): string {
  const { db } = server;
  const request = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', changeRequestId))!;
  const at = server.clock.now().toISOString();
  const reviewId = newId();
  db.transaction(() => {
    db.run(
      db.q.insertInto('change_request_reviewers').values({
        id: newId(),
        change_request_id: request.id,
        user_id: reviewerId,
        team_id: null,
        requested_by: request.created_by,
        revision_id: request.revision_id,
        created_at: at,
        seq: 1,
      }),
    );
    db.run(
      db.q.insertInto('change_request_reviews').values({
        id: reviewId,
        change_request_id: request.id,
        reviewer_id: reviewerId,
        requested_by: request.created_by,
        status: 'approved',
        revision_id: request.revision_id,
        comment_id: null,
        superseded_at: null,
        created_at: at,
        updated_at: at,
      }),
    );
  });
  return reviewId;
}

/** Adds a file to the request's content as a new head revision; answers the file's id. */
function addFixtureFile(server: TestServer, changeRequestId: string): string {
  const { db } = server;
  const request = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', changeRequestId))!;
  const head = loadRevision(db, request.revision_id);
  const [file] = buildFiles(db, [
    { name: 'fixture.txt', contentType: 'text/plain', data: new TextEncoder().encode('fixture') },
  ]);
  const revision = insertRevision(db, {
    spaceId: request.space_id,
    type: 'edits',
    parents: [head.id],
    tree: { ...head.tree, files: [...head.tree.files, file!] },
    createdBy: null,
    now: server.clock.now(),
  });
  db.run(db.q.updateTable('change_requests').set({ revision_id: revision }).where('id', '=', request.id));
  return file!.id;
}
