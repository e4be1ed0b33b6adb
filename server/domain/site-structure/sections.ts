/**
 * Handlers of the sections of a site: list, add, delete, update, move. A write runs in one transaction of the store
 * with what it depends on (the caller's standing, the section, the paths taken, the sort keys) and presents after.
 */
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import type { SiteSectionsTable } from '../../storage/schema.ts';
import { titleOf } from '../collections/commands.ts';
import {
  checkCondition,
  contextAfterWrite,
  pageOf,
  sectionKeys,
  siteFor,
  spaceForSite,
  structureEvent,
} from './common.ts';
import { findSiteSpace, promoteDefaultSection, sectionOf } from './items.ts';
import { moveItem, type MovedItem, type Pointer } from './moves.ts';
import { structureContextIn } from './present.ts';
import { createSectionRecordIn } from './commands.ts';
import { checkPath, hasSectionsIn, sectionPathHolderIn, sectionPathTaken } from './records.ts';
import { loadPresentableIn, presentAllSections, presentSectionRow } from './structure.ts';

/** The new title of a section from a body (trimmed, at least 2 characters). */
function sectionTitle(title: string, field = 'title'): string {
  const trimmed = titleOf(title, field);
  if (trimmed.length < 2) throw badRequest(`body field \`${field}\`: must be at least 2 characters long`);
  return trimmed;
}

export const siteSectionHandlers = {
  listSiteSections: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const access = await siteFor(store, params, actor, 'view');
    const context = await structureContextIn(store, access.site, baseUrl, access.actor);
    const loaded = await loadPresentableIn(store, access.site.id);
    const keys = sectionKeys(loaded);
    return pageOf(
      query,
      presentAllSections(loaded, context).map((item) => ({ keys: keys.get(item.id)!, item })),
    );
  },

  addSectionToSite: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, id } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const space = await spaceForSite(tx, access.site, body.spaceId, 'spaceId');
      const title =
        body.title !== undefined
          ? sectionTitle(body.title)
          : space.title.trim().length >= 2
            ? space.title.trim().slice(0, 128)
            : 'Section';
      const id = await createSectionRecordIn(tx, now, { siteId: access.site.id, spaceId: space.id, title });
      await structureEvent(tx, now, access, 'site.section.created', { type: 'site-section', id }, { title });
      return { access, id };
    });
    const context = await contextAfterWrite(store, access, baseUrl);
    return presentSectionRow(store, await sectionOf(store, access.site.id, id), context);
  },

  deleteSiteSectionById: async ({ params, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const section = await sectionOf(tx, access.site.id, params.siteSectionId);
      // Its site spaces go with it (ON DELETE CASCADE).
      await tx.run(tx.q.deleteFrom('site_sections').where('id', '=', section.id));
      if (!(await hasSectionsIn(tx, access.site.id))) {
        // The last section: the site is left with no sections and no site spaces (they went with it), and its
        // groups, all empty now, go too, so that the site starts over from an empty root.
        await tx.run(tx.q.deleteFrom('site_section_groups').where('site_id', '=', access.site.id));
        await tx.run(
          tx.q
            .updateTable('sites')
            .set({ default_section_id: null, default_site_space_id: null })
            .where('id', '=', access.site.id),
        );
      } else if (access.site.default_section_id === section.id)
        await promoteDefaultSection(tx, access.site.id);
      await structureEvent(
        tx,
        now,
        access,
        'site.section.deleted',
        { type: 'site-section', id: section.id },
        {
          title: section.title,
        },
      );
    });
    return undefined;
  },

  updateSiteSectionById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, section } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const section = await sectionOf(tx, access.site.id, params.siteSectionId);
      const changes: Partial<
        Pick<
          SiteSectionsTable,
          'title' | 'path' | 'default_site_space_id' | 'condition' | 'icon' | 'description'
        >
      > = {};
      if (body.title !== undefined) changes.title = sectionTitle(body.title);
      if (body.path !== undefined) {
        const path = checkPath(body.path);
        const holder = await sectionPathHolderIn(tx, access.site.id, path, section.id);
        if (holder !== null) throw sectionPathTaken(path, holder);
        changes.path = path;
      }
      if (body.defaultSiteSpace !== undefined) {
        const siteSpace = await findSiteSpace(tx, access.site.id, body.defaultSiteSpace);
        if (!siteSpace || siteSpace.section_id !== section.id)
          throw badRequest(
            `body field \`defaultSiteSpace\`: no site space with id \`${body.defaultSiteSpace}\` in this section`,
          );
        changes.default_site_space_id = siteSpace.id;
      }
      if (body.condition !== undefined) {
        checkCondition(access.site, body.condition);
        changes.condition = body.condition;
      }
      if (body.icon !== undefined) changes.icon = body.icon;
      if (body.description !== undefined) changes.description = body.description;
      if (Object.keys(changes).length > 0) {
        await tx.run(tx.q.updateTable('site_sections').set(changes).where('id', '=', section.id));
        await structureEvent(
          tx,
          now,
          access,
          'site.section.updated',
          { type: 'site-section', id: section.id },
          changes,
        );
      }
      return { access, section };
    });
    return presentSectionRow(
      store,
      await sectionOf(store, access.site.id, section.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  moveSiteSection: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const toPointer = (p: { siteSection: string } | undefined): Pointer | undefined =>
      p === undefined ? undefined : { type: 'site-section', id: p.siteSection };
    const before = toPointer(body?.position?.before);
    const after = toPointer(body?.position?.after);
    const now = clock.now();
    const { access, row } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const row = await sectionOf(tx, access.site.id, params.siteSectionId);
      const item: MovedItem = { type: 'site-section', row };
      await moveItem(tx, access.site.id, item, {
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      });
      await structureEvent(tx, now, access, 'site.section.moved', { type: 'site-section', id: row.id });
      return { access, row };
    });
    return presentSectionRow(
      store,
      await sectionOf(store, access.site.id, row.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },
} satisfies Handlers;
