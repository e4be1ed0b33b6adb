/**
 * Writing teams and team members, each with its event: the writes of the team handlers, which run them inside their
 * own transaction (after the checks that read).
 */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Database } from '../../storage/database.ts';
import { recordEvent } from '../events.ts';
import type { TeamRow } from './present.ts';

interface TeamWrite {
  organizationId: string;
  actorId: string;
  now: Date;
}

/** Inserts a team with its first members (each once, role `member`). */
export function insertTeam(
  db: Database,
  write: TeamWrite,
  team: { id: string; title: string; members: readonly string[] },
): void {
  const { organizationId, now } = write;
  db.run(
    db.q.insertInto('teams').values({
      id: team.id,
      organization_id: organizationId,
      title: team.title,
      created_at: now.toISOString(),
    }),
  );
  for (const userId of new Set(team.members)) {
    db.run(
      db.q.insertInto('team_members').values({
        team_id: team.id,
        user_id: userId,
        organization_id: organizationId,
        role: 'member',
        added_at: now.toISOString(),
      }),
    );
  }
  recordEvent(db, now, {
    organizationId,
    actorId: write.actorId,
    action: 'team.created',
    subjectType: 'team',
    subjectId: team.id,
    data: { title: team.title, members: team.members.length },
  });
}

export function renameTeam(db: Database, write: TeamWrite, team: TeamRow, title: string): void {
  db.run(db.q.updateTable('teams').set({ title }).where('id', '=', team.id));
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'team.renamed',
    subjectType: 'team',
    subjectId: team.id,
    data: { from: team.title, to: title },
  });
}

export function deleteTeam(db: Database, write: TeamWrite, team: TeamRow): void {
  db.run(db.q.deleteFrom('teams').where('id', '=', team.id));
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'team.deleted',
    subjectType: 'team',
    subjectId: team.id,
    data: { title: team.title, members: Number(team.members) },
  });
}

/**
 * Adds members (`upserts` with no role: kept as they are when already in, else `member`), sets the roles of others,
 * and removes `remove`; a user both upserted and removed ends removed.
 */
export function updateTeamMembers(
  db: Database,
  write: TeamWrite,
  teamId: string,
  upserts: ReadonlyMap<string, TeamRole | undefined>,
  remove: ReadonlySet<string>,
): void {
  const { organizationId, now } = write;
  for (const [userId, role] of upserts) {
    if (remove.has(userId)) continue;
    db.run(
      db.q
        .insertInto('team_members')
        .values({
          team_id: teamId,
          user_id: userId,
          organization_id: organizationId,
          role: role ?? 'member',
          added_at: now.toISOString(),
        })
        .onConflict((oc) =>
          role === undefined
            ? oc.columns(['team_id', 'user_id']).doNothing()
            : oc.columns(['team_id', 'user_id']).doUpdateSet({ role }),
        ),
    );
  }
  if (remove.size > 0) {
    db.run(
      db.q
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('user_id', 'in', [...remove]),
    );
  }
  recordEvent(db, now, {
    organizationId,
    actorId: write.actorId,
    action: 'team.members_updated',
    subjectType: 'team',
    subjectId: teamId,
    data: { added: [...upserts.keys()].filter((id) => !remove.has(id)), removed: [...remove] },
  });
}

/** Puts `userId` in the team with `role`, or changes their role. */
export function setTeamMember(
  db: Database,
  write: TeamWrite,
  teamId: string,
  userId: string,
  role: TeamRole,
): void {
  db.run(
    db.q
      .insertInto('team_members')
      .values({
        team_id: teamId,
        user_id: userId,
        organization_id: write.organizationId,
        role,
        added_at: write.now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role })),
  );
  recordEvent(db, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'team.member_set',
    subjectType: 'team',
    subjectId: teamId,
    data: { userId, role },
  });
}

/**
 * Takes `userId` out of the team, with its event; someone who is not in the team changes nothing (no event), which is
 * not an error (DELETE is idempotent).
 */
export function removeTeamMember(db: Database, write: TeamWrite, teamId: string, userId: string): void {
  const removed = db.run(
    db.q.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId),
  );
  if (removed > 0) {
    recordEvent(db, write.now, {
      organizationId: write.organizationId,
      actorId: write.actorId,
      action: 'team.member_removed',
      subjectType: 'team',
      subjectId: teamId,
      data: { userId },
    });
  }
}
