/**
 * Directory reconciliation (issue 19): the organization file a live organization should have, given an identity
 * provider's directory (read.ts) and a mapping (mapping.ts), and the plan that makes it so. The plan is the
 * organization file's own (`planOrgFile`), so its sentences, its dangers and `applyPlan` are the same.
 *
 * Rules:
 * - The target starts from the live organization's own file (its export), so that nothing the directory does not
 *   speak of (collections, teams the mapping does not name...) changes.
 * - Present people of the directory become members with the role the mapping gives; people not yet members are
 *   invited. Members the directory does not list, or lists as absent, are removed, left, or made guests
 *   (`absent`). Members whose email the API hides are never touched.
 * - A team the mapping names is managed: its members become the present people of its groups, with the highest
 *   team role their groups give; a team it names that does not exist is created. Other teams keep their members
 *   (but not members who leave the organization).
 * - Never removed nor demoted: the caller (they would lose the rights the rest of the apply needs), and the last
 *   admin (the organization would have none). Each exception is a note on the person.
 */
import { exportOrgFile } from '../export.ts';
import { planOrgFile, type Plan, type PlanStep } from '../plan.ts';
import type { OrgFile, OrgFileMember, OrgFileTeamMember } from '../schema.ts';
import type { OrgSnapshot } from '../snapshot.ts';
import { inGroup, mappedRole, roleRank, type DirectoryMapping } from './mapping.ts';
import { peopleOfPlan, type PersonPlan } from './people.ts';
import type { Directory, DirectoryPerson } from './read.ts';

export interface Reconciliation {
  /** The organization file the organization should have. */
  file: OrgFile;
  plan: Plan;
  /** Per person: what the plan does to them, and why some are kept against the mapping. */
  people: PersonPlan[];
}

export interface ReconcileOptions {
  /** The user the apply runs as: never removed nor demoted. */
  callerId?: string;
}

/** The plan's counts and flags, recomputed for a subset of its steps. */
export function planOf(steps: PlanStep[]): Plan {
  const counts = Object.fromEntries(
    (['member', 'team', 'team-member', 'collection'] as const).map((resource) => [
      resource,
      { create: 0, update: 0, delete: 0 },
    ]),
  ) as Plan['counts'];
  for (const step of steps) {
    const bucket = counts[step.resource] ?? { create: 0, update: 0, delete: 0 };
    counts[step.resource] = bucket;
    bucket[step.action === 'move' ? 'update' : step.action] += 1;
  }
  return {
    steps,
    counts,
    dangerous: steps.filter((step) => step.dangerous !== undefined).length,
    blocked: steps.filter((step) => step.blocked !== undefined).length,
  };
}

const TEAM_RANK = { owner: 0, member: 1 } as const;

/** The target file and its plan. */
export function reconcileDirectory(
  live: OrgSnapshot,
  directory: Directory,
  mapping: DirectoryMapping,
  options: ReconcileOptions = {},
): Reconciliation {
  const notes = new Map<string, string[]>();
  const note = (email: string, text: string) =>
    notes.set(email.toLowerCase(), [...(notes.get(email.toLowerCase()) ?? []), text]);
  const base = structuredClone(exportOrgFile(live).file);
  const present = new Map<string, DirectoryPerson>();
  for (const person of directory.people) if (person.present) present.set(person.email.toLowerCase(), person);
  const liveById = new Map(live.members.map((member) => [member.id, member]));

  // Members: the directory's role, or the absent rule.
  const members: OrgFileMember[] = [];
  const dropped = new Map<string, OrgFileMember>();
  const left = new Set<string>();
  for (const member of base.members) {
    const key = member.email.toLowerCase();
    const person = present.get(key);
    if (person !== undefined) {
      members.push({ ...member, role: mappedRole(mapping, person) });
      continue;
    }
    if (mapping.absent === 'leave') {
      left.add(key);
      members.push(member);
    } else if (mapping.absent === 'guest') {
      members.push({ ...member, role: null });
    } else dropped.set(key, member);
  }
  const known = new Set(base.members.map((member) => member.email.toLowerCase()));
  for (const [key, person] of present)
    if (!known.has(key))
      members.push({
        email: person.email,
        ...(person.name !== '' ? { name: person.name } : {}),
        role: mappedRole(mapping, person),
      });

  // The caller and the last admin stay, with their rights.
  const caller = options.callerId !== undefined ? liveById.get(options.callerId) : undefined;
  const protect = (email: string, role: OrgFileMember['role'], why: string) => {
    const key = email.toLowerCase();
    const restored = dropped.get(key);
    if (restored !== undefined) {
      dropped.delete(key);
      members.push(restored);
      note(email, `kept: ${why}`);
      return;
    }
    const member = members.find((m) => m.email.toLowerCase() === key);
    if (member !== undefined && roleRank(member.role) > roleRank(role)) {
      note(email, `kept as ${role ?? 'guest'} rather than ${member.role ?? 'guest'}: ${why}`);
      member.role = role;
    }
  };
  if (caller?.email !== undefined) protect(caller.email, caller.role, 'you are applying the plan');
  if (live.members.some((m) => m.role === 'admin') && !members.some((m) => m.role === 'admin')) {
    const admins = live.members.filter((m) => m.role === 'admin' && m.email !== undefined);
    const keep =
      admins.find((m) => m.id === options.callerId) ??
      admins.sort((a, b) => a.email!.localeCompare(b.email!))[0];
    if (keep?.email !== undefined) protect(keep.email, 'admin', 'the organization would have no admin');
  }

  // Teams: managed ones from the groups; the others lose only who leaves the organization.
  const stays = new Set(members.map((member) => member.email.toLowerCase()));
  const managed = new Map<string, Map<string, OrgFileTeamMember>>();
  for (const entry of mapping.teams) {
    const team = managed.get(entry.team) ?? new Map<string, OrgFileTeamMember>();
    managed.set(entry.team, team);
    for (const [key, person] of present) {
      if (!entry.groups.some((group) => inGroup(person, group))) continue;
      const had = team.get(key);
      if (had === undefined || TEAM_RANK[entry.role] < TEAM_RANK[had.role])
        team.set(key, { email: person.email, role: entry.role });
    }
  }
  const teams = base.teams.map((team) => {
    const wanted = managed.get(team.title);
    if (wanted === undefined)
      return { ...team, members: team.members.filter((m) => stays.has(m.email.toLowerCase())) };
    // Members the absent rule leaves alone keep their place in managed teams too.
    for (const member of team.members)
      if (left.has(member.email.toLowerCase()) && !wanted.has(member.email.toLowerCase()))
        wanted.set(member.email.toLowerCase(), member);
    return { ...team, members: [...wanted.values()].filter((m) => stays.has(m.email.toLowerCase())) };
  });
  for (const [title, wanted] of managed)
    if (!base.teams.some((team) => team.title === title))
      teams.push({ title, members: [...wanted.values()].filter((m) => stays.has(m.email.toLowerCase())) });

  const file: OrgFile = { ...base, members, teams };
  // Members the API shows without an email are not in the file: the file's plan would remove them.
  const hidden = new Set(live.members.filter((m) => m.email === undefined).map((m) => m.id));
  const planned = planOrgFile(file, live);
  const plan =
    hidden.size === 0
      ? planned
      : planOf(
          planned.steps.filter(
            (s) => !(s.resource === 'member' && s.action === 'delete' && hidden.has(s.userId)),
          ),
        );
  const names = new Map(directory.people.map((person) => [person.email.toLowerCase(), person.name]));
  return { file, plan, people: peopleOfPlan(plan, live, notes, names) };
}
