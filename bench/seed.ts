/** Seeds a data directory with one large organization, through the server's own storage and commands. */
import type { Role, TeamRole } from '../shared/contract/index.ts';
import {
  addMember,
  createOrganization,
  ensureUser,
  issueToken,
} from '../server/domain/organizations/commands.ts';
import { newId } from '../server/ids.ts';
import { openDatabase } from '../server/storage/database.ts';

/** What the load generator needs to know about the seeded organization. */
export interface Seeded {
  orgId: string;
  /** A token of the organization's admin (its owner). */
  token: string;
  teamIds: string[];
  /** Members who are not admins: safe targets for role changes. */
  nonAdminIds: string[];
  memberCount: number;
}

/** How big an organization to seed. */
export interface SeedSize {
  members: number;
  teams: number;
}

const START = Date.parse('2025-01-01T00:00:00.000Z');

/** Organization-wide role of the i-th seeded member: 1% admins, 10% guests, the rest spread over the other roles. */
function roleOf(i: number): Role | null {
  if (i % 100 === 0) return 'admin';
  if (i % 10 === 5) return null;
  const others: Role[] = ['create', 'review', 'edit', 'comment', 'read'];
  return others[i % others.length] ?? 'read';
}

/** Creates the organization in `dataDir` and closes the database again. */
export function seedOrganization(dataDir: string, size: SeedSize): Seeded {
  const db = openDatabase(dataDir);
  try {
    const at = new Date(START);
    const owner = ensureUser(db, at, 'bench.admin@example.com', 'Bench Admin');
    const org = createOrganization(db, at, { title: 'Bench Organization', ownerId: owner.id });
    const token = issueToken(db, at, owner.id, 'bench');
    const teamIds = Array.from({ length: size.teams }, () => newId());
    const nonAdminIds: string[] = [];

    db.transaction(() => {
      teamIds.forEach((id, t) => {
        const title = `Team ${String(t + 1).padStart(4, '0')}`;
        db.run(
          db.q
            .insertInto('teams')
            .values({ id, organization_id: org.id, title, created_at: at.toISOString() }),
        );
      });
      for (let i = 0; i < size.members; i++) {
        const joined = new Date(START + (i + 1) * 60_000);
        const { id } = ensureUser(db, joined, `member${i}@example.com`);
        const role = roleOf(i);
        addMember(db, joined, org.id, id, role);
        if (role !== 'admin') nonAdminIds.push(id);
        // Each member is in one or two teams; the first members own their first team.
        const first = i % size.teams;
        const second = (i * 7 + 3) % size.teams;
        const memberships: [number, TeamRole][] = [[first, i < 2 * size.teams ? 'owner' : 'member']];
        if (second !== first && i % 3 !== 0) memberships.push([second, 'member']);
        for (const [t, teamRole] of memberships) {
          db.run(
            db.q.insertInto('team_members').values({
              team_id: teamIds[t] as string,
              user_id: id,
              organization_id: org.id,
              role: teamRole,
              added_at: joined.toISOString(),
            }),
          );
        }
      }
    });
    return { orgId: org.id, token, teamIds, nonAdminIds, memberCount: size.members + 1 };
  } finally {
    db.close();
  }
}
