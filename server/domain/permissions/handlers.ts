/**
 * Handlers: roles given to people and teams on spaces and collections (GitBook's `inviteToSpace`,
 * `listUserPermissionsInSpace`, ... and their collection twins). Lists need the item's view (members only, not
 * guests); changes need the admin level on it. Each change records one audit event about the item, in one
 * transaction of the store with what it depends on: the caller's level on the item, the people and teams named,
 * and the grants they already have.
 */
import type { Role } from '../../../shared/contract/index.ts';
import type { InviteUsersAndTeams } from '../../../shared/contract/resources/permissions.ts';
import { badRequest, notFound } from '../../errors.ts';
import { UNCHANGED, type Handlers } from '../../http/context.ts';
import {
  decodeCursor,
  encodeCursor,
  keysetQueriesIn,
  listPageIn,
  type ListPage,
} from '../../http/pagination.ts';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { authorize, type OrgActor } from '../../policies/index.ts';
import type { CollectionsTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements, Store } from '../../storage/store/store.ts';
import { resolveCollectionAccessIn } from '../collections/access.ts';
import type { ContentLevels } from '../collections/levels.ts';
import { recordEventIn } from '../events.ts';
import { presentUser } from '../members/present.ts';
import { resolveSpaceAccessIn } from '../spaces/access.ts';
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

/** Reads the scope through a store or a transaction (a write's: what authorizes it is read in it). */
export type Reach<S extends Scope = Scope> = (on: Statements) => Promise<S>;

/** `collections`: with the organization's collections (the aggregate resolves every member's level). */
const reachSpace =
  (spaceId: string, userId: string, collections = false): Reach<Reached> =>
  async (on) => {
    const { space, actor, level, levels } = await resolveSpaceAccessIn(
      on,
      spaceId,
      { userId },
      { collections },
    );
    return {
      target: { type: 'space', id: space.id, organizationId: space.organization_id },
      actor,
      level,
      levels,
      item: { type: 'space', row: space },
    };
  };

const reachCollection =
  (collectionId: string, userId: string, collections = false): Reach<Reached> =>
  async (on) => {
    const { collection, actor, level, levels } = await resolveCollectionAccessIn(
      on,
      collectionId,
      { userId },
      { collections },
    );
    return {
      target: { type: 'collection', id: collection.id, organizationId: collection.organization_id },
      actor,
      level,
      levels,
      item: { type: 'collection', row: collection },
    };
  };

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
  tx: Statements,
  at: Date,
  reached: Scope,
  actorId: string,
  action: keyof (typeof ACTIONS)['space'],
  data: Record<string, unknown>,
): Promise<void> {
  return recordEventIn(tx, at, {
    organizationId: reached.target.organizationId,
    actorId,
    action: ACTIONS[reached.target.type][action],
    subjectType: reached.target.type,
    subjectId: reached.target.id,
    data,
  });
}

export async function invite(
  store: Store,
  at: Date,
  reach: Reach,
  body: InviteUsersAndTeams,
  actorId: string,
): Promise<undefined> {
  await store.transaction(async (tx) => {
    const reached = await reach(tx);
    canManage(reached);
    const role = grantedRole(body.role, 'body field `role`');
    const users = body.users ?? [];
    const teams = body.teams ?? [];
    if (users.length === 0 && teams.length === 0)
      throw badRequest('body field `users`: name at least one user (or a team in `teams`)');
    await checkInvitees(tx, reached.target, 'user', users, 'users');
    await checkInvitees(tx, reached.target, 'team', teams, 'teams');
    await insertGrants(tx, at, reached.target, 'user', users, role);
    await insertGrants(tx, at, reached.target, 'team', teams, role);
    await record(tx, at, reached, actorId, 'granted', { role, users, teams });
  });
  return undefined;
}

export async function update(
  store: Store,
  at: Date,
  reach: Reach,
  granteeType: GranteeType,
  granteeId: string,
  body: { role?: Role | null | undefined },
  actorId: string,
): Promise<undefined> {
  await store.transaction(async (tx) => {
    const reached = await reach(tx);
    canManage(reached);
    const field = granteeType === 'user' ? 'userId' : 'teamId';
    await ensureGrantee(
      tx,
      reached.target.organizationId,
      granteeType,
      granteeId,
      `path parameter \`${field}\``,
    );
    const role = body.role === undefined ? undefined : grantedRole(body.role, 'body field `role`');
    const before = await grantOn(tx, reached.target, granteeType, granteeId);
    if (before === undefined)
      throw notFound(
        `path parameter \`${field}\`: ${granteeType} \`${granteeId}\` has no role on this ${reached.target.type}; give one with the invite operation`,
      );
    if (role === undefined || role === before) return;
    await updateGrant(tx, reached.target, granteeType, granteeId, role);
    await record(tx, at, reached, actorId, granteeType === 'user' ? 'user_changed' : 'team_changed', {
      [granteeType]: granteeId,
      before,
      role,
    });
  });
  return undefined;
}

