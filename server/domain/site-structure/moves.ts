/**
 * Moving an item of a site's structure next to a sibling: the pointed sibling decides the level (so a section
 * pointed next to a section of a group joins that group, a site space pointed next to one of another section joins
 * that section), and one sort key is written, plus the parent when it changes.
 */
import type { SITE_STRUCTURE_ITEM_TYPES } from '../../../shared/contract/resources/siteStructure.ts';
import { badRequest, conflict } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { keyBetween } from '../../storage/sort-keys.ts';
import type { SiteSectionGroupsTable, SiteSectionsTable, SiteSpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { findGroup, findSection, findSiteSpace, promoteDefaultSiteSpace } from './items.ts';
import { siteSpacePathHolderIn, siteSpacePathTaken } from './records.ts';
import { keyAtEndIn, nextKey, previousKey, sectionLevel, siteSpaceLevel, type Level } from './siblings.ts';

export type ItemType = (typeof SITE_STRUCTURE_ITEM_TYPES)[number];

/** A sibling named by a move's position, in the common form of the three pointer shapes. */
export interface Pointer {
  type: ItemType;
  id: string;
}

export interface Position {
  before?: Pointer;
  after?: Pointer;
}

/** The moved item. */
export type MovedItem =
  | { type: 'site-space'; row: SiteSpacesTable }
  | { type: 'site-section'; row: SiteSectionsTable }
  | { type: 'site-section-group'; row: SiteSectionGroupsTable };

const setGroupKey = prepared((id: string, key: string) =>
  builder.updateTable('site_section_groups').set({ sort_key: key }).where('id', '=', id),
);
const setSectionPlace = prepared((id: string, groupId: string | null, key: string) =>
  builder.updateTable('site_sections').set({ group_id: groupId, sort_key: key }).where('id', '=', id),
);
const setSiteSpacePlace = prepared((id: string, sectionId: string | null, key: string) =>
  builder.updateTable('site_spaces').set({ section_id: sectionId, sort_key: key }).where('id', '=', id),
);
const otherSiteSpace = prepared((siteId: string, sectionId: string, exceptId: string) =>
  builder
    .selectFrom('site_spaces')
    .select('id')
    .where('site_id', '=', siteId)
    .where('section_id', '=', sectionId)
    .where('id', '!=', exceptId)
    .limit(1),
);

const NAMES: Record<ItemType, string> = {
  'site-space': 'site space',
  'site-section': 'section',
  'site-section-group': 'section group',
};

function sameLevel(a: Level, b: Level): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'group' && b.kind === 'group') return a.groupId === b.groupId;
  if (a.kind === 'siteSpaces' && b.kind === 'siteSpaces') return a.sectionId === b.sectionId;
  return true;
}

function levelOf(item: MovedItem): Level {
  switch (item.type) {
    case 'site-space':
      return siteSpaceLevel(item.row);
    case 'site-section':
      return sectionLevel(item.row);
    case 'site-section-group':
      return { kind: 'top', siteId: item.row.site_id };
  }
}

/** The level and key of the sibling a pointer names, or a 400 naming `field`. */
async function pointed(
  tx: Statements,
  siteId: string,
  item: MovedItem,
  field: string,
  pointer: Pointer,
): Promise<{ level: Level; key: string }> {
  if (pointer.id === item.row.id)
    throw badRequest(`body field \`${field}\`: an item cannot be placed next to itself`);
  const mismatch = () =>
    badRequest(
      `body field \`${field}\`: a ${NAMES[item.type]} can only be placed next to a sibling of its level`,
    );
  const unknown = () =>
    badRequest(`body field \`${field}\`: no ${NAMES[pointer.type]} with id \`${pointer.id}\` in this site`);
  switch (pointer.type) {
    case 'site-space': {
      const row = await findSiteSpace(tx, siteId, pointer.id);
      if (!row) throw unknown();
      if (item.type !== 'site-space') throw mismatch();
      return { level: siteSpaceLevel(row), key: row.sort_key };
    }
    case 'site-section': {
      const row = await findSection(tx, siteId, pointer.id);
      if (!row) throw unknown();
      if (item.type === 'site-space' || (item.type === 'site-section-group' && row.group_id !== null))
        throw mismatch();
      return { level: sectionLevel(row), key: row.sort_key };
    }
    case 'site-section-group': {
      const row = await findGroup(tx, siteId, pointer.id);
      if (!row) throw unknown();
      if (item.type === 'site-space') throw mismatch();
      return { level: { kind: 'top', siteId }, key: row.sort_key };
    }
  }
}

