/** Member rows to API objects, and the query that loads them with their counts. */
import type { Role } from '../../../shared/contract/index.ts';
import type { Member } from '../../../shared/contract/resources/members.ts';
import type { Database } from '../../storage/database.ts';

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

export function presentUser(baseUrl: string, row: { user_id: string; email: string; display_name: string; photo_url: string | null }) {
  return {
    object: 'user' as const,
    id: row.user_id,
    displayName: row.display_name,
    email: row.email,
    ...(row.photo_url !== null ? { photoURL: row.photo_url } : {}),
    urls: { location: `${baseUrl}/v1/users/${row.user_id}` },
  };
}

export function presentMember(row: MemberRow, baseUrl: string): Member {
  return {
    object: 'member',
    id: row.user_id,
    role: row.role as Role | null,
    user: presentUser(baseUrl, row),
    disabled: row.disabled === 1,
    joinedAt: row.joined_at,
    ...(row.last_seen_at !== null ? { lastSeenAt: row.last_seen_at } : {}),
    sso: row.sso === 1,
    spaces: 0,
    teams: Number(row.teams),
  };
}

/** Members of an organization joined with their user and team count; narrow it with `where`. */
export function memberQuery(db: Database, organizationId: string) {
  return db.q
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', '=', organizationId)
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
}
