/** Reads and writes of `content_permissions`: the grants on one item, and the people and teams they name. */
import { sql } from 'kysely';
import type { Role } from '../../../shared/contract/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { KeyValue, SortKey } from '../../http/pagination.ts';
import { builder } from '../../storage/database.ts';
import { inJsonArray } from '../../storage/dialect/compile.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { teamQuery } from '../teams/present.ts';
import type { GranteeType, TargetType } from './grants.ts';

export interface Target {
  type: TargetType;
  id: string;
  organizationId: string;
}

const grantOf = prepared((targetType: string, targetId: string, granteeType: string, granteeId: string) =>
  builder
    .selectFrom('content_permissions')
    .select('role')
    .where('target_type', '=', targetType as TargetType)
    .where('target_id', '=', targetId)
    .where('grantee_type', '=', granteeType as GranteeType)
    .where('grantee_id', '=', granteeId),
);

/** The role a person or team was given on the item; undefined for none. */
export async function grantOn(
  on: Statements,
  target: Target,
  granteeType: GranteeType,
  granteeId: string,
): Promise<Role | undefined> {
  return (await on.first(grantOf(target.type, target.id, granteeType, granteeId)))?.role as Role | undefined;
}

/** Gives roles to people or teams on the item (none of them may have one yet: the caller checked). */
export async function insertGrants(
  tx: Statements,
  at: Date,
  target: Target,
  granteeType: GranteeType,
  granteeIds: readonly string[],
  role: Role,
): Promise<void> {
  if (granteeIds.length === 0) return;
  await tx.run(
    tx.q.insertInto('content_permissions').values(
      granteeIds.map((granteeId) => ({
        organization_id: target.organizationId,
        target_type: target.type,
        target_id: target.id,
        grantee_type: granteeType,
        grantee_id: granteeId,
        role,
        created_at: at.toISOString(),
      })),
    ),
  );
}

export async function updateGrant(
  tx: Statements,
  target: Target,
  granteeType: GranteeType,
  granteeId: string,
  role: Role,
): Promise<void> {
  await tx.run(
    tx.q
      .updateTable('content_permissions')
      .set({ role })
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('grantee_type', '=', granteeType)
      .where('grantee_id', '=', granteeId),
  );
}

export async function deleteGrant(
  tx: Statements,
  target: Target,
  granteeType: GranteeType,
  granteeId: string,
): Promise<void> {
  await tx.run(
    tx.q
      .deleteFrom('content_permissions')
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('grantee_type', '=', granteeType)
      .where('grantee_id', '=', granteeId),
  );
}

const memberIn = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);
const teamIn = prepared((organizationId: string, teamId: string) =>
  builder
    .selectFrom('teams')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', teamId),
);

/** 404 unless the person is a member (or the team a team) of the item's organization; `where` names the place. */
export async function ensureGrantee(
  on: Statements,
  organizationId: string,
  granteeType: GranteeType,
  granteeId: string,
  where: string,
): Promise<void> {
  const found =
    granteeType === 'user'
      ? await on.first(memberIn(organizationId, granteeId))
      : await on.first(teamIn(organizationId, granteeId));
  if (!found)
    throw notFound(
      `${where}: no ${granteeType === 'user' ? 'member' : 'team'} with id \`${granteeId}\` in this organization`,
    );
}

/** Refuses a role `null` (a guest's organization role, which grants nothing on an item). */
export function grantedRole(role: Role | null, field: string): Role {
  if (role === null)
    throw badRequest(`${field}: a permission needs a role; remove the permission to take access away`);
  return role;
}

/**
 * Checks an invite's people or teams (`field`: `users` or `teams`): no id twice, each of the organization, none
 * given a role on the item yet (409: change it with the update operation).
 */
export async function checkInvitees(
  on: Statements,
  target: Target,
  granteeType: GranteeType,
  ids: readonly string[],
  field: string,
): Promise<void> {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw badRequest(`body field \`${field}[${index}]\`: \`${id}\` is listed twice`);
    seen.add(id);
  });
  for (const [index, id] of ids.entries())
    await ensureGrantee(on, target.organizationId, granteeType, id, `body field \`${field}[${index}]\``);
  for (const [index, id] of ids.entries()) {
    const role = await grantOn(on, target, granteeType, id);
    if (role !== undefined)
      throw conflict(
        `body field \`${field}[${index}]\`: ${granteeType === 'user' ? 'user' : 'team'} \`${id}\` already has the ${role} role on this ${target.type}; change it instead`,
      );
  }
}

export const USER_GRANT_KEYS: readonly SortKey[] = [
  { column: 'u.display_name', direction: 'asc', folded: true },
  { column: 'u.id', direction: 'asc' },
];
export const TEAM_GRANT_KEYS: readonly SortKey[] = [
  { column: 't.title', direction: 'asc', folded: true },
  { column: 't.id', direction: 'asc' },
];

/** The people given a role on the item, with their user fields. */
export function userGrantsQuery(target: Target) {
  return builder
    .selectFrom('content_permissions as g')
    .innerJoin('users as u', 'u.id', 'g.grantee_id')
    .select(['g.role', 'u.id as user_id', 'u.email', 'u.display_name', 'u.photo_url'])
    .where('g.target_type', '=', target.type)
    .where('g.target_id', '=', target.id)
    .where('g.grantee_type', '=', 'user');
}

/** The teams given a role on the item, as `teamQuery` presents them (for `actorId`), with the role. */
export function teamGrantsQuery(target: Target, actorId: string) {
  return teamQuery(target.organizationId, actorId)
    .innerJoin('content_permissions as g', (join) =>
      join
        .onRef('g.grantee_id', '=', 't.id')
        .on('g.grantee_type', '=', 'team')
        .on('g.target_type', '=', target.type)
        .on('g.target_id', '=', target.id),
    )
    .select('g.role');
}

export const userKeyOf = (row: { display_name: string; user_id: string }): KeyValue[] => [
  row.display_name.toLowerCase(),
  row.user_id,
];

/** Every grant on the given items, by type (JSON lists of ids keep the SQL text fixed). */
const grantsOnItems = prepared((spaces: string, collections: string, sites: string) =>
  builder
    .selectFrom('content_permissions as g')
    .select(['g.target_type', 'g.target_id', 'g.grantee_type', 'g.grantee_id', 'g.role'])
    .where(({ eb, or, and }) =>
      or([
        and([eb('g.target_type', '=', 'space'), inJsonArray(sql.ref('g.target_id'), spaces)]),
        and([eb('g.target_type', '=', 'collection'), inJsonArray(sql.ref('g.target_id'), collections)]),
        and([eb('g.target_type', '=', 'site'), inJsonArray(sql.ref('g.target_id'), sites)]),
      ]),
    ),
);

export function grantsOn(
  on: Statements,
  items: { spaces: readonly string[]; collections: readonly string[]; sites: readonly string[] },
) {
  return on.all(
    grantsOnItems(
      JSON.stringify(items.spaces),
      JSON.stringify(items.collections),
      JSON.stringify(items.sites),
    ),
  );
}

const membersOfTeamList = prepared((teamIds: string) =>
  builder
    .selectFrom('team_members')
    .select(['team_id', 'user_id'])
    .where(inJsonArray(sql.ref('team_id'), teamIds)),
);

/** The members of the given teams. */
export async function membersOfTeams(on: Statements, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  return on.all(membersOfTeamList(JSON.stringify(teamIds)));
}
