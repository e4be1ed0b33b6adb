/**
 * Handlers: roles given to people and teams on spaces and collections (GitBook's `inviteToSpace`,
 * `listUserPermissionsInSpace`, ... and their collection twins). Lists need the item's view (members only, not
 * guests); changes need the admin level on it. Each change records one audit event about the item.
 */
import type { Role } from '../../../shared/contract/index.ts';
import type { InviteUsersAndTeams } from '../../../shared/contract/resources/permissions.ts';
import { badRequest, notFound } from '../../errors.ts';
import { UNCHANGED, type Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor, keysetQueries, listPage, type ListPage } from '../../http/pagination.ts';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import type { CollectionsTable, SpacesTable } from '../../storage/schema.ts';
import { resolveCollectionAccess } from '../collections/access.ts';
import type { ContentLevels } from '../collections/levels.ts';
import { recordEvent } from '../events.ts';
import { presentUser } from '../members/present.ts';
import { resolveSpaceAccess } from '../spaces/access.ts';
import { presentTeam } from '../teams/present.ts';
import { aggregateAccess } from './aggregate.ts';
import type { GranteeType } from './grants.ts';
import {
  checkInvitees,
  deleteGrant,
  ensureGrantee,
  grantedRole,
  grantOn,
  insertGrants,
  TEAM_GRANT_KEYS,
  teamGrantsQuery,
  updateGrant,
  USER_GRANT_KEYS,
  userGrantsQuery,
  userKeyOf,
  type Target,
} from './records.ts';

/** A space, collection or site as the caller reaches it: what grants there are about, and the caller's level. */
export interface Scope {
  target: Target;
  actor: OrgActor;
  level: Role | null;
}

/** A space or collection as the caller reaches it. */
interface Reached extends Scope {
  target: Target & { type: 'space' | 'collection' };
  levels: ContentLevels;
  item: { type: 'space'; row: SpacesTable } | { type: 'collection'; row: CollectionsTable };
}

function reachSpace(db: Database, spaceId: string, userId: string): Reached {
  const { space, actor, level, levels } = resolveSpaceAccess(db, spaceId, { userId });
  return {
    target: { type: 'space', id: space.id, organizationId: space.organization_id },
    actor,
    level,
    levels,
    item: { type: 'space', row: space },
  };
}

function reachCollection(db: Database, collectionId: string, userId: string): Reached {
  const { collection, actor, level, levels } = resolveCollectionAccess(db, collectionId, { userId });
  return {
    target: { type: 'collection', id: collection.id, organizationId: collection.organization_id },
    actor,
    level,
    levels,
    item: { type: 'collection', row: collection },
  };
}

export function canView(scope: Scope): void {
  const { actor, level, target } = scope;
  authorize(actor, `${target.type}.viewPermissions`, { level });
}

function canManage(scope: Scope): void {
  const { actor, level, target } = scope;
  authorize(actor, `${target.type}.managePermissions`, { level });
}

const ACTIONS = {
  space: {
    granted: 'space.permissions_granted',
    user_changed: 'space.user_permission_changed',
    team_changed: 'space.team_permission_changed',
    user_removed: 'space.user_permission_removed',
    team_removed: 'space.team_permission_removed',
  },
  collection: {
    granted: 'collection.permissions_granted',
    user_changed: 'collection.user_permission_changed',
    team_changed: 'collection.team_permission_changed',
    user_removed: 'collection.user_permission_removed',
    team_removed: 'collection.team_permission_removed',
  },
  site: {
    granted: 'site.permissions_granted',
    user_changed: 'site.user_permission_changed',
    team_changed: 'site.team_permission_changed',
    user_removed: 'site.user_permission_removed',
    team_removed: 'site.team_permission_removed',
  },
} as const;

function record(
  db: Database,
  at: Date,
  reached: Scope,
  actorId: string,
  action: keyof (typeof ACTIONS)['space'],
  data: Record<string, unknown>,
): void {
  recordEvent(db, at, {
    organizationId: reached.target.organizationId,
    actorId,
    action: ACTIONS[reached.target.type][action],
    subjectType: reached.target.type,
    subjectId: reached.target.id,
    data,
  });
}

