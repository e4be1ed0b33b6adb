/**
 * The plan: what to change in a live organization (snapshot.ts) so that it matches a file (schema.ts), as ordered
 * steps an apply runs one by one, each with a sentence for the preview and, where it can hurt, why.
 *
 * Rules:
 * - Items are matched by their id where the file keeps one that still exists, else by name: a member by email (any
 *   case), a team by title, a collection by title under the same (matched) parent. A matched item whose name
 *   differs is renamed, never replaced.
 * - Dangerous steps say so: removing or demoting an admin, deleting a team, deleting a collection (and what is
 *   inside it).
 * - A step that cannot run yet says why (`blocked`): adding someone to a team before they joined the organization.
 * - Order: members invited and promoted first (so an organization never runs out of admins), then teams, team
 *   members and collections parents first, then moves; deletions come last, children before parents, members last.
 *   An empty plan means the organization matches the file.
 */
import type { Static } from '@sinclair/typebox';
import type { Role, TeamRole } from '../contract/constants.ts';
import type { DefaultLevel } from '../contract/resources/content.ts';
import type { OrgFile, OrgFileCollection } from './schema.ts';
import type { LiveCollection, LiveMember, OrgSnapshot } from './snapshot.ts';

type Level = Static<typeof DefaultLevel>;

/** A team that exists, or one the plan creates (by its title). */
export type TeamRef = { id: string; title: string } | { new: string };
/** A collection that exists, or one the plan creates (by its path in the file: titles joined by ` / `). */
export type CollectionRef = { id: string; title: string } | { new: string };

export type PlanStep = (
  | { resource: 'member'; action: 'create'; email: string; role: Role | null }
  | {
      resource: 'member';
      action: 'update';
      userId: string;
      email: string;
      from: Role | null;
      to: Role | null;
    }
  | { resource: 'member'; action: 'delete'; userId: string; email: string; role: Role | null }
  | { resource: 'team'; action: 'create'; title: string }
  | { resource: 'team'; action: 'update'; teamId: string; from: string; to: string }
  | { resource: 'team'; action: 'delete'; teamId: string; title: string }
  | {
      resource: 'team-member';
      action: 'create';
      team: TeamRef;
      email: string;
      userId?: string;
      role: TeamRole;
    }
  | {
      resource: 'team-member';
      action: 'update';
      team: TeamRef;
      email: string;
      userId: string;
      from: TeamRole;
      to: TeamRole;
    }
  | { resource: 'team-member'; action: 'delete'; team: TeamRef; email: string; userId: string }
  | {
      resource: 'collection';
      action: 'create';
      path: string;
      title: string;
      parent: CollectionRef | null;
      description?: string;
      defaultLevel: Level;
    }
  | {
      resource: 'collection';
      action: 'update';
      collectionId: string;
      path: string;
      changes: { title?: [string, string]; description?: [string, string]; defaultLevel?: [Level, Level] };
    }
  | { resource: 'collection'; action: 'move'; collectionId: string; path: string; to: CollectionRef | null }
  | { resource: 'collection'; action: 'delete'; collectionId: string; path: string; inside: number }
) & {
  /** What the step does, as the preview says it. */
  label: string;
  /** Why it can hurt, when it can. */
  dangerous?: string;
  /** Why it cannot run yet, when it cannot. */
  blocked?: string;
};

export type PlanResource = PlanStep['resource'];

export interface Plan {
  steps: PlanStep[];
  /** Per resource, how many are created, changed (updated or moved) and deleted. */
  counts: Record<PlanResource, { create: number; update: number; delete: number }>;
  dangerous: number;
  blocked: number;
}

const roleName = (role: Role | null | 'inherit') => (role === null ? 'guest' : role);
const levelName = (level: Level) => (level === null ? 'no access' : level);

/** Matches file items to live ones: by id first (where it still exists), then by a name key among the rest. */
function matcher<L extends { id: string }>(live: readonly L[], key: (item: L) => string) {
  const byId = new Map(live.map((item) => [item.id, item]));
  const taken = new Set<string>();
  const byKey = new Map<string, L[]>();
  for (const item of live) byKey.set(key(item), [...(byKey.get(key(item)) ?? []), item]);
  return {
    match(id: string | undefined, name: string): L | undefined {
      const found =
        (id !== undefined ? byId.get(id) : undefined) ??
        (byKey.get(name) ?? []).find((item) => !taken.has(item.id) && (id === undefined || !byId.has(id)));
      if (found === undefined || taken.has(found.id)) return undefined;
      taken.add(found.id);
      return found;
    },
    unmatched: () => live.filter((item) => !taken.has(item.id)),
  };
}

