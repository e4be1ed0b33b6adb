/** Handlers: invite links (list, create, get, change role, revoke, join) and email invites. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Invite } from '../../../shared/contract/resources/organizations.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize, roleRank, type OrgActor } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { addMember, ensureUser } from '../organizations/commands.ts';
import { recordEmailInvite } from './email-invites.ts';

const INVITE_KEYS: readonly SortKey[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];

function presentInvite(row: InvitesTable, actor: OrgActor): Invite {
  const role = row.role as Role | null;
  return { object: 'invite', id: row.id, role, redundant: roleRank(actor.role) >= roleRank(role) };
}

function loadInvite(db: Database, organizationId: string, inviteId: string): InvitesTable {
  const row = db.first(
    db.q
      .selectFrom('invites')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', inviteId),
  );
  if (!row) throw notFound(`no invite link with id \`${inviteId}\` in this organization`);
  return row;
}

export const inviteHandlers = {
  listOrganizationInviteLinks: ({ params, query, actor, services: { db } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    const base = db.q.selectFrom('invites').selectAll().where('organization_id', '=', params.organizationId);
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
      db.run(db.q.insertInto('invites').values(row));
      recordEvent(db, now, {
        organizationId: org.id,
        actorId: actor.userId,
        action: 'invite.created',
        subjectType: 'invite',
        subjectId: row.id,
        data: { role: body.role },
      });
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
      db.run(db.q.updateTable('invites').set({ role: body.role }).where('id', '=', invite.id));
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'invite.role_changed',
        subjectType: 'invite',
        subjectId: invite.id,
        data: { from: invite.role, to: body.role },
      });
      return presentInvite({ ...invite, role: body.role }, orgActor);
    });
  },

  deleteOrganizationInviteById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    db.transaction(() => {
      const invite = loadInvite(db, params.organizationId, params.inviteId);
      db.run(db.q.deleteFrom('invites').where('id', '=', invite.id));
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'invite.revoked',
        subjectType: 'invite',
        subjectId: invite.id,
      });
    });
    return undefined;
  },

  joinOrganizationWithInvite: ({ params, actor, services: { db, clock } }) => {
    // The caller is not a member yet: possession of the invite id is what grants access.
    const org = db.first(
      db.q.selectFrom('organizations').selectAll().where('id', '=', params.organizationId),
    );
    const invite = org
      ? db.first(
          db.q
            .selectFrom('invites')
            .selectAll()
            .where('organization_id', '=', org.id)
            .where('id', '=', params.inviteId),
        )
      : undefined;
    if (!org || !invite)
      throw notFound(`no invite link with id \`${params.inviteId}\` for this organization`);
    if (org.invite_links !== 1) throw forbidden('invite links are turned off for this organization');
    const now = clock.now();
    db.transaction(() => {
      if (addMember(db, now, org.id, actor.userId, invite.role as Role | null)) {
        recordEvent(db, now, {
          organizationId: org.id,
          actorId: actor.userId,
          action: 'member.joined',
          subjectType: 'member',
          subjectId: actor.userId,
          data: { invite: invite.id, role: invite.role },
        });
      }
    });
    return {};
  },

  inviteUsersToOrganization: ({ params, body, actor, services: { db, clock } }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.inviteMembers', null);
    const now = clock.now();
    const defaultRole: Role | null = body.role !== undefined ? body.role : (org.default_role as Role | null);
    return db.transaction(() => {
      const users: string[] = [];
      const seen = new Set<string>();
      for (const entry of body.emails) {
        const email = (typeof entry === 'string' ? entry : entry.email).trim().toLowerCase();
        if (seen.has(email)) continue;
        seen.add(email);
        const role = typeof entry === 'string' ? defaultRole : entry.role;
        const user = ensureUser(db, now, email);
        if (addMember(db, now, org.id, user.id, role, body.sso ?? false)) {
          users.push(user.id);
          recordEmailInvite(db, now, {
            organizationId: org.id,
            userId: user.id,
            role,
            invitedBy: actor.userId,
          });
        }
      }
      recordEvent(db, now, {
        organizationId: org.id,
        actorId: actor.userId,
        action: 'member.invited',
        subjectType: 'organization',
        subjectId: org.id,
        data: { users, requested: body.emails.length },
      });
      return { users, invited: users.length };
    });
  },
} satisfies Handlers;