export function invite(
  db: Database,
  at: Date,
  reached: Scope,
  body: InviteUsersAndTeams,
  actorId: string,
): void {
  canManage(reached);
  const role = grantedRole(body.role, 'body field `role`');
  const users = body.users ?? [];
  const teams = body.teams ?? [];
  if (users.length === 0 && teams.length === 0)
    throw badRequest('body field `users`: name at least one user (or a team in `teams`)');
  db.transaction(() => {
    checkInvitees(db, reached.target, 'user', users, 'users');
    checkInvitees(db, reached.target, 'team', teams, 'teams');
    insertGrants(db, at, reached.target, 'user', users, role);
    insertGrants(db, at, reached.target, 'team', teams, role);
    record(db, at, reached, actorId, 'granted', { role, users, teams });
  });
}

export function update(
  db: Database,
  at: Date,
  reached: Scope,
  granteeType: GranteeType,
  granteeId: string,
  body: { role?: Role | null | undefined },
  actorId: string,
): undefined {
  canManage(reached);
  const field = granteeType === 'user' ? 'userId' : 'teamId';
  ensureGrantee(db, reached.target.organizationId, granteeType, granteeId, `path parameter \`${field}\``);
  const role = body.role === undefined ? undefined : grantedRole(body.role, 'body field `role`');
  db.transaction(() => {
    const before = grantOn(db, reached.target, granteeType, granteeId);
    if (before === undefined)
      throw notFound(
        `path parameter \`${field}\`: ${granteeType} \`${granteeId}\` has no role on this ${reached.target.type}; give one with the invite operation`,
      );
    if (role === undefined || role === before) return;
    updateGrant(db, reached.target, granteeType, granteeId, role);
    record(db, at, reached, actorId, granteeType === 'user' ? 'user_changed' : 'team_changed', {
      [granteeType]: granteeId,
      before,
      role,
    });
  });
  return undefined;
}

export function remove(
  db: Database,
  at: Date,
  reached: Scope,
  granteeType: GranteeType,
  granteeId: string,
  actorId: string,
): undefined | typeof UNCHANGED {
  canManage(reached);
  const field = granteeType === 'user' ? 'userId' : 'teamId';
  ensureGrantee(db, reached.target.organizationId, granteeType, granteeId, `path parameter \`${field}\``);
  return db.transaction(() => {
    const before = grantOn(db, reached.target, granteeType, granteeId);
    if (before === undefined) return UNCHANGED;
    deleteGrant(db, reached.target, granteeType, granteeId);
    record(db, at, reached, actorId, granteeType === 'user' ? 'user_removed' : 'team_removed', {
      [granteeType]: granteeId,
      before,
    });
    return undefined;
  });
}

export function listUsers(
  db: Database,
  reached: Scope,
  query: { page?: string; limit?: number },
  baseUrl: string,
) {
  canView(reached);
  return listPage({
    query,
    keys: USER_GRANT_KEYS,
    ...keysetQueries(db, userGrantsQuery(reached.target), USER_GRANT_KEYS),
    keyOf: userKeyOf,
    present: (row) => ({ permission: row.role as Role, user: presentUser(baseUrl, row) }),
  });
}

export function listTeams(
  db: Database,
  reached: Scope,
  query: { page?: string; limit?: number },
  userId: string,
) {
  canView(reached);
  return listPage({
    query,
    keys: TEAM_GRANT_KEYS,
    ...keysetQueries(db, teamGrantsQuery(reached.target, userId), TEAM_GRANT_KEYS),
    keyOf: (row) => [row.title.toLowerCase(), row.id],
    present: (row) => ({ permission: row.role as Role, team: presentTeam(row, reached.actor) }),
  });
}

function aggregate(
  db: Database,
  reached: Reached,
  query: { page?: string; limit?: number; role?: Role },
  baseUrl: string,
) {
  canView(reached);
  const rows = aggregateAccess(db, reached.levels, reached.item).filter(
    (row) => query.role === undefined || row.level === query.role,
  );
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const after = decodeCursor(query.page, 2);
  const start = after === undefined ? 0 : rows.findIndex((row) => afterKey(userKeyOf(row), after));
  const shown = start < 0 ? [] : rows.slice(start, start + limit);
  const page: ListPage<{ permission: Role; user: ReturnType<typeof presentUser> }> = {
    items: shown.map((row) => ({ permission: row.level, user: presentUser(baseUrl, row) })),
    count: rows.length,
  };
  const last = shown.at(-1);
  if (last !== undefined && start + limit < rows.length) page.next = { page: encodeCursor(userKeyOf(last)) };
  return page;
}

