/**
 * Seeds a browser-mode data directory for the `people` benchmark: the demo (as a first launch would), then 10,000
 * more members and 500 teams in "Acme Docs", through the server's own storage and commands in one transaction.
 */
import { join } from 'node:path';
import type { Role, TeamRole } from '../shared/contract/index.ts';
import { addMember, ensureUser } from '../server/domain/organizations/commands.ts';
import { newId } from '../server/ids.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { openDatabase } from '../server/storage/database.ts';

/** The demo organization the sandbox opens on, which the benchmark grows. */
export const PEOPLE_ORG_TITLE = 'Acme Docs';

/** What the benchmark needs to know about the seeded data. */
export interface PeopleSeed {
  orgId: string;
  /** Members of the organization in all (the demo's and the seeded ones). */
  memberCount: number;
  /** The team left without members: the drop target, whose count goes from 0 to the number dropped. */
  emptyTeamTitle: string;
  /** Searches, each with how many members it matches (`Bench Member 0421` matches `Bench Member 04210` … `04219`). */
  searches: { term: string; matches: number }[];
}

/** How much to add to the demo organization. */
export interface PeopleSeedSize {
  members: number;
  teams: number;
}

/** Four-digit name prefixes searched for: each matches ten members when there are enough. */
const SEARCH_PREFIXES = ['0421', '0777', '0999'];

const ROLES: (Role | null)[] = ['create', 'review', 'edit', 'comment', 'read', null];
const DAY = 86_400_000;

/** Organization role of the i-th seeded member: 1% admins, the rest spread over the others and guests. */
function roleOf(i: number): Role | null {
  return i % 100 === 99 ? 'admin' : (ROLES[i % ROLES.length] ?? 'read');
}

/** The i-th seeded member's display name (five digits, so that a four-digit prefix matches ten members). */
const nameOf = (i: number) => `Bench Member ${String(i).padStart(5, '0')}`;

/** Seeds `<dataDir>/sandbox` (the database the browser-mode supervisor opens) and closes it again. */
export function seedPeople(dataDir: string, size: PeopleSeedSize, now = new Date()): PeopleSeed {
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dataDir} already has a sandbox database`);
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', PEOPLE_ORG_TITLE));
    if (org === undefined) throw new Error(`the demo has no organization titled ${PEOPLE_ORG_TITLE}`);
    const teamIds = Array.from({ length: size.teams }, () => newId());
    // Every team but the last gets members; the last stays empty as the benchmark's drop target.
    const filled = Math.max(1, size.teams - 1);
    db.transaction(() => {
      const created = new Date(now.getTime() - 300 * DAY).toISOString();
      teamIds.forEach((id, t) => {
        const title = `Bench Team ${String(t + 1).padStart(4, '0')}`;
        db.run(db.q.insertInto('teams').values({ id, organization_id: org.id, title, created_at: created }));
      });
      for (let i = 0; i < size.members; i++) {
        const joined = new Date(now.getTime() - 300 * DAY + i * 60_000);
        const { id } = ensureUser(db, joined, `bench.member${i}@example.com`, nameOf(i));
        addMember(db, joined, org.id, id, roleOf(i));
        if (size.teams < 2) continue;
        const first = i % filled;
        const second = (i * 7 + 3) % filled;
        const memberships: [number, TeamRole][] = [[first, i < 2 * filled ? 'owner' : 'member']];
        if (second !== first && i % 3 !== 0) memberships.push([second, 'member']);
        for (const [t, role] of memberships) {
          db.run(
            db.q.insertInto('team_members').values({
              team_id: teamIds[t]!,
              user_id: id,
              organization_id: org.id,
              role,
              added_at: joined.toISOString(),
            }),
          );
        }
      }
    });
    const count = db.first(db.q.selectFrom('organizations').select('member_count').where('id', '=', org.id));
    return {
      orgId: org.id,
      memberCount: count?.member_count ?? 0,
      emptyTeamTitle: `Bench Team ${String(size.teams).padStart(4, '0')}`,
      searches: SEARCH_PREFIXES.map((prefix) => ({
        term: `Bench Member ${prefix}`,
        matches: Math.max(0, Math.min(10, size.members - Number(prefix) * 10)),
      })),
    };
  } finally {
    db.close();
  }
}
