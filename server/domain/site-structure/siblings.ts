/**
 * The three sibling orders of a site's structure, by fractional keys (a new or moved item gets a key from its
 * neighbours' keys, and no other row is written):
 * - the top level: the sections outside any group and the section groups, together (two tables, one order);
 * - the sections of one group;
 * - the site spaces of one section, or of the root of a site without sections.
 * Every lookup reads one neighbour through the indexes on (site_id, group_id, sort_key), (site_id, sort_key) and
 * (site_id, section_id, sort_key): moves never load the whole structure. A nullable parent is compared with
 * `IS NOT DISTINCT FROM` (PostgreSQL takes no parameter after `IS`; SQLite reads it as `IS`, through the same index). The handlers read them through their
 * write's transaction (`Statements`); `lastKey` and `keyAtEnd` stay on the `Database` for the synchronous records
 * (site creation, the demo seed).
 */
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { keyBetween } from '../../storage/sort-keys.ts';
import type { Statements } from '../../storage/store/store.ts';

/** A sibling order: the top level, the sections of a group, or the site spaces of a section (`null`: the root). */
export type Level =
  | { kind: 'top'; siteId: string }
  | { kind: 'group'; siteId: string; groupId: string }
  | { kind: 'siteSpaces'; siteId: string; sectionId: string | null };

const lastSection = prepared((siteId: string, groupId: string | null) =>
  builder
    .selectFrom('site_sections')
    .select('sort_key')
    .where('site_id', '=', siteId)
    .where('group_id', 'is not distinct from', groupId)
    .orderBy('sort_key', 'desc')
    .limit(1),
);
const lastGroup = prepared((siteId: string) =>
  builder
    .selectFrom('site_section_groups')
    .select('sort_key')
    .where('site_id', '=', siteId)
    .orderBy('sort_key', 'desc')
    .limit(1),
);
const lastSiteSpace = prepared((siteId: string, sectionId: string | null) =>
  builder
    .selectFrom('site_spaces')
    .select('sort_key')
    .where('site_id', '=', siteId)
    .where('section_id', 'is not distinct from', sectionId)
    .orderBy('sort_key', 'desc')
    .limit(1),
);

function sectionNeighbour(direction: 'after' | 'before') {
  return prepared((siteId: string, groupId: string | null, key: string, exceptId: string) =>
    builder
      .selectFrom('site_sections')
      .select('sort_key')
      .where('site_id', '=', siteId)
      .where('group_id', 'is not distinct from', groupId)
      .where('sort_key', direction === 'after' ? '>' : '<', key)
      .where('id', '!=', exceptId)
      .orderBy('sort_key', direction === 'after' ? 'asc' : 'desc')
      .limit(1),
  );
}
function groupNeighbour(direction: 'after' | 'before') {
  return prepared((siteId: string, key: string, exceptId: string) =>
    builder
      .selectFrom('site_section_groups')
      .select('sort_key')
      .where('site_id', '=', siteId)
      .where('sort_key', direction === 'after' ? '>' : '<', key)
      .where('id', '!=', exceptId)
      .orderBy('sort_key', direction === 'after' ? 'asc' : 'desc')
      .limit(1),
  );
}
function siteSpaceNeighbour(direction: 'after' | 'before') {
  return prepared((siteId: string, sectionId: string | null, key: string, exceptId: string) =>
    builder
      .selectFrom('site_spaces')
      .select('sort_key')
      .where('site_id', '=', siteId)
      .where('section_id', 'is not distinct from', sectionId)
      .where('sort_key', direction === 'after' ? '>' : '<', key)
      .where('id', '!=', exceptId)
      .orderBy('sort_key', direction === 'after' ? 'asc' : 'desc')
      .limit(1),
  );
}
const next = {
  section: sectionNeighbour('after'),
  group: groupNeighbour('after'),
  siteSpace: siteSpaceNeighbour('after'),
};
const previous = {
  section: sectionNeighbour('before'),
  group: groupNeighbour('before'),
  siteSpace: siteSpaceNeighbour('before'),
};

