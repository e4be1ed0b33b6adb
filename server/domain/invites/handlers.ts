/**
 * Handlers: invite links (list, create, get, change role, revoke, join) and email invites. A write runs in one
 * transaction of the store with every read it depends on (the caller's standing, the organization's settings, the
 * invite): nothing between the check and the write, on SQLite (the store's lock) as on PostgreSQL (SERIALIZABLE).
 */
import type { Role } from '../../../shared/contract/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { InvitesTable } from '../../storage/schema.ts';
import { loadOrgAccessIn } from '../access.ts';
import { changeInviteRole, insertInvite, inviteByEmail, joinWithInvite, revokeInvite } from './commands.ts';
import { presentInvite } from './present.ts';
import { inviteLinksQuery, loadInvite, loadJoinTarget } from './records.ts';

const INVITE_KEYS: readonly SortKey[] = [
  { column: 'created_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];

export const inviteHandlers = {
  listOrganizationInviteLinks: async ({ params, query, actor, services: { store } }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return listPageIn({
      query,
      keys: INVITE_KEYS,
      ...keysetQueriesIn(store, inviteLinksQuery(params.organizationId), INVITE_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => presentInvite(row, orgActor),
    });
  },

  createOrganizationInvite: async ({ params, body, actor, services: { store, clock } }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { org, actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageInvites', null);
      if (org.invite_links !== 1) {
        throw conflict('invite links are turned off for this organization (set `inviteLinks` to true first)');
      }
      const row: InvitesTable = {
        id: newId(),
        organization_id: org.id,
        role: body.role,
        created_by: actor.userId,
        created_at: now.toISOString(),
      };
      await insertInvite(tx, now, row);
      return presentInvite(row, orgActor);
    });
  },

  getOrganizationInviteLink: async ({ params, actor, services: { store } }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageInvites', null);
    return presentInvite(await loadInvite(store, params.organizationId, params.inviteId), orgActor);
  },

  updateOrganizationInviteById: async ({ params, body, actor, services: { store, clock } }) =>
    store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageInvites', null);
      const invite = await loadInvite(tx, params.organizationId, params.inviteId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await changeInviteRole(tx, write, invite, body.role);
      return presentInvite({ ...invite, role: body.role }, orgActor);
    }),

  deleteOrganizationInviteById: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageInvites', null);
      const invite = await loadInvite(tx, params.organizationId, params.inviteId);
      const write = { organizationId: params.organizationId, actorId: actor.userId, now: clock.now() };
      await revokeInvite(tx, write, invite.id);
    });
    return undefined;
  },

  joinOrganizationWithInvite: async ({ params, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      // The caller is not a member yet: possession of the invite id is what grants access.
      const { org, invite } = await loadJoinTarget(tx, params.organizationId, params.inviteId);
      if (org.invite_links !== 1) throw forbidden('invite links are turned off for this organization');
      await joinWithInvite(tx, { organizationId: org.id, actorId: actor.userId, now }, invite);
    });
    return {};
  },

  inviteUsersToOrganization: async ({ params, body, actor, services: { store, clock } }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { org, actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.inviteMembers', null);
      const defaultRole: Role | null =
        body.role !== undefined ? body.role : (org.default_role as Role | null);
      const write = { organizationId: org.id, actorId: actor.userId, now };
      const users = await inviteByEmail(tx, write, {
        entries: body.emails,
        role: defaultRole,
        sso: body.sso ?? false,
      });
      return { users, invited: users.length };
    });
  },
} satisfies Handlers;
