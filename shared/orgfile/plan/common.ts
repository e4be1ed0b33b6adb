/** What the per-resource planners share: matching, names for sentences, the stages steps are ordered in, context. */
import type { Role } from '../../contract/constants.ts';
import type { LiveMember } from '../snapshot.ts';
import type { ItemRef, Level, PlanStep } from './steps.ts';

export const roleName = (role: Role | null | 'inherit') => (role === null ? 'guest' : role);
export const levelName = (level: Level) => (level === null ? 'no access' : level);

/**
 * Where steps go, in the order they run: members invited and promoted (an organization never runs out of admins);
 * then what is created or changed, parents first; then moves; then grants (once what they name exists); then what
 * is taken away (team members, grants, teams); then deletions of content; members removed last.
 */
export interface Stages {
  members: PlanStep[];
  build: PlanStep[];
  move: PlanStep[];
  grant: PlanStep[];
  remove: PlanStep[];
  delete: PlanStep[];
  last: PlanStep[];
}

/** What later planners need of earlier ones. */
export interface PlanContext {
  /** Members of the file that exist, by lower-case email. */
  userByEmail: Map<string, LiveMember>;
  /** Every live member's email (or id), by id. */
  liveEmail: Map<string, string>;
  /** The file's teams, by title. */
  teamByTitle: Map<string, ItemRef>;
  /** Live team titles, by id. */
  liveTeamTitle: Map<string, string>;
  /** What the plan deletes (its grants go with it). */
  gone: Set<string>;
}

/** Matches file items to live ones: by id first (where it still exists), then by a name key among the rest. */
export function matcher<L extends { id: string }>(live: readonly L[], key: (item: L) => string) {
  const byId = new Map(live.map((item) => [item.id, item]));
  const taken = new Set<string>();
  const byKey = new Map<string, L[]>();
  for (const item of live) {
    const list = byKey.get(key(item));
    if (list === undefined) byKey.set(key(item), [item]);
    else list.push(item);
  }
  return {
    match(id: string | undefined, name: string): L | undefined {
      const found =
        (id !== undefined ? byId.get(id) : undefined) ??
        (byKey.get(name) ?? []).find((item) => !taken.has(item.id) && (id === undefined || !byId.has(id)));
      if (found === undefined || taken.has(found.id)) return undefined;
      taken.add(found.id);
      return found;
    },
    /** Reserves an item matched by id ahead of the name matches (so a name never takes it first). */
    reserve(id: string | undefined): L | undefined {
      const found = id !== undefined ? byId.get(id) : undefined;
      if (found !== undefined) taken.add(found.id);
      return found;
    },
    unmatched: () => live.filter((item) => !taken.has(item.id)),
  };
}
