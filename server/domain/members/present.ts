/** Member rows to API objects, and the query that loads them with their counts. */
import type { Role, User } from '../../../shared/contract/index.ts';
import type { Member } from '../../../shared/contract/resources/members.ts';
import { notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';

export interface MemberRow {
  user_id: string;
  role: string | null;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
  email: string;
  display_name: string;
  photo_url: string | null;
  teams: number | bigint | string | null;
}

export function presentUser(
  baseUrl: string,
  row: { user_id: string; email: string; display_name: string; photo_url: string | null },
) {
  // Optional fields are assigned in their place, not spread from a conditional object (see `presentSpace`).
  const user = {
    object: 'user',
    id: row.user_id,
    displayName: row.display_name,
    email: row.email,
  } as User & { email: string };
  if (row.photo_url !== null) user.photoURL = row.photo_url;
  user.urls = { location: `${baseUrl}/v1/users/${row.user_id}` };
  return user;
}

/**
 * `spaces` counts the spaces the member may view: pass `spaceCountsIn(services, organizationId, roles)` of the roles
 * presented (spaces.ts); without it the count is 0.
 */
export function presentMember(
  row: MemberRow,
  baseUrl: string,
  spaceCount?: (role: Role | null) => number,
): Member {
  const member: Member = {
    object: 'member',
    id: row.user_id,
    role: row.role as Role | null,
    user: presentUser(baseUrl, row),
    disabled: row.disabled === 1,
    joinedAt: row.joined_at,
  } as Member;
  if (row.last_seen_at !== null) member.lastSeenAt = row.last_seen_at;
  member.sso = row.sso === 1;
  member.spaces = spaceCount ? spaceCount(row.role as Role | null) : 0;
  member.teams = Number(row.teams);
  return member;
}

/**
 * Members joined with their user and team count, built once: Kysely's builders are immutable, and parsing this
 * selection on every list showed in profiles of the members page.
 */
const MEMBERS = builder
  .selectFrom('members as m')
  .innerJoin('users as u', 'u.id', 'm.user_id')
  .select([
    'm.user_id',
    'm.role',
    'm.disabled',
    'm.sso',
    'm.joined_at',
    'm.last_seen_at',
    'u.email',
    'u.display_name',
    'u.photo_url',
  ])
  .select((eb) =>
    eb
      .selectFrom('team_members as tm')
      .select(eb.fn.countAll().as('n'))
      .whereRef('tm.organization_id', '=', 'm.organization_id')
      .whereRef('tm.user_id', '=', 'm.user_id')
      .as('teams'),
  );

/** Members of an organization joined with their user and team count; narrow it with `where`. */
export function memberQuery(organizationId: string) {
  return MEMBERS.where('m.organization_id', '=', organizationId);
}

/** One member by user id, built once. */
export const memberById = prepared((organizationId: string, userId: string) =>
  memberQuery(organizationId).where('m.user_id', '=', userId),
);

/** The member, or a 404 naming the id, read through a store or a transaction. */
export async function loadMemberIn(
  on: Statements,
  organizationId: string,
  userId: string,
): Promise<MemberRow> {
  const row = await on.first(memberById(organizationId, userId));
  if (!row) throw notFound(`no member with id \`${userId}\` in this organization`);
  return row;
}
