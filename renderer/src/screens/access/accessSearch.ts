/**
 * "Inspect access" in the URL: who (a member or a team) and the list's filters (type, level, text), so that a link
 * from People or a team's screen, or a reload, lands on the same view. A module of its own: the router reads it
 * without bringing in the screen.
 */
// From the plain values only: the router reads this module, and the contract's index (every schema, and TypeBox)
// would come into the first screen's bundle with it.
import {
  ACCESS_ITEM_TYPES,
  ROLES,
  type AccessItemType,
  type Role,
} from '../../../../shared/contract/constants.ts';

/** A level filter: a role (that level or more), or `none` (items not reached: "why not?"). */
export type LevelFilter = Role | 'none';

export interface AccessSearch {
  member?: string;
  team?: string;
  type?: AccessItemType;
  level?: LevelFilter;
  q?: string;
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Reads the search parameters, dropping what is not one of their values. */
export function parseAccessSearch(search: Record<string, unknown>): AccessSearch {
  const text = (name: keyof AccessSearch) => {
    const value = search[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const result: AccessSearch = {};
  const member = text('member');
  const team = text('team');
  if (ID.test(member)) result.member = member;
  else if (ID.test(team)) result.team = team;
  const type = text('type');
  if ((ACCESS_ITEM_TYPES as readonly string[]).includes(type)) result.type = type as AccessItemType;
  const level = text('level');
  if (level === 'none' || (ROLES as readonly string[]).includes(level)) result.level = level as LevelFilter;
  const q = text('q').slice(0, 200);
  if (q !== '') result.q = q;
  return result;
}
