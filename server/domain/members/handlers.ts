/** Handlers: list, get, change the role of, remove, ping and mark as SSO the members of an organization. */
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccess } from '../access.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { ContentLevels } from '../collections/levels.ts';
import { spaceListBase } from '../spaces/lists.ts';
import { presentSpace } from '../spaces/present.ts';
import { changeMemberRole, markMemberSso, removeMember, touchLastSeen } from './commands.ts';
import { loadMember, presentMember } from './present.ts';
import { keepOneAdmin, memberListQueries } from './records.ts';
import { spaceCounter } from './spaces.ts';

const SORT_COLUMNS = {
  joinedAt: 'm.joined_at',
  lastSeenAt: 'm.last_seen_at',
  name: 'u.display_name',
} as const;

export const memberHandlers = {
  listMembersInOrganizationById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { org, actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.listMembers', null);
    const sort = query.sort ?? 'joinedAt';
    const direction = query.order ?? 'desc';
    const keys: SortKey[] = [
      { column: SORT_COLUMNS[sort], direction, folded: sort === 'name' },
      { column: 'm.user_id', direction },
    ];
    const list = memberListQueries(
      db,
      params.organizationId,
      { role: query.role, search: query.search, seenOnly: sort === 'lastSeenAt' },
      keys,
    );
    const spaces = spaceCounter(db, params.organizationId);
    return listPage({
      query,
      keys,
      fetch: list.fetch,
      keyOf: (row) => [
        sort === 'joinedAt'
          ? row.joined_at
          : sort === 'name'
            ? row.display_name.toLowerCase()
            : (row.last_seen_at ?? ''),
        row.user_id,
      ],
      // Unfiltered, the stored count answers without counting.
      count: list.filtered ? list.count : () => org.member_count,
      present: (row) => presentMember(row, baseUrl, spaces),
    });
  },

  getMemberInOrganizationById: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.view', { userId: params.userId });
    return presentMember(
      loadMember(db, params.organizationId, params.userId),
      baseUrl,
      spaceCounter(db, params.organizationId),
    );
  },

  updateMemberInOrganizationById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.updateRole', { userId: params.userId });
    return db.transaction(() => {
      const target = loadMember(db, params.organizationId, params.userId);
      if (body.role !== 'admin') keepOneAdmin(db, params.organizationId, target, 'cannot change the role');
      const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
      changeMemberRole(db, { ...write, now: clock.now() }, target.role, body.role);
      return presentMember({ ...target, role: body.role }, baseUrl, spaceCounter(db, params.organizationId));
    });
  },

  removeMemberFromOrganizationById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.remove', { userId: params.userId });
    db.transaction(() => {
      const target = loadMember(db, params.organizationId, params.userId);
      keepOneAdmin(db, params.organizationId, target, 'cannot remove the member');
      const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
      removeMember(db, { ...write, now: clock.now() }, target.role);
    });
    return undefined;
  },

  updateOrganizationMemberLastSeenAt: ({ params, actor, services: { db, clock } }) => {
    loadOrgAccess(db, params.organizationId, actor.userId);
    touchLastSeen(db, params.organizationId, actor.userId, clock.now());
    return {};
  },

  setUserAsSSOMemberForOrganization: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.setSSO', { userId: params.userId });
    return db.transaction(() => {
      const target = loadMember(db, params.organizationId, params.userId);
      const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
      markMemberSso(db, { ...write, now: clock.now() });
      return presentMember({ ...target, sso: 1 }, baseUrl, spaceCounter(db, params.organizationId));
    });
  },

  listSpacesForOrganizationMember: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.viewSpaces', { userId: params.userId });
    const member = loadMember(db, params.organizationId, params.userId);
    // The member's levels decide which spaces are listed and `permission`; `space.permissions` are the caller's.
    const memberLevels = new ContentLevels(db, params.organizationId, {
      userId: member.user_id,
      role: member.role as Role | null,
      ownsTeam: false,
    });
    const callerLevels = new ContentLevels(db, params.organizationId, orgActor);
    const direction = query.order ?? 'asc';
    const keys: SortKey[] = [
      { column: 's.title', direction, folded: true },
      { column: 's.id', direction },
    ];
    return listPage({
      query,
      keys,
      ...keysetQueries(db, spaceListBase(memberLevels), keys),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => ({
        permission: memberLevels.levelOf(row),
        space: presentSpace(row, callerLevels.levelOf(row), orgActor, baseUrl),
      }),
    });
  },
} satisfies Handlers;