function greatest(a: string | undefined, b: string | undefined): string | null {
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function least(a: string | undefined, b: string | undefined): string | null {
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/** The statements answering a level's last key (two at the top level: sections and groups share it). */
function lastKeyQueries(level: Level) {
  switch (level.kind) {
    case 'top':
      return [lastSection(level.siteId, null), lastGroup(level.siteId)];
    case 'group':
      return [lastSection(level.siteId, level.groupId)];
    case 'siteSpaces':
      return [lastSiteSpace(level.siteId, level.sectionId)];
  }
}

/** The last key of a level, or null when it is empty. */
export function lastKey(db: Database, level: Level): string | null {
  return lastKeyQueries(level).reduce<string | null>(
    (last, query) => greatest(last ?? undefined, db.first(query)?.sort_key),
    null,
  );
}

/**
 * As `lastKey`, through a store or a transaction. A key written from it must be read in the writing transaction:
 * two writes that read the same last key would give their items the same key.
 */
export async function lastKeyIn(on: Statements, level: Level): Promise<string | null> {
  let last: string | null = null;
  for (const query of lastKeyQueries(level))
    last = greatest(last ?? undefined, (await on.first(query))?.sort_key);
  return last;
}

/** A key after every item of a level. */
export function keyAtEnd(db: Database, level: Level): string {
  return keyBetween(lastKey(db, level), null);
}

/** As `keyAtEnd`, read in the writing transaction (`lastKeyIn`). */
export async function keyAtEndIn(on: Statements, level: Level): Promise<string> {
  return keyBetween(await lastKeyIn(on, level), null);
}

/** The first key of the level after `key`, ignoring the item `exceptId`; null at the end. */
export async function nextKey(
  on: Statements,
  level: Level,
  key: string,
  exceptId: string,
): Promise<string | null> {
  switch (level.kind) {
    case 'top':
      return least(
        (await on.first(next.section(level.siteId, null, key, exceptId)))?.sort_key,
        (await on.first(next.group(level.siteId, key, exceptId)))?.sort_key,
      );
    case 'group':
      return (await on.first(next.section(level.siteId, level.groupId, key, exceptId)))?.sort_key ?? null;
    case 'siteSpaces':
      return (await on.first(next.siteSpace(level.siteId, level.sectionId, key, exceptId)))?.sort_key ?? null;
  }
}

/** The last key of the level before `key`, ignoring the item `exceptId`; null at the start. */
export async function previousKey(
  on: Statements,
  level: Level,
  key: string,
  exceptId: string,
): Promise<string | null> {
  switch (level.kind) {
    case 'top':
      return greatest(
        (await on.first(previous.section(level.siteId, null, key, exceptId)))?.sort_key,
        (await on.first(previous.group(level.siteId, key, exceptId)))?.sort_key,
      );
    case 'group':
      return (await on.first(previous.section(level.siteId, level.groupId, key, exceptId)))?.sort_key ?? null;
    case 'siteSpaces':
      return (
        (await on.first(previous.siteSpace(level.siteId, level.sectionId, key, exceptId)))?.sort_key ?? null
      );
  }
}

/** A key right after `key` in the level, before the next item. */
export async function keyRightAfter(
  on: Statements,
  level: Level,
  key: string,
  exceptId: string,
): Promise<string> {
  return keyBetween(key, await nextKey(on, level, key, exceptId));
}

/** The level holding a section. */
export function sectionLevel(section: { site_id: string; group_id: string | null }): Level {
  return section.group_id === null
    ? { kind: 'top', siteId: section.site_id }
    : { kind: 'group', siteId: section.site_id, groupId: section.group_id };
}

/** The level holding a site space. */
export function siteSpaceLevel(siteSpace: { site_id: string; section_id: string | null }): Level {
  return { kind: 'siteSpaces', siteId: siteSpace.site_id, sectionId: siteSpace.section_id };
}