/** The plan that makes `live` match `file`. */
export function planOrgFile(file: OrgFile, live: OrgSnapshot): Plan {
  const early: PlanStep[] = [];
  const middle: PlanStep[] = [];
  const late: PlanStep[] = [];
  const last: PlanStep[] = [];

  // Members.
  const members = matcher(live.members, (member) => (member.email ?? '').toLowerCase());
  const userByEmail = new Map<string, LiveMember>();
  const demotions: PlanStep[] = [];
  for (const wanted of file.members) {
    const email = wanted.email.toLowerCase();
    const found = members.match(wanted.id, email);
    if (found === undefined) {
      early.push({
        resource: 'member',
        action: 'create',
        email: wanted.email,
        role: wanted.role,
        label: `Invite ${wanted.email} as ${roleName(wanted.role)}`,
      });
      continue;
    }
    userByEmail.set(email, found);
    if (found.role !== wanted.role) {
      const step: PlanStep = {
        resource: 'member',
        action: 'update',
        userId: found.id,
        email: wanted.email,
        from: found.role,
        to: wanted.role,
        label: `Change ${wanted.email}'s role from ${roleName(found.role)} to ${roleName(wanted.role)}`,
        ...(found.role === 'admin'
          ? { dangerous: `${wanted.email} is an admin and would no longer be one` }
          : {}),
      };
      (wanted.role === 'admin' ? early : demotions).push(step);
    }
  }
  early.push(...demotions);
  for (const gone of members.unmatched())
    last.push({
      resource: 'member',
      action: 'delete',
      userId: gone.id,
      email: gone.email ?? gone.id,
      role: gone.role,
      label: `Remove ${gone.email ?? gone.name} from the organization`,
      ...(gone.role === 'admin' ? { dangerous: `${gone.email ?? gone.name} is an admin` } : {}),
    });
  const liveEmail = new Map(live.members.map((member) => [member.id, member.email ?? member.id]));

  // Teams and their members.
  const teams = matcher(live.teams, (team) => team.title);
  for (const wanted of file.teams) {
    const found = teams.match(wanted.id, wanted.title);
    const ref: TeamRef = found === undefined ? { new: wanted.title } : { id: found.id, title: wanted.title };
    if (found === undefined)
      middle.push({
        resource: 'team',
        action: 'create',
        title: wanted.title,
        label: `Create team “${wanted.title}”`,
      });
    else if (found.title !== wanted.title)
      middle.push({
        resource: 'team',
        action: 'update',
        teamId: found.id,
        from: found.title,
        to: wanted.title,
        label: `Rename team “${found.title}” to “${wanted.title}”`,
      });
    const current = new Map((found?.members ?? []).map((member) => [member.userId, member.role]));
    const kept = new Set<string>();
    for (const member of wanted.members) {
      const user = userByEmail.get(member.email.toLowerCase());
      const role = user !== undefined ? current.get(user.id) : undefined;
      if (user !== undefined) kept.add(user.id);
      if (role === undefined)
        middle.push({
          resource: 'team-member',
          action: 'create',
          team: ref,
          email: member.email,
          ...(user !== undefined ? { userId: user.id } : {}),
          role: member.role,
          label: `Add ${member.email} to team “${wanted.title}” as ${member.role}`,
          ...(user === undefined ? { blocked: `${member.email} is invited, not yet a member` } : {}),
        });
      else if (role !== member.role)
        middle.push({
          resource: 'team-member',
          action: 'update',
          team: ref,
          email: member.email,
          userId: user!.id,
          from: role,
          to: member.role,
          label: `Make ${member.email} ${member.role} of team “${wanted.title}” (was ${role})`,
        });
    }
    for (const [userId] of current)
      if (!kept.has(userId))
        late.push({
          resource: 'team-member',
          action: 'delete',
          team: ref,
          email: liveEmail.get(userId) ?? userId,
          userId,
          label: `Remove ${liveEmail.get(userId) ?? userId} from team “${wanted.title}”`,
        });
  }
  for (const gone of teams.unmatched())
    late.push({
      resource: 'team',
      action: 'delete',
      teamId: gone.id,
      title: gone.title,
      label: `Delete team “${gone.title}”`,
      dangerous: `its ${gone.members.length} members lose the access the team gives`,
    });

  // Collections, parents first.
  const parentOf = new Map(live.collections.map((c) => [c.id, c.parent]));
  const collections = matcher(live.collections, (c) => `${c.parent ?? ''}\u0000${c.title}`);
  const byId = new Map(live.collections.map((c) => [c.id, c]));
  const walk = (list: readonly OrgFileCollection[], parent: CollectionRef | null, prefix: string) => {
    for (const wanted of list) {
      const path = prefix === '' ? wanted.title : `${prefix} / ${wanted.title}`;
      const parentId = parent !== null && 'id' in parent ? parent.id : undefined;
      const found =
        parent !== null && 'new' in parent
          ? wanted.id !== undefined
            ? collections.match(wanted.id, '\u0001')
            : undefined
          : collections.match(wanted.id, `${parentId ?? ''}\u0000${wanted.title}`);
      if (found === undefined) {
        middle.push({
          resource: 'collection',
          action: 'create',
          path,
          title: wanted.title,
          parent,
          ...(wanted.description !== undefined ? { description: wanted.description } : {}),
          defaultLevel: wanted.defaultLevel,
          label: `Create collection “${path}”, ${levelName(wanted.defaultLevel)} by default`,
        });
        walk(wanted.collections ?? [], { new: path }, path);
        continue;
      }
      const changes: Extract<PlanStep, { resource: 'collection'; action: 'update' }>['changes'] = {};
      if (found.title !== wanted.title) changes.title = [found.title, wanted.title];
      const description = wanted.description ?? '';
      if ((found.description ?? '') !== description)
        changes.description = [found.description ?? '', description];
      if (found.defaultLevel !== wanted.defaultLevel)
        changes.defaultLevel = [found.defaultLevel, wanted.defaultLevel];
      if (Object.keys(changes).length > 0)
        middle.push({
          resource: 'collection',
          action: 'update',
          collectionId: found.id,
          path,
          changes,
          label: `Change collection “${path}”: ${[
            ...(changes.title ? [`title from “${changes.title[0]}”`] : []),
            ...(changes.description ? ['description'] : []),
            ...(changes.defaultLevel
              ? [
                  `default access ${levelName(changes.defaultLevel[0])} → ${levelName(changes.defaultLevel[1])}`,
                ]
              : []),
          ].join(', ')}`,
        });
      const liveParent = parentOf.get(found.id);
      if ((liveParent ?? undefined) !== parentId || (parent !== null && 'new' in parent))
        late.push({
          resource: 'collection',
          action: 'move',
          collectionId: found.id,
          path,
          to: parent,
          label: `Move collection “${found.title}” ${parent === null ? 'to the top level' : `into “${prefix}”`}`,
        });
      walk(wanted.collections ?? [], { id: found.id, title: wanted.title }, path);
    }
  };
  walk(file.collections, null, '');
  const gone = new Set(collections.unmatched().map((c) => c.id));
  const pathOf = (c: LiveCollection): string => {
    const parent = c.parent !== undefined ? byId.get(c.parent) : undefined;
    return parent === undefined ? c.title : `${pathOf(parent)} / ${c.title}`;
  };
  const insideOf = (id: string): number =>
    live.collections.filter((c) => c.parent === id).reduce((n, c) => n + 1 + insideOf(c.id), 0);
  for (const c of live.collections) {
    // A collection whose parent goes too goes with it: one step, at the top of what goes.
    if (!gone.has(c.id) || (c.parent !== undefined && gone.has(c.parent))) continue;
    const inside = insideOf(c.id);
    last.unshift({
      resource: 'collection',
      action: 'delete',
      collectionId: c.id,
      path: pathOf(c),
      inside,
      label: `Delete collection “${pathOf(c)}”${inside > 0 ? ` and the ${inside} collections inside it` : ''}`,
      dangerous: 'a deleted collection takes what it holds with it',
    });
  }

  const steps = [...early, ...middle, ...late, ...last];
  const counts = Object.fromEntries(
    (['member', 'team', 'team-member', 'collection'] as const).map((resource) => [
      resource,
      { create: 0, update: 0, delete: 0 },
    ]),
  ) as Plan['counts'];
  for (const step of steps) counts[step.resource][step.action === 'move' ? 'update' : step.action] += 1;
  return {
    steps,
    counts,
    dangerous: steps.filter((step) => step.dangerous !== undefined).length,
    blocked: steps.filter((step) => step.blocked !== undefined).length,
  };
}
