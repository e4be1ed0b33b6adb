/** Handlers: the members of a team (list, bulk update, set one, remove one). */
import type { TeamRole } from '../../../shared/contract/index.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { authorize, can } from '../../policies/index.ts';
import type { Database } from '../../storage/database.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { loadMember, memberQuery, presentMember } from '../members/present.ts';
import { spaceCounter } from '../members/spaces.ts';
import { loadTeam } from './handlers.ts';

const TEAM_MEMBER_KEYS: readonly SortKey[] = [
  { column: 'u.display_name', direction: 'asc', folded: true },
  { column: 'm.user_id', direction: 'asc' },
];

/**
 * Resolves user ids or emails to members of the organization, in order; a reference that matches no member is a
 * 400 naming its place in the request: `field[index]` for a list, `field.<reference>` for the keys of a map.
 * Ids match exactly, emails case-insensitively.
 */
export function resolveMembers(
  db: Database,
  organizationId: string,
  refs: readonly string[],
  field: string,
  shape: 'list' | 'map' = 'list',
): string[] {
  if (refs.length === 0) return [];
  const rows = db.all(
    db.q
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([
          eb('m.user_id', 'in', [...refs]),
          eb(
            'u.email',
            'in',
            refs.map((r) => r.toLowerCase()),
          ),
        ]),
      ),
  );
  const byId = new Map(rows.map((row) => [row.user_id, row.user_id]));
  const byEmail = new Map(rows.map((row) => [row.email, row.user_id]));
  return refs.map((ref, index) => {
    const userId = byId.get(ref) ?? byEmail.get(ref.toLowerCase());
    if (userId === undefined) {
      const place = shape === 'map' ? `${field}.${ref}` : `${field}[${index}]`;
      throw badRequest(
        `body field \`${place}\`: no member of this organization has the id or email \`${ref}\``,
      );
    }
    return userId;
  });
}

function teamSubject(team: { id: string; actor_role: string | null }) {
  return { teamId: team.id, actorTeamRole: team.actor_role as TeamRole | null };
}

export const teamMemberHandlers = {
  listTeamMembersInOrganizationById: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.view', teamSubject(team));
    const base = memberQuery(params.organizationId)
      .innerJoin('team_members as tm', (join) =>
        join.onRef('tm.user_id', '=', 'm.user_id').on('tm.team_id', '=', team.id),
      )
      .select('tm.role as team_role');
    const spaceCount = spaceCounter(db, params.organizationId);
    return listPage({
      query,
      keys: TEAM_MEMBER_KEYS,
      ...keysetQueries(db, base, TEAM_MEMBER_KEYS),
      keyOf: (row) => [row.display_name.toLowerCase(), row.user_id],
      present: (row) => ({
        organization: presentMember(row, baseUrl, spaceCount),
        team: { role: row.team_role as TeamRole },
        permissions: { view: can(orgActor, 'member.view', { userId: row.user_id }) },
      }),
    });
  },

  updateMembersInOrganizationTeam: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    const now = clock.now();
    db.transaction(() => {
      const add = resolveMembers(db, params.organizationId, body.add ?? [], 'add');
      const remove = new Set(resolveMembers(db, params.organizationId, body.remove ?? [], 'remove'));
      const memberships = Object.entries(body.memberships ?? {});
      const membershipIds = resolveMembers(
        db,
        params.organizationId,
        memberships.map(([ref]) => ref),
        'memberships',
        'map',
      );
      const roles = new Map<string, TeamRole>();
      membershipIds.forEach((userId, index) => {
        const entry = memberships[index];
        if (entry) roles.set(userId, entry[1].role);
      });
      // A user both added and removed ends removed.
      const upserts = new Map<string, TeamRole | undefined>();
      for (const userId of add) upserts.set(userId, roles.get(userId));
      for (const [userId, role] of roles) upserts.set(userId, role);
      for (const [userId, role] of upserts) {
        if (remove.has(userId)) continue;
        db.run(
          db.q
            .insertInto('team_members')
            .values({
              team_id: team.id,
              user_id: userId,
              organization_id: params.organizationId,
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
            .where('team_id', '=', team.id)
            .where('user_id', 'in', [...remove]),
        );
      }
      recordEvent(db, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'team.members_updated',
        subjectType: 'team',
        subjectId: team.id,
        data: { added: [...upserts.keys()].filter((id) => !remove.has(id)), removed: [...remove] },
      });
    });
    return undefined;
  },

  addMemberToOrganizationTeamById: ({ params, body, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    loadMember(db, params.organizationId, params.userId);
    const now = clock.now();
    db.transaction(() => {
      db.run(
        db.q
          .insertInto('team_members')
          .values({
            team_id: team.id,
            user_id: params.userId,
            organization_id: params.organizationId,
            role: body.role,
            added_at: now.toISOString(),
          })
          .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role: body.role })),
      );
      recordEvent(db, now, {
        organizationId: params.organizationId,
        actorId: actor.userId,
        action: 'team.member_set',
        subjectType: 'team',
        subjectId: team.id,
        data: { userId: params.userId, role: body.role },
      });
    });
    return undefined;
  },

  deleteMemberFromOrganizationTeamById: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    const team = loadTeam(db, params.organizationId, params.teamId, actor.userId);
    authorize(orgActor, 'team.admin', teamSubject(team));
    loadMember(db, params.organizationId, params.userId);
    db.transaction(() => {
      // Removing someone who is not in the team changes nothing and is not an error (DELETE is idempotent).
      const removed = db.run(
        db.q.deleteFrom('team_members').where('team_id', '=', team.id).where('user_id', '=', params.userId),
      );
      if (removed > 0) {
        recordEvent(db, clock.now(), {
          organizationId: params.organizationId,
          actorId: actor.userId,
          action: 'team.member_removed',
          subjectType: 'team',
          subjectId: team.id,
          data: { userId: params.userId },
        });
      }
    });
    return undefined;
  },
} satisfies Handlers;