export function remove(
  store: Store,
  at: Date,
  reach: Reach,
  granteeType: GranteeType,
  granteeId: string,
  actorId: string,
): Promise<undefined | typeof UNCHANGED> {
  return store.transaction(async (tx) => {
    const reached = await reach(tx);
    canManage(reached);
    const field = granteeType === 'user' ? 'userId' : 'teamId';
    await ensureGrantee(
      tx,
      reached.target.organizationId,
      granteeType,
      granteeId,
      `path parameter \`${field}\``,
    );
    const before = await grantOn(tx, reached.target, granteeType, granteeId);
    if (before === undefined) return UNCHANGED;
    await deleteGrant(tx, reached.target, granteeType, granteeId);
    await record(tx, at, reached, actorId, granteeType === 'user' ? 'user_removed' : 'team_removed', {
      [granteeType]: granteeId,
      before,
    });
    return undefined;
  });
}

export async function listUsers(
  store: Store,
  reach: Reach,
  query: { page?: string; limit?: number },
  baseUrl: string,
) {
  const reached = await reach(store);
  canView(reached);
  return listPageIn({
    query,
    keys: USER_GRANT_KEYS,
    ...keysetQueriesIn(store, userGrantsQuery(reached.target), USER_GRANT_KEYS),
    keyOf: userKeyOf,
    present: (row) => ({ permission: row.role as Role, user: presentUser(baseUrl, row) }),
  });
}

export async function listTeams(
  store: Store,
  reach: Reach,
  query: { page?: string; limit?: number },
  userId: string,
) {
  const reached = await reach(store);
  canView(reached);
  return listPageIn({
    query,
    keys: TEAM_GRANT_KEYS,
    ...keysetQueriesIn(store, teamGrantsQuery(reached.target, userId), TEAM_GRANT_KEYS),
    keyOf: (row) => [row.title.toLowerCase(), row.id],
    present: (row) => ({ permission: row.role as Role, team: presentTeam(row, reached.actor) }),
  });
}

async function aggregate(
  store: Store,
  reach: Reach<Reached>,
  query: { page?: string; limit?: number; role?: Role },
  baseUrl: string,
) {
  const reached = await reach(store);
  canView(reached);
  const rows = (await aggregateAccess(store, reached.levels, reached.item)).filter(
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
  inviteToSpace: ({ params, body, actor, services: { store, clock } }) =>
    invite(store, clock.now(), reachSpace(params.spaceId, actor.userId), body, actor.userId),
  listUserPermissionsInSpace: ({ params, query, actor, services: { store }, baseUrl }) =>
    listUsers(store, reachSpace(params.spaceId, actor.userId), query, baseUrl),
  listTeamPermissionsInSpace: ({ params, query, actor, services: { store } }) =>
    listTeams(store, reachSpace(params.spaceId, actor.userId), query, actor.userId),
  updateUserPermissionInSpace: ({ params, body, actor, services: { store, clock } }) =>
    update(
      store,
      clock.now(),
      reachSpace(params.spaceId, actor.userId),
      'user',
      params.userId,
      body,
      actor.userId,
    ),
  updateTeamPermissionInSpace: ({ params, body, actor, services: { store, clock } }) =>
    update(
      store,
      clock.now(),
      reachSpace(params.spaceId, actor.userId),
      'team',
      params.teamId,
      body,
      actor.userId,
    ),
  removeUserFromSpace: ({ params, actor, services: { store, clock } }) =>
    remove(store, clock.now(), reachSpace(params.spaceId, actor.userId), 'user', params.userId, actor.userId),
  removeTeamFromSpace: ({ params, actor, services: { store, clock } }) =>
    remove(store, clock.now(), reachSpace(params.spaceId, actor.userId), 'team', params.teamId, actor.userId),
  listPermissionsAggregateInSpace: ({ params, query, actor, services: { store }, baseUrl }) =>
    aggregate(store, reachSpace(params.spaceId, actor.userId, true), query, baseUrl),

  inviteToCollection: ({ params, body, actor, services: { store, clock } }) =>
    invite(store, clock.now(), reachCollection(params.collectionId, actor.userId), body, actor.userId),
  listUserPermissionsInCollection: ({ params, query, actor, services: { store }, baseUrl }) =>
    listUsers(store, reachCollection(params.collectionId, actor.userId), query, baseUrl),
  listTeamPermissionsInCollection: ({ params, query, actor, services: { store } }) =>
    listTeams(store, reachCollection(params.collectionId, actor.userId), query, actor.userId),
  updateUserPermissionInCollection: ({ params, body, actor, services: { store, clock } }) =>
    update(
      store,
      clock.now(),
      reachCollection(params.collectionId, actor.userId),
      'user',
      params.userId,
      body,
      actor.userId,
    ),
  updateTeamPermissionInCollection: ({ params, body, actor, services: { store, clock } }) =>
    update(
      store,
      clock.now(),
      reachCollection(params.collectionId, actor.userId),
      'team',
      params.teamId,
      body,
      actor.userId,
    ),
  removeUserFromCollection: ({ params, actor, services: { store, clock } }) =>
    remove(
      store,
      clock.now(),
      reachCollection(params.collectionId, actor.userId),
      'user',
      params.userId,
      actor.userId,
    ),
  removeTeamFromCollection: ({ params, actor, services: { store, clock } }) =>
    remove(
      store,
      clock.now(),
      reachCollection(params.collectionId, actor.userId),
      'team',
      params.teamId,
      actor.userId,
    ),
  listPermissionsAggregateInCollection: ({ params, query, actor, services: { store }, baseUrl }) =>
    aggregate(store, reachCollection(params.collectionId, actor.userId, true), query, baseUrl),
} satisfies Handlers;
