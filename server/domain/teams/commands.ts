/**
 * Writing teams and team members, each with its event: the writes of the team handlers, which run them through
 * their transaction (`tx`), after the checks that read in it.
 */
import type { TeamRole } from '../../../shared/contract/index.ts';
import type { Transaction } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import type { TeamRow } from './present.ts';

interface TeamWrite {
  organizationId: string;
  actorId: string;
  now: Date;
}

/** Inserts a team with its first members (each once, role `member`). */
export async function insertTeam(
  tx: Transaction,
  write: TeamWrite,
  team: { id: string; title: string; members: readonly string[] },
): Promise<void> {
  const { organizationId, now } = write;
  await tx.run(
    tx.q.insertInto('teams').values({
      id: team.id,
      organization_id: organizationId,
      title: team.title,
      created_at: now.toISOString(),
    }),
  );
  for (const userId of new Set(team.members)) {
    await tx.run(
      tx.q.insertInto('team_members').values({
        team_id: team.id,
        user_id: userId,
        organization_id: organizationId,
        role: 'member',
        added_at: now.toISOString(),
      }),
    );
  }
  await recordEventIn(tx, now, {
    organizationId,
    actorId: write.actorId,
    action: 'team.created',
    subjectType: 'team',
    subjectId: team.id,
    data: { title: team.title, members: team.members.length },
  });
}

export async function renameTeam(
  tx: Transaction,
  write: TeamWrite,
  team: TeamRow,
  title: string,
): Promise<void> {
  await tx.run(tx.q.updateTable('teams').set({ title }).where('id', '=', team.id));
  await recordEventIn(tx, write.now, {
    organizationId: write.organizationId,
    actorId: write.actorId,
    action: 'team.renamed',
    subjectType: 'team',
    subjectId: team.id,
    data: { from: team.title, to: title },
  });
}

export async function deleteTeam(tx: Transaction, write: TeamWrite, team: TeamRow): Promise<void> {
  await tx.run(tx.q.deleteFrom('teams').where('id', '=', team.id));
  await recordEventIn(tx, write.now, {
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
export async function updateTeamMembers(
  tx: Transaction,
  write: TeamWrite,
  teamId: string,
  upserts: ReadonlyMap<string, TeamRole | undefined>,
  remove: ReadonlySet<string>,
): Promise<void> {
  const { organizationId, now } = write;
  for (const [userId, role] of upserts) {
    if (remove.has(userId)) continue;
    await tx.run(
      tx.q
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
    await tx.run(
      tx.q
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('user_id', 'in', [...remove]),
    );
  }
  await recordEventIn(tx, now, {
    organizationId,
    actorId: write.actorId,
    action: 'team.members_updated',
    subjectType: 'team',
    subjectId: teamId,
    data: { added: [...upserts.keys()].filter((id) => !remove.has(id)), removed: [...remove] },
  });
}

/** Puts `userId` in the team with `role`, or changes their role. */
export async function setTeamMember(
  tx: Transaction,
  write: TeamWrite,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await tx.run(
    tx.q
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
  await recordEventIn(tx, write.now, {
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
export async function removeTeamMember(
  tx: Transaction,
  write: TeamWrite,
  teamId: string,
  userId: string,
): Promise<void> {
  const removed = await tx.run(
    tx.q.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId),
  );
  if (removed > 0) {
    await recordEventIn(tx, write.now, {
      organizationId: write.organizationId,
      actorId: write.actorId,
      action: 'team.member_removed',
      subjectType: 'team',
      subjectId: teamId,
      data: { userId },
    });
  }
}
