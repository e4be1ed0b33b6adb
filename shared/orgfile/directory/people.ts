/**
 * The directory reconciliation per person: what the plan does to each (invite, remove, role a → b, team moves),
 * and after an apply, what was done to each, for the report.
 */
import type { Role, TeamRole } from '../../contract/constants.ts';
import type { StepOutcome } from '../apply.ts';
import type { Plan, PlanStep, TeamRef } from '../plan.ts';
import type { OrgSnapshot } from '../snapshot.ts';

export interface PersonPlan {
  email: string;
  name: string | undefined;
  /** `keep`: no step, only notes (kept against the mapping). */
  action: 'invite' | 'remove' | 'change' | 'keep';
  /** Their organization role before and after (`undefined` before an invite, after a removal). */
  role?: { from: Role | null | undefined; to: Role | null | undefined };
  joins: { team: string; role: TeamRole; blocked?: string }[];
  leaves: string[];
  teamRoles: { team: string; from: TeamRole; to: TeamRole }[];
  /** The indices of the plan's steps about them. */
  steps: number[];
  dangerous: string[];
  notes: string[];
}

const teamTitle = (ref: TeamRef) => ('id' in ref ? ref.title : ref.new);
const roleName = (role: Role | null | undefined) => (role === null ? 'guest' : (role ?? 'none'));

/** The email a step is about, if it is about one person. */
function personOf(step: PlanStep): string | undefined {
  return step.resource === 'member' || step.resource === 'team-member' ? step.email : undefined;
}

/** Per person, in the order of their first step (then the people with notes only), what the plan does. */
export function peopleOfPlan(
  plan: Plan,
  live: OrgSnapshot,
  notes: ReadonlyMap<string, string[]> = new Map(),
  names: ReadonlyMap<string, string> = new Map(),
): PersonPlan[] {
  const liveByEmail = new Map(
    live.members.filter((m) => m.email !== undefined).map((m) => [m.email!.toLowerCase(), m]),
  );
  const people = new Map<string, PersonPlan>();
  const person = (email: string) => {
    const key = email.toLowerCase();
    let found = people.get(key);
    if (found === undefined) {
      const member = liveByEmail.get(key);
      found = {
        email,
        name: member?.name ?? names.get(key),
        action: 'keep',
        joins: [],
        leaves: [],
        teamRoles: [],
        steps: [],
        dangerous: [],
        notes: notes.get(key) ?? [],
      };
      people.set(key, found);
    }
    return found;
  };
  plan.steps.forEach((step, index) => {
    const email = personOf(step);
    if (email === undefined) return;
    const entry = person(email);
    entry.steps.push(index);
    if (step.dangerous !== undefined) entry.dangerous.push(step.dangerous);
    if (step.resource === 'member') {
      if (step.action === 'create') {
        entry.action = 'invite';
        entry.role = { from: undefined, to: step.role };
      } else if (step.action === 'update') {
        entry.action = 'change';
        entry.role = { from: step.from, to: step.to };
      } else {
        entry.action = 'remove';
        entry.role = { from: step.role, to: undefined };
      }
      return;
    }
    if (step.resource !== 'team-member') return;
    if (entry.action === 'keep') entry.action = 'change';
    const team = teamTitle(step.team);
    if (step.action === 'create')
      entry.joins.push({
        team,
        role: step.role,
        ...(step.blocked !== undefined ? { blocked: step.blocked } : {}),
      });
    else if (step.action === 'update') entry.teamRoles.push({ team, from: step.from, to: step.to });
    else entry.leaves.push(team);
  });
  for (const [key, list] of notes) if (!people.has(key) && list.length > 0) person(key);
  return [...people.values()];
}

/** One line for a person: “invite as edit; join Engineering (member)”, “role comment → read; teams Engineering → Support”. */
export function personSummary(person: PersonPlan): string {
  const parts: string[] = [];
  if (person.action === 'invite') parts.push(`invite as ${roleName(person.role?.to)}`);
  else if (person.action === 'remove') parts.push(`remove (was ${roleName(person.role?.from)})`);
  else if (person.role !== undefined)
    parts.push(`role ${roleName(person.role.from)} → ${roleName(person.role.to)}`);
  if (person.action !== 'remove') {
    const joins = person.joins.map((j) => `${j.team}${j.role === 'owner' ? ' (owner)' : ''}`);
    if (person.leaves.length > 0 && joins.length > 0)
      parts.push(`teams ${person.leaves.join(', ')} → ${joins.join(', ')}`);
    else if (joins.length > 0) parts.push(`join ${joins.join(', ')}`);
    else if (person.leaves.length > 0) parts.push(`leave ${person.leaves.join(', ')}`);
    for (const change of person.teamRoles) parts.push(`${change.team}: ${change.from} → ${change.to}`);
  }
  if (parts.length === 0) parts.push('no change');
  return parts.join('; ');
}

export interface PersonOutcome {
  email: string;
  /** `done`: every step; `partly`: some failed or were skipped; `failed`: none done; `not run`: the apply stopped first. */
  state: 'done' | 'partly' | 'failed' | 'not run' | 'unchanged';
  /** Each step's sentence and how it went (“Invite sam@acme.test as edit: done”). */
  lines: string[];
}

/**
 * Per person, how the apply went, from the outcomes of one or more passes over plans about them (a later pass's
 * outcome for the same sentence replaces an earlier one: a team add skipped for an invitee, then done).
 */
export function personReport(
  people: readonly PersonPlan[],
  outcomes: readonly StepOutcome[],
): PersonOutcome[] {
  const byPerson = new Map<string, Map<string, StepOutcome>>();
  for (const outcome of outcomes) {
    const email = personOf(outcome.step)?.toLowerCase();
    if (email === undefined) continue;
    const list = byPerson.get(email) ?? new Map<string, StepOutcome>();
    list.set(outcome.step.label, outcome);
    byPerson.set(email, list);
  }
  return people.map((person) => {
    const mine = [...(byPerson.get(person.email.toLowerCase())?.values() ?? [])];
    const lines = mine.map(
      (o) => `${o.step.label}: ${o.state}${o.message !== undefined ? ` (${o.message})` : ''}`,
    );
    const done = mine.filter((o) => o.state === 'done').length;
    const state: PersonOutcome['state'] =
      person.steps.length === 0
        ? 'unchanged'
        : mine.length === 0
          ? 'not run'
          : done === mine.length && mine.length >= person.steps.length
            ? 'done'
            : done === 0
              ? 'failed'
              : 'partly';
    return { email: person.email, state, lines: [...lines, ...person.notes] };
  });
}
