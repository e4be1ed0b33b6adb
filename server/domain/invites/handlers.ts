/** Handlers: invite links (list, create, get, change role, revoke, join) and email invites. */
import type { Role } from '../../../shared/contract/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { changeInviteRole, insertInvite, inviteByEmail, joinWithInvite, revokeInvite } from './commands.ts';
import { presentInvite } from './present.ts';
import { inviteLinksQuery, loadInvite, loadJoinTarget } from './records.ts';

const INVITE_KEYS: readonly SortKey[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];

export const inviteHandlers = {
  listOrganizationInviteLinks: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    const base = inviteLinksQuery(db, params.organizationId);
    return listPage({
      query,
      keys: INVITE_KEYS,
      ...keysetQueries(db, base, INVITE_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentInvite(row, orgActor),
    });
  },

  createOrganizationInvite: ({ params, body, actor, services: { db, clock } }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    if (org.invite_links !== 1) {
      throw conflict('invite links are turned off for this organization (set `inviteLinks` to true first)');
    }
    const now = clock.now();
    const row: InvitesTable = {
      id: newId(),
      organization_id: org.id,
      role: body.role,
      created_by: actor.userId,
      created_at: now.toISOString(),
    };
    db.transaction(() => {
      insertInvite(db, now, row);
    });
    return presentInvite(row, orgActor);
  },

  getOrganizationInviteLink: ({ params, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return presentInvite(loadInvite(db, params.organizationId, params.inviteId), orgActor);
  },

  updateOrganizationInviteById: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return db.transaction(() => {
      const invite = loadInvite(db, params.organizationId, params.inviteId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      changeInviteRole(db, write, invite, body.role);
      return presentInvite({ ...invite, role: body.role }, orgActor);
    });
  },

  deleteOrganizationInviteById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    db.transaction(() => {
      const invite = loadInvite(db, params.organizationId, params.inviteId);
      revokeInvite(
        db,
        { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() },
        invite.id,
      );
    });
    return undefined;
  },

  joinOrganizationWithInvite: ({ params, actor, services: { db, clock } }) => {
    // The caller is not a member yet: possession of the invite id is what grants access.
    const { org, invite } = loadJoinTarget(db, params.organizationId, params.inviteId);
    if (org.invite_links !== 1) throw forbidden('invite links are turned off for this organization');
    const now = clock.now();
    db.transaction(() => {
      joinWithInvite(db, { organizationId: org.id, actorId: actor.userId, now }, invite);
    });
    return {};
  },

  inviteUsersToOrganization: ({ params, body, actor, services: { db, clock } }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.inviteMembers', null);
    const now = clock.now();
    const defaultRole: Role | null = body.role !== undefined ? body.role : (org.default_role as Role | null);
    return db.transaction(() => {
      const write = { organizationId: org.id, actorId: actor.userId, now };
      const users = inviteByEmail(db, write, {
        entries: body.emails,
        role: defaultRole,
        sso: body.sso ?? false,
      });
      return { users, invited: users.length };
    });
  },
} satisfies Handlers;
