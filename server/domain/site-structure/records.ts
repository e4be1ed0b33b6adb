/**
 * Writing a site's structure without HTTP: used by the handlers, by site creation and by the demo seed. Each
 * function keeps the invariants: paths unique among siblings, exactly one default section on a site with sections,
 * exactly one default site space per section (and at the root of a site without sections).
 *
 * The handlers write through a transaction of the store (commands.ts, `…In(tx, …)`), which reads the site, the paths taken and
 * the sort keys it writes from; the synchronous twins on the `Database` stay for site creation (sites/records.ts)
 * and the demo seed, not converted yet. Both build the same statements.
 */
import { badRequest, conflict } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type { SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { slugify } from '../content/revisions.ts';
import { keyAtEnd, lastKey } from './siblings.ts';

export { structureOf } from './structure.ts';
export { presentSection, presentSectionGroup, presentSiteSpace } from './present.ts';

const siteById = prepared((siteId: string) =>
  builder.selectFrom('sites').selectAll().where('id', '=', siteId),
);
const sectionHoldingPath = prepared((siteId: string, path: string, exceptId: string) =>
  builder
    .selectFrom('site_sections')
    .select('id')
    .where('site_id', '=', siteId)
    .where('path', '=', path)
    .where('id', '!=', exceptId)
    .limit(1),
);
const siteSpaceHoldingPath = prepared(
  (siteId: string, sectionId: string | null, path: string, exceptId: string) =>
    builder
      .selectFrom('site_spaces')
      .select('id')
      .where('site_id', '=', siteId)
      .where('section_id', 'is not distinct from', sectionId)
      .where('path', '=', path)
      .where('id', '!=', exceptId)
      .limit(1),
);
const anySection = prepared((siteId: string) =>
  builder.selectFrom('site_sections').select('id').where('site_id', '=', siteId).limit(1),
);
export const spaceTitle = prepared((spaceId: string) =>
  builder.selectFrom('spaces').select('title').where('id', '=', spaceId),
);
const siteSpaceCount = prepared((siteId: string) =>
  builder
    .selectFrom('site_spaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId),
);

/** The site row, read inside the writing transaction. */
export function siteRow(db: Database, siteId: string): SitesTable {
  const site = db.first(siteById(siteId));
  if (!site) throw new Error(`site ${siteId} does not exist`);
  return site;
}

/** As `siteRow`, through a store or a transaction. */
export async function siteRowIn(on: Statements, siteId: string): Promise<SitesTable> {
  const site = await on.first(siteById(siteId));
  if (!site) throw new Error(`site ${siteId} does not exist`);
  return site;
}

/** Whether the site has at least one section. */
export function hasSections(db: Database, siteId: string): boolean {
  return db.first(anySection(siteId)) !== undefined;
}

/** As `hasSections`, through a store or a transaction. */
export async function hasSectionsIn(on: Statements, siteId: string): Promise<boolean> {
  return (await on.first(anySection(siteId))) !== undefined;
}

/** The number of site spaces of a site (its `siteSpaces`). */
export function countSiteSpaces(db: Database, siteId: string): number {
  return Number(db.first(siteSpaceCount(siteId))?.n ?? 0);
}

/** As `countSiteSpaces`, through a store or a transaction. */
export async function countSiteSpacesIn(on: Statements, siteId: string): Promise<number> {
  return Number((await on.first(siteSpaceCount(siteId)))?.n ?? 0);
}

/** A path is one URL segment: letters, digits, `-`, `_` and `.`, not only dots. */
export function checkPath(path: string, field = 'path'): string {
  if (!/^[\p{L}\p{N}_.-]+$/u.test(path) || /^\.+$/.test(path))
    throw badRequest(
      `body field \`${field}\`: \`${path}\` is not a path segment (letters, digits, \`-\`, \`_\` and \`.\`)`,
    );
  return path;
}

/** The holder of a section path in the site, if any other than `exceptId`. */
export function sectionPathHolder(db: Database, siteId: string, path: string, exceptId = ''): string | null {
  return db.first(sectionHoldingPath(siteId, path, exceptId))?.id ?? null;
}

/** The holder of a site space path among the site spaces of `sectionId` (`null`: the root), if any. */
export function siteSpacePathHolder(
  db: Database,
  siteId: string,
  sectionId: string | null,
  path: string,
  exceptId = '',
): string | null {
  return db.first(siteSpaceHoldingPath(siteId, sectionId, path, exceptId))?.id ?? null;
}

/** As `sectionPathHolder`, through a store or a transaction. */
export async function sectionPathHolderIn(
  on: Statements,
  siteId: string,
  path: string,
  exceptId = '',
): Promise<string | null> {
  return (await on.first(sectionHoldingPath(siteId, path, exceptId)))?.id ?? null;
}

/** As `siteSpacePathHolder`, through a store or a transaction. */
export async function siteSpacePathHolderIn(
  on: Statements,
  siteId: string,
  sectionId: string | null,
  path: string,
  exceptId = '',
): Promise<string | null> {
  return (await on.first(siteSpaceHoldingPath(siteId, sectionId, path, exceptId)))?.id ?? null;
}

export const sectionPathTaken = (path: string, holder: string, field = 'path') =>
  conflict(`body field \`${field}\`: the path \`${path}\` is taken by the section \`${holder}\``);
export const siteSpacePathTaken = (path: string, holder: string, field = 'path') =>
  conflict(`body field \`${field}\`: the path \`${path}\` is taken by the site space \`${holder}\``);

/** The slug of a title, suffixed -2, -3… until `taken` says no (kept within the 100 characters of a path). */
function freePath(title: string, taken: (path: string) => boolean): string {
  const base = pathBase(title);
  let path = base;
  for (let n = 2; taken(path); n++) path = `${base}-${n}`;
  return path;
}

/** What `freePath` suffixes: the slug of the title, room left for a suffix. */
export const pathBase = (title: string) => slugify(title).slice(0, 90);

export interface NewSiteSpace {
  siteId: string;
  /** The section to add to; `null`: the default section when the site has sections, else the root. */
  sectionId: string | null;
  spaceId: string;
  /** Default: the slug of the space's title, made unique among the siblings. A taken path is a 409. */
  path?: string;
}

/**
 * Adds a space to a site at the end of its section (or root); it becomes the default there when there is none yet.
 * Answers the site space id.
 */
export function addSiteSpaceRecord(db: Database, now: Date, input: NewSiteSpace): string {
  return db.transaction(() => {
    const site = siteRow(db, input.siteId);
    const sectionId = input.sectionId ?? site.default_section_id;
    let path: string;
    if (input.path !== undefined) {
      path = checkPath(input.path);
      const holder = siteSpacePathHolder(db, site.id, sectionId, path);
      if (holder !== null) throw siteSpacePathTaken(path, holder);
    } else {
      const title = db.first(spaceTitle(input.spaceId))?.title ?? 'space';
      path = freePath(title, (candidate) => siteSpacePathHolder(db, site.id, sectionId, candidate) !== null);
    }
    const id = newId();
    db.run(
      db.q.insertInto('site_spaces').values({
        id,
        site_id: site.id,
        section_id: sectionId,
        space_id: input.spaceId,
        path,
        condition: null,
        sort_key: keyAtEnd(db, { kind: 'siteSpaces', siteId: site.id, sectionId }),
        created_at: now.toISOString(),
      }),
    );
    if (sectionId === null) {
      if (site.default_site_space_id === null)
        db.run(db.q.updateTable('sites').set({ default_site_space_id: id }).where('id', '=', site.id));
    } else {
      db.run(
        db.q
          .updateTable('site_sections')
          .set({ default_site_space_id: id })
          .where('id', '=', sectionId)
          .where('default_site_space_id', 'is', null),
      );
    }
    return id;
  });
}

export interface NewSection {
  siteId: string;
  /** The space of the section's first site space. */
  spaceId: string;
  title: string;
  /** Default: the slug of the title, made unique in the site. A taken path is a 409. */
  path?: string;
  /** The group to add the section to (at its end); default: the end of the top level. */
  groupId?: string | null;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

/**
 * Creates a section with a site space of `spaceId`; the site's first section becomes its default. When it is the
 * first section of a site whose site spaces sit at the root, those move into it (keeping their order, paths and
 * default, as GitBook does), and `spaceId` is added after them unless one of them already publishes it. Answers the
 * section id.
 */
export function createSectionRecord(db: Database, now: Date, input: NewSection): string {
  return db.transaction(() => {
    const site = siteRow(db, input.siteId);
    let path: string;
    if (input.path !== undefined) {
      path = checkPath(input.path);
      const holder = sectionPathHolder(db, site.id, path);
      if (holder !== null) throw sectionPathTaken(path, holder);
    } else {
      path = freePath(input.title, (candidate) => sectionPathHolder(db, site.id, candidate) !== null);
    }
    const first = !hasSections(db, site.id);
    const groupId = input.groupId ?? null;
    const id = newId();
    db.run(
      db.q.insertInto('site_sections').values({
        id,
        site_id: site.id,
        group_id: groupId,
        title: input.title,
        path,
        description: input.description ?? null,
        icon: input.icon ?? null,
        condition: input.condition ?? null,
        default_site_space_id: null,
        sort_key: keyAtEnd(
          db,
          groupId === null ? { kind: 'top', siteId: site.id } : { kind: 'group', siteId: site.id, groupId },
        ),
        created_at: now.toISOString(),
      }),
    );
    let publishesSpace = false;
    if (first) {
      const moved = db.run(
        db.q
          .updateTable('site_spaces')
          .set({ section_id: id })
          .where('site_id', '=', site.id)
          .where('section_id', 'is', null),
      );
      if (moved > 0) {
        db.run(
          db.q
            .updateTable('site_sections')
            .set({ default_site_space_id: site.default_site_space_id })
            .where('id', '=', id),
        );
        publishesSpace =
          db.first(
            db.q
              .selectFrom('site_spaces')
              .select('id')
              .where('section_id', '=', id)
              .where('space_id', '=', input.spaceId)
              .limit(1),
          ) !== undefined;
      }
      db.run(
        db.q
          .updateTable('sites')
          .set({ default_section_id: id, default_site_space_id: null, updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
    }
    if (!publishesSpace)
      addSiteSpaceRecord(db, now, { siteId: site.id, sectionId: id, spaceId: input.spaceId });
    return id;
  });
}

export interface NewSectionGroup {
  siteId: string;
  title: string;
  icon?: string | null;
  /** Sections of the site to move into the group, in this order (400 naming `sections[i]` otherwise). */
  sectionIds?: readonly string[];
}

/** Creates a section group at the end of the top level, holding `sectionIds`; answers its id. */
export function createSectionGroupRecord(db: Database, now: Date, input: NewSectionGroup): string {
  return db.transaction(() => {
    const id = newId();
    db.run(
      db.q.insertInto('site_section_groups').values({
        id,
        site_id: input.siteId,
        title: input.title,
        icon: input.icon ?? null,
        sort_key: keyAtEnd(db, { kind: 'top', siteId: input.siteId }),
        created_at: now.toISOString(),
      }),
    );
    const sectionIds = input.sectionIds ?? [];
    const seen = new Set<string>();
    sectionIds.forEach((sectionId, index) => {
      const field = `sections[${index}]`;
      if (seen.has(sectionId))
        throw badRequest(`body field \`${field}\`: the section \`${sectionId}\` is listed twice`);
      seen.add(sectionId);
      const exists = db.first(
        db.q
          .selectFrom('site_sections')
          .select('id')
          .where('id', '=', sectionId)
          .where('site_id', '=', input.siteId),
      );
      if (!exists)
        throw badRequest(`body field \`${field}\`: no section with id \`${sectionId}\` in this site`);
    });
    // A new group is empty: its sections take fresh keys in the order given.
    const keys = keysBetween(
      lastKey(db, { kind: 'group', siteId: input.siteId, groupId: id }),
      null,
      sectionIds.length,
    );
    sectionIds.forEach((sectionId, index) => {
      db.run(
        db.q
          .updateTable('site_sections')
          .set({ group_id: id, sort_key: keys[index] as string })
          .where('id', '=', sectionId),
      );
    });
    return id;
  });
}
