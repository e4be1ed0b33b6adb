/** Loading an organization as the caller sees it: a caller who is not a member gets 404, never a hint. */
import { sql } from 'kysely';
import type { Role } from '../../shared/contract/index.ts';
import { notFound } from '../errors.ts';
import type { OrgActor } from '../policies/index.ts';
import { builder, type Compilable, type Database } from '../storage/database.ts';
import { prepared } from '../storage/prepared.ts';
import type { OrganizationsTable } from '../storage/schema.ts';
import type { Statements } from '../storage/store/store.ts';

export interface OrgAccess {
  org: OrganizationsTable;
  actor: OrgActor;
}

const orgAccess = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('organizations as o')
    .innerJoin('members as m', (join) =>
      join.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', userId),
    )
    .selectAll('o')
    .select('m.role as member_role')
    .select(ownsTeamColumn(userId))
    .where('o.id', '=', organizationId)
    .where('m.disabled', '=', 0),
);
type OrgAccessRow = ReturnType<typeof orgAccess> extends Compilable<infer R> ? R : never;

/**
 * The organization and the caller's standing in it, or 404. `keep`: the row is kept for the next call with the same
 * ids while nothing is written (`Database.keep`): the check before a body is read hands it to the handler.
 */
export function loadOrgAccess(db: Database, organizationId: string, userId: string, keep = false): OrgAccess {
  const key = `org\u0000${organizationId}\u0000${userId}`;
  const row = db.takeKept<OrgAccessRow>(key) ?? db.first(orgAccess(organizationId, userId));
  const access = orgAccessOf(row, organizationId, userId);
  if (keep) db.keep(key, row);
  return access;
}

/**
 * As `loadOrgAccess`, read through a store or a transaction, never from a kept read: inside a transaction, the
 * caller's standing that a write is authorized by is read in it (a kept read predates the transaction).
 */
export async function loadOrgAccessIn(
  on: Statements,
  organizationId: string,
  userId: string,
): Promise<OrgAccess> {
  return orgAccessOf(await on.first(orgAccess(organizationId, userId)), organizationId, userId);
}

function orgAccessOf(row: OrgAccessRow | undefined, organizationId: string, userId: string): OrgAccess {
  if (!row) throw notFound(`no organization with id \`${organizationId}\``);
  const { member_role, owns_team, ...org } = row;
  return {
    org,
    actor: {
      userId,
      role: member_role as Role | null,
      ownsTeam: Boolean(owns_team),
      grantsInOrganization: Number(org.permission_count) > 0,
    },
  };
}

/** Selects `owns_team`: whether `userId` owns a team of the organization aliased `o` in the query. */
export function ownsTeamColumn(userId: string) {
  return sql<number>`EXISTS (SELECT 1 FROM team_members AS owned WHERE owned.organization_id = o.id AND owned.user_id = ${userId} AND owned.role = 'owner')`.as(
    'owns_team',
  );
}

/** Escapes `%`, `_` and `\` for a LIKE pattern used with `ESCAPE '\'`. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
