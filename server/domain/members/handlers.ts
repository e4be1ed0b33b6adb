/**
 * Handlers: list, get, change the role of, remove, ping and mark as SSO the members of an organization. They read
 * and write through the store; each write runs in one transaction with the reads it depends on (the caller's
 * standing, the member, the last-admin count).
 */
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { loadOrgAccessIn } from '../access.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { ContentLevels } from '../collections/levels.ts';
import { spaceListBase } from '../spaces/lists.ts';
import { presentSpace } from '../spaces/present.ts';
import { changeMemberRole, markMemberSso, removeMember, touchLastSeen } from './commands.ts';
import { loadMemberIn, presentMember, type MemberRow } from './present.ts';
import { keepOneAdminIn, memberListQueries } from './records.ts';
import { spaceCountsIn } from './spaces.ts';

const SORT_COLUMNS = {
  joinedAt: 'm.joined_at',
  lastSeenAt: 'm.last_seen_at',
  name: 'u.display_name',
} as const;

export const memberHandlers = {
  listMembersInOrganizationById: async ({ params, query, actor, services, baseUrl }) => {
    const { org, actor: orgActor } = await loadOrgAccessIn(
      services.store,
      params.organizationId,
      actor.userId,
    );
    authorize(orgActor, 'organization.listMembers', null);
    const sort = query.sort ?? 'joinedAt';
    const direction = query.order ?? 'desc';
    const keys: SortKey[] = [
      { column: SORT_COLUMNS[sort], direction, folded: sort === 'name' },
      { column: 'm.user_id', direction },
    ];
    const list = memberListQueries(
      services.store,
      params.organizationId,
      { role: query.role, search: query.search, seenOnly: sort === 'lastSeenAt' },
      keys,
    );
    const page = await listPageIn({
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
      count: list.filtered ? list.count : async () => org.member_count,
      present: (row: MemberRow) => row,
    });
    const roles = new Set(page.items.map((row) => row.role as Role | null));
    const spaces = await spaceCountsIn(services, params.organizationId, roles);
    return { ...page, items: page.items.map((row) => presentMember(row, baseUrl, spaces)) };
  },

  getMemberInOrganizationById: async ({ params, actor, services, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(services.store, params.organizationId, actor.userId);
    authorize(orgActor, 'member.view', { userId: params.userId });
    const member = await loadMemberIn(services.store, params.organizationId, params.userId);
    return presentMember(
      member,
      baseUrl,
      await spaceCountsIn(services, params.organizationId, [member.role as Role | null]),
    );
  },

  updateMemberInOrganizationById: async ({ params, body, actor, services, baseUrl }) => {
    const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
    const member = await services.store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'member.updateRole', { userId: params.userId });
      const target = await loadMemberIn(tx, params.organizationId, params.userId);
      if (body.role !== 'admin')
        await keepOneAdminIn(tx, params.organizationId, target, 'cannot change the role');
      await changeMemberRole(tx, { ...write, now: services.clock.now() }, target.role, body.role);
      return { ...target, role: body.role };
    });
    return presentMember(
      member,
      baseUrl,
      await spaceCountsIn(services, params.organizationId, [member.role]),
    );
  },

  removeMemberFromOrganizationById: async ({ params, actor, services }) => {
    const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
    await services.store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'member.remove', { userId: params.userId });
      const target = await loadMemberIn(tx, params.organizationId, params.userId);
      await keepOneAdminIn(tx, params.organizationId, target, 'cannot remove the member');
      await removeMember(tx, { ...write, now: services.clock.now() }, target.role);
    });
    return undefined;
  },

  updateOrganizationMemberLastSeenAt: async ({ params, actor, services: { store, clock } }) => {
    await loadOrgAccessIn(store, params.organizationId, actor.userId);
    await touchLastSeen(store, params.organizationId, actor.userId, clock.now());
    return {};
  },

  setUserAsSSOMemberForOrganization: async ({ params, actor, services, baseUrl }) => {
    const write = { organizationId: params.organizationId, userId: params.userId, actorId: actor.userId };
    const member = await services.store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'member.setSSO', { userId: params.userId });
      const target = await loadMemberIn(tx, params.organizationId, params.userId);
      await markMemberSso(tx, { ...write, now: services.clock.now() });
      return { ...target, sso: 1 };
    });
    return presentMember(
      member,
      baseUrl,
      await spaceCountsIn(services, params.organizationId, [member.role as Role | null]),
    );
  },

  listSpacesForOrganizationMember: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'member.viewSpaces', { userId: params.userId });
    const member = await loadMemberIn(store, params.organizationId, params.userId);
    // The member's levels decide which spaces are listed and `permission`; `space.permissions` are the caller's.
    const memberLevels = await ContentLevels.loadIn(store, params.organizationId, {
      userId: member.user_id,
      role: member.role as Role | null,
      ownsTeam: false,
    });
    const callerLevels = await ContentLevels.loadIn(store, params.organizationId, orgActor);
    const direction = query.order ?? 'asc';
    const keys: SortKey[] = [
      { column: 's.title', direction, folded: true },
      { column: 's.id', direction },
    ];
    return listPageIn({
      query,
      keys,
      ...keysetQueriesIn(store, spaceListBase(memberLevels), keys),
      keyOf: (row) => [row.title.toLowerCase(), row.id],
      present: (row) => ({
        permission: memberLevels.levelOf(row),
        space: presentSpace(row, callerLevels.levelOf(row), orgActor, baseUrl),
      }),
    });
  },
} satisfies Handlers;
