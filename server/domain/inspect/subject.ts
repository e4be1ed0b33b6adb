/**
 * Who is inspected: a member (their organization role, their own grants and their teams') or a team (its grants
 * alone, as a subject without an organization role: what being in the team gives). Grants keep where they come
 * from, for the reasons.
 */
import type { Role } from '../../../shared/contract/index.ts';
import type { ItemGrant, Level } from '../../../shared/access/explain.ts';
import { notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';

export interface Subject {
  role: Level;
  /** By `type:id` of the item. */
  grants: Map<string, ItemGrant[]>;
  /** The sites something was given on (their linked spaces may take the site's grant). */
  siteIds: string[];
}

interface GrantWithSource {
  target_type: string;
  target_id: string;
  grantee_type: string;
  grantee_id: string;
  role: string;
  team_title: string | null;
}

const memberRow = prepared((organizationId: string, userId: string) =>
  builder
    .selectFrom('members')
    .select(['user_id', 'role'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId),
);

const teamRow = prepared((organizationId: string, teamId: string) =>
  builder
    .selectFrom('teams')
    .select(['id', 'title'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', teamId),
);

const grantsBase = () =>
  builder
    .selectFrom('content_permissions as g')
    .leftJoin('teams as t', (join) =>
      join.onRef('t.id', '=', 'g.grantee_id').on('g.grantee_type', '=', 'team'),
    )
    .select([
      'g.target_type',
      'g.target_id',
      'g.grantee_type',
      'g.grantee_id',
      'g.role',
      't.title as team_title',
    ]);

const grantsOfMember = prepared((organizationId: string, userId: string) =>
  grantsBase()
    .where('g.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb.and([eb('g.grantee_type', '=', 'user'), eb('g.grantee_id', '=', userId)]),
        eb.and([
          eb('g.grantee_type', '=', 'team'),
          eb(
            'g.grantee_id',
            'in',
            eb
              .selectFrom('team_members as tm')
              .select('tm.team_id')
              .where('tm.organization_id', '=', organizationId)
              .where('tm.user_id', '=', userId),
          ),
        ]),
      ]),
    ),
);

const grantsOfTeam = prepared((organizationId: string, teamId: string) =>
  grantsBase()
    .where('g.organization_id', '=', organizationId)
    .where('g.grantee_type', '=', 'team')
    .where('g.grantee_id', '=', teamId),
);

function fold(role: Level, rows: readonly GrantWithSource[]): Subject {
  const grants = new Map<string, ItemGrant[]>();
  const siteIds = new Set<string>();
  for (const row of rows) {
    const key = `${row.target_type}:${row.target_id}`;
    const grant: ItemGrant = {
      role: row.role as Role,
      source:
        row.grantee_type === 'user'
          ? { via: 'user' }
          : { via: 'team', teamId: row.grantee_id, teamTitle: row.team_title ?? row.grantee_id },
    };
    const list = grants.get(key);
    if (list === undefined) grants.set(key, [grant]);
    else list.push(grant);
    if (row.target_type === 'site') siteIds.add(row.target_id);
  }
  return { role, grants, siteIds: [...siteIds] };
}

/** A member of the organization (disabled ones included: an access review names them too), or 404. */
export async function memberSubjectIn(
  on: Statements,
  organizationId: string,
  userId: string,
): Promise<Subject> {
  const member = await on.first(memberRow(organizationId, userId));
  if (member === undefined) throw notFound(`no member with id \`${userId}\` in this organization`);
  return fold(member.role as Level, await on.all(grantsOfMember(organizationId, userId)));
}

/** A team of the organization, or 404. */
export async function teamSubjectIn(
  on: Statements,
  organizationId: string,
  teamId: string,
): Promise<Subject> {
  if ((await on.first(teamRow(organizationId, teamId))) === undefined)
    throw notFound(`no team with id \`${teamId}\` in this organization`);
  return fold(null, await on.all(grantsOfTeam(organizationId, teamId)));
}