/** Whether `keys` come after the cursor's `after` (name, then id). */
function afterKey(keys: readonly (string | number)[], after: readonly (string | number)[]): boolean {
  for (let index = 0; index < keys.length; index += 1) {
    const a = String(keys[index]);
    const b = String(after[index]);
    if (a !== b) return a > b;
  }
  return false;
}

export const permissionHandlers = {
  inviteToSpace: ({ params, body, actor, services: { db, clock } }) => {
    invite(db, clock.now(), reachSpace(db, params.spaceId, actor.userId), body, actor.userId);
    return undefined;
  },
  listUserPermissionsInSpace: ({ params, query, actor, services: { db }, baseUrl }) =>
    listUsers(db, reachSpace(db, params.spaceId, actor.userId), query, baseUrl),
  listTeamPermissionsInSpace: ({ params, query, actor, services: { db } }) =>
    listTeams(db, reachSpace(db, params.spaceId, actor.userId), query, actor.userId),
  updateUserPermissionInSpace: ({ params, body, actor, services: { db, clock } }) =>
    update(
      db,
      clock.now(),
      reachSpace(db, params.spaceId, actor.userId),
      'user',
      params.userId,
      body,
      actor.userId,
    ),
  updateTeamPermissionInSpace: ({ params, body, actor, services: { db, clock } }) =>
    update(
      db,
      clock.now(),
      reachSpace(db, params.spaceId, actor.userId),
      'team',
      params.teamId,
      body,
      actor.userId,
    ),
  removeUserFromSpace: ({ params, actor, services: { db, clock } }) =>
    remove(
      db,
      clock.now(),
      reachSpace(db, params.spaceId, actor.userId),
      'user',
      params.userId,
      actor.userId,
    ),
  removeTeamFromSpace: ({ params, actor, services: { db, clock } }) =>
    remove(
      db,
      clock.now(),
      reachSpace(db, params.spaceId, actor.userId),
      'team',
      params.teamId,
      actor.userId,
    ),
  listPermissionsAggregateInSpace: ({ params, query, actor, services: { db }, baseUrl }) =>
    aggregate(db, reachSpace(db, params.spaceId, actor.userId), query, baseUrl),

  inviteToCollection: ({ params, body, actor, services: { db, clock } }) => {
    invite(db, clock.now(), reachCollection(db, params.collectionId, actor.userId), body, actor.userId);
    return undefined;
  },
  listUserPermissionsInCollection: ({ params, query, actor, services: { db }, baseUrl }) =>
    listUsers(db, reachCollection(db, params.collectionId, actor.userId), query, baseUrl),
  listTeamPermissionsInCollection: ({ params, query, actor, services: { db } }) =>
    listTeams(db, reachCollection(db, params.collectionId, actor.userId), query, actor.userId),
  updateUserPermissionInCollection: ({ params, body, actor, services: { db, clock } }) =>
    update(
      db,
      clock.now(),
      reachCollection(db, params.collectionId, actor.userId),
      'user',
      params.userId,
      body,
      actor.userId,
    ),
  updateTeamPermissionInCollection: ({ params, body, actor, services: { db, clock } }) =>
    update(
      db,
      clock.now(),
      reachCollection(db, params.collectionId, actor.userId),
      'team',
      params.teamId,
      body,
      actor.userId,
    ),
  removeUserFromCollection: ({ params, actor, services: { db, clock } }) =>
    remove(
      db,
      clock.now(),
      reachCollection(db, params.collectionId, actor.userId),
      'user',
      params.userId,
      actor.userId,
    ),
  removeTeamFromCollection: ({ params, actor, services: { db, clock } }) =>
    remove(
      db,
      clock.now(),
      reachCollection(db, params.collectionId, actor.userId),
      'team',
      params.teamId,
      actor.userId,
    ),
  listPermissionsAggregateInCollection: ({ params, query, actor, services: { db }, baseUrl }) =>
    aggregate(db, reachCollection(db, params.collectionId, actor.userId), query, baseUrl),
} satisfies Handlers;
