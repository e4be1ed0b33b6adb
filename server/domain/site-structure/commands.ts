/**
 * Writing a site's structure through a transaction of the store: the handlers' twins of the records' writers
 * (records.ts, on the `Database` for site creation and the demo seed), with the same invariants. Each reads in the
 * caller's transaction what it writes from: the site and its defaults, the paths taken, the last sort key of the
 * level (two writes that read the same last key would give their items the same key).
 */
import { badRequest } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  checkPath,
  hasSectionsIn,
  pathBase,
  sectionPathHolderIn,
  sectionPathTaken,
  siteRowIn,
  siteSpacePathHolderIn,
  siteSpacePathTaken,
  spaceTitle,
  type NewSection,
  type NewSectionGroup,
  type NewSiteSpace,
} from './records.ts';
import { keyAtEndIn, lastKeyIn } from './siblings.ts';

/** The slug of a title, suffixed -2, -3… until `taken` says no (as records.ts' `freePath`, reading). */
async function freePathIn(title: string, taken: (path: string) => Promise<boolean>): Promise<string> {
  const base = pathBase(title);
  let path = base;
  for (let n = 2; await taken(path); n++) path = `${base}-${n}`;
  return path;
}

/** As `addSiteSpaceRecord`, in the caller's transaction (which reads the site, the paths taken and the last key). */
export async function addSiteSpaceRecordIn(tx: Statements, now: Date, input: NewSiteSpace): Promise<string> {
  const site = await siteRowIn(tx, input.siteId);
  const sectionId = input.sectionId ?? site.default_section_id;
  let path: string;
  if (input.path !== undefined) {
    path = checkPath(input.path);
    const holder = await siteSpacePathHolderIn(tx, site.id, sectionId, path);
    if (holder !== null) throw siteSpacePathTaken(path, holder);
  } else {
    const title = (await tx.first(spaceTitle(input.spaceId)))?.title ?? 'space';
    path = await freePathIn(
      title,
      async (candidate) => (await siteSpacePathHolderIn(tx, site.id, sectionId, candidate)) !== null,
    );
  }
  const id = newId();
  await tx.run(
    tx.q.insertInto('site_spaces').values({
      id,
      site_id: site.id,
      section_id: sectionId,
      space_id: input.spaceId,
      path,
      condition: null,
      sort_key: await keyAtEndIn(tx, { kind: 'siteSpaces', siteId: site.id, sectionId }),
      created_at: now.toISOString(),
    }),
  );
  if (sectionId === null) {
    if (site.default_site_space_id === null)
      await tx.run(tx.q.updateTable('sites').set({ default_site_space_id: id }).where('id', '=', site.id));
  } else {
    await tx.run(
      tx.q
        .updateTable('site_sections')
        .set({ default_site_space_id: id })
        .where('id', '=', sectionId)
        .where('default_site_space_id', 'is', null),
    );
  }
  return id;
}

/** As `createSectionRecord`, in the caller's transaction (which reads the site, the paths taken and the last key). */
export async function createSectionRecordIn(tx: Statements, now: Date, input: NewSection): Promise<string> {
  const site = await siteRowIn(tx, input.siteId);
  let path: string;
  if (input.path !== undefined) {
    path = checkPath(input.path);
    const holder = await sectionPathHolderIn(tx, site.id, path);
    if (holder !== null) throw sectionPathTaken(path, holder);
  } else {
    path = await freePathIn(
      input.title,
      async (candidate) => (await sectionPathHolderIn(tx, site.id, candidate)) !== null,
    );
  }
  const first = !(await hasSectionsIn(tx, site.id));
  const groupId = input.groupId ?? null;
  const id = newId();
  await tx.run(
    tx.q.insertInto('site_sections').values({
      id,
      site_id: site.id,
      group_id: groupId,
      title: input.title,
      path,
      description: input.description ?? null,
      icon: input.icon ?? null,
      condition: input.condition ?? null,
      default_site_space_id: null,
      sort_key: await keyAtEndIn(
        tx,
        groupId === null ? { kind: 'top', siteId: site.id } : { kind: 'group', siteId: site.id, groupId },
      ),
      created_at: now.toISOString(),
    }),
  );
  let publishesSpace = false;
  if (first) {
    const moved = await tx.run(
      tx.q
        .updateTable('site_spaces')
        .set({ section_id: id })
        .where('site_id', '=', site.id)
        .where('section_id', 'is', null),
    );
    if (moved > 0) {
      await tx.run(
        tx.q
          .updateTable('site_sections')
          .set({ default_site_space_id: site.default_site_space_id })
          .where('id', '=', id),
      );
      publishesSpace =
        (await tx.first(
          tx.q
            .selectFrom('site_spaces')
            .select('id')
            .where('section_id', '=', id)
            .where('space_id', '=', input.spaceId)
            .limit(1),
        )) !== undefined;
    }
    await tx.run(
      tx.q
        .updateTable('sites')
        .set({ default_section_id: id, default_site_space_id: null, updated_at: now.toISOString() })
        .where('id', '=', site.id),
    );
  }
  if (!publishesSpace)
    await addSiteSpaceRecordIn(tx, now, { siteId: site.id, sectionId: id, spaceId: input.spaceId });
  return id;
}

/** As `createSectionGroupRecord`, in the caller's transaction (which reads the sections and the last key). */
export async function createSectionGroupRecordIn(
  tx: Statements,
  now: Date,
  input: NewSectionGroup,
): Promise<string> {
  const id = newId();
  await tx.run(
    tx.q.insertInto('site_section_groups').values({
      id,
      site_id: input.siteId,
      title: input.title,
      icon: input.icon ?? null,
      sort_key: await keyAtEndIn(tx, { kind: 'top', siteId: input.siteId }),
      created_at: now.toISOString(),
    }),
  );
  const sectionIds = input.sectionIds ?? [];
  const seen = new Set<string>();
  for (const [index, sectionId] of sectionIds.entries()) {
    const field = `sections[${index}]`;
    if (seen.has(sectionId))
      throw badRequest(`body field \`${field}\`: the section \`${sectionId}\` is listed twice`);
    seen.add(sectionId);
    const exists = await tx.first(
      tx.q
        .selectFrom('site_sections')
        .select('id')
        .where('id', '=', sectionId)
        .where('site_id', '=', input.siteId),
    );
    if (!exists)
      throw badRequest(`body field \`${field}\`: no section with id \`${sectionId}\` in this site`);
  }
  // A new group is empty: its sections take fresh keys in the order given.
  const keys = keysBetween(
    await lastKeyIn(tx, { kind: 'group', siteId: input.siteId, groupId: id }),
    null,
    sectionIds.length,
  );
  for (const [index, sectionId] of sectionIds.entries())
    await tx.run(
      tx.q
        .updateTable('site_sections')
        .set({ group_id: id, sort_key: keys[index] as string })
        .where('id', '=', sectionId),
    );
  return id;
}