/**
 * The level and key of the moved item at `position`; the end of its current level without one. Read in the move's
 * transaction: a key from neighbours read before it could be taken meanwhile, and two items would share it.
 */
export async function placeFor(
  tx: Statements,
  siteId: string,
  item: MovedItem,
  position: Position | undefined,
): Promise<{ level: Level; key: string }> {
  const before = position?.before;
  const after = position?.after;
  const id = item.row.id;
  if (after !== undefined && before !== undefined) {
    const low = await pointed(tx, siteId, item, 'position.after', after);
    const high = await pointed(tx, siteId, item, 'position.before', before);
    if (!sameLevel(low.level, high.level))
      throw badRequest('body field `position`: `after` and `before` must name siblings of the same level');
    if (low.key >= high.key)
      throw badRequest('body field `position`: `after` must name a sibling that comes before `before`');
    const between = await nextKey(tx, low.level, low.key, id);
    if (between !== null && between < high.key)
      throw badRequest('body field `position`: `after` and `before` must name adjacent siblings');
    return { level: low.level, key: keyBetween(low.key, high.key) };
  }
  if (after !== undefined) {
    const low = await pointed(tx, siteId, item, 'position.after', after);
    return { level: low.level, key: keyBetween(low.key, await nextKey(tx, low.level, low.key, id)) };
  }
  if (before !== undefined) {
    const high = await pointed(tx, siteId, item, 'position.before', before);
    return { level: high.level, key: keyBetween(await previousKey(tx, high.level, high.key, id), high.key) };
  }
  const level = levelOf(item);
  // Already last: keep the key (a move to the end of where it is changes nothing).
  if ((await nextKey(tx, level, item.row.sort_key, id)) === null) return { level, key: item.row.sort_key };
  return { level, key: await keyAtEndIn(tx, level) };
}

/**
 * Moves the item to `position` (inside the caller's transaction, which read `item`); refuses path collisions and
 * empty sections.
 */
export async function moveItem(
  tx: Statements,
  siteId: string,
  item: MovedItem,
  position: Position | undefined,
): Promise<void> {
  const { level, key } = await placeFor(tx, siteId, item, position);
  switch (item.type) {
    case 'site-section-group':
      await tx.run(setGroupKey(item.row.id, key));
      return;
    case 'site-section': {
      // Section paths are unique in the whole site: changing groups cannot make them collide.
      const groupId = level.kind === 'group' ? level.groupId : null;
      await tx.run(setSectionPlace(item.row.id, groupId, key));
      return;
    }
    case 'site-space': {
      const row = item.row;
      const sectionId = level.kind === 'siteSpaces' ? level.sectionId : row.section_id;
      if (sectionId !== row.section_id) {
        const holder = await siteSpacePathHolderIn(tx, siteId, sectionId, row.path, row.id);
        if (holder !== null) throw siteSpacePathTaken(row.path, holder, 'position');
        if (row.section_id !== null && !(await hasOtherSiteSpace(tx, siteId, row.section_id, row.id)))
          throw conflict(
            `site space \`${row.id}\` is the last of its section: a section needs at least one site space`,
          );
      }
      await tx.run(setSiteSpacePlace(row.id, sectionId, key));
      if (sectionId !== row.section_id) await promoteDefaultSiteSpace(tx, siteId, row.section_id);
      return;
    }
  }
}

/** Whether the section holds a site space other than `exceptId`. */
export async function hasOtherSiteSpace(
  on: Statements,
  siteId: string,
  sectionId: string,
  exceptId: string,
): Promise<boolean> {
  return (await on.first(otherSiteSpace(siteId, sectionId, exceptId))) !== undefined;
}
