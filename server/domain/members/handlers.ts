/** Handlers: list, get, change the role of, remove, ping and mark as SSO the members of an organization. */
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, orderByKeys, type SortKey } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { builder, type Compilable } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { likeContains, loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import type { Role } from '../../../shared/contract/index.ts';
import { ContentLevels } from '../collections/levels.ts';
import { spaceListBase } from '../spaces/lists.ts';
import { presentSpace } from '../spaces/present.ts';
import { keepOneAdmin, removeMembership } from './commands.ts';
import { loadMember, memberQuery, presentMember, type MemberRow } from './present.ts';
import { spaceCounter } from './spaces.ts';
import { sql, type RawBuilder } from 'kysely';

const SORT_COLUMNS = {
  joinedAt: 'm.joined_at',
  lastSeenAt: 'm.last_seen_at',
  name: 'u.display_name',
} as const;

const setRole = prepared((role: string | null, organizationId: string, userId: string) =>
  builder
    .updateTable('members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);

/**
 * The first page of an unfiltered member list in one order, built once per order (the list's usual request: building
 * it showed in profiles of the members page).
 */
const firstPages = new Map<string, (organizationId: string, take: number) => Compilable<MemberRow>>();
function firstMembers(keys: readonly SortKey[]) {
  const order = JSON.stringify(keys);
  let query = firstPages.get(order);
  if (query === undefined) {
    query = prepared((organizationId: string, take: number) =>
      memberQuery(organizationId).orderBy(orderByKeys(keys)).limit(take),
    );
    firstPages.set(order, query);
  }
  return query;
}

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
    // The same filters narrow the page and the count; the count needs no join with users.
    const conditions: RawBuilder<unknown>[] = [];
    if (query.role === 'guest') conditions.push(sql`m.role IS NULL`);
    else if (query.role !== undefined) conditions.push(sql`m.role = ${query.role}`);
    if (sort === 'lastSeenAt') conditions.push(sql`m.last_seen_at IS NOT NULL`);
    if (query.search !== undefined) {
      const pattern = likeContains(query.search);
      conditions.push(
        sql`EXISTS (SELECT 1 FROM users AS s WHERE s.id = m.user_id AND (lower(s.display_name) LIKE ${pattern} ESCAPE '\\' OR lower(s.email) LIKE ${pattern} ESCAPE '\\'))`,
      );
    }
    const filtered = () =>
      keysetQueries(
        db,
        memberQuery(params.organizationId).where(
          sql<boolean>`(${conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`1 = 1`})`,
        ),
        keys,
      );
    const spaces = spaceCounter(db, params.organizationId);
    return listPage({
      query,
      keys,
      fetch: (after, take) =>
        after === undefined && conditions.length === 0
          ? db.all(firstMembers(keys)(params.organizationId, take))
          : filtered().fetch(after, take),
      keyOf: (row) => [
        sort === 'joinedAt'
          ? row.joined_at
          : sort === 'name'
            ? row.display_name.toLowerCase()
            : (row.last_seen_at ?? ''),
        row.user_id,
      ],
      // Unfiltered, the stored count answers without counting.
      count: conditions.length === 0 ? () => org.member_count : () => filtered().count(),
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
      db.run(setRole(body.role, params.organizationId, params.userId));
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'member.role_changed',
        subjectType: 'member',
        subjectId: params.userId,
        data: { from: target.role, to: body.role },
      });
      return presentMember({ ...target, role: body.role }, baseUrl, spaceCounter(db, params.organizationId));
    });
  },

  removeMemberFromOrganizationById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.remove', { userId: params.userId });
    db.transaction(() => {
      const target = loadMember(db, params.organizationId, params.userId);
      keepOneAdmin(db, params.organizationId, target, 'cannot remove the member');
      removeMembership(db, params.organizationId, params.userId);
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'member.removed',
        subjectType: 'member',
        subjectId: params.userId,
        data: { role: target.role },
      });
    });
    return undefined;
  },

  updateOrganizationMemberLastSeenAt: ({ params, actor, services: { db, clock } }) => {
    loadOrgAccess(db, params.organizationId, actor.userId);
    db.run(
      db.q
        .updateTable('members')
        .set({ last_seen_at: clock.now().toISOString() })
        .where('organization_id', '=', params.organizationId)
        .where('user_id', '=', actor.userId),
    );
    return {};
  },

  setUserAsSSOMemberForOrganization: ({ params, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'member.setSSO', { userId: params.userId });
    return db.transaction(() => {
      const target = loadMember(db, params.organizationId, params.userId);
      db.run(
        db.q
          .updateTable('members')
          .set({ sso: 1 })
          .where('organization_id', '=', params.organizationId)
          .where('user_id', '=', params.userId),
      );
      recordEvent(db, clock.now(), {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'member.sso_set',
        subjectType: 'member',
        subjectId: params.userId,
      });
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
