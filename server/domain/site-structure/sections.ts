/** Handlers of the sections of a site: list, add, delete, update, move. */
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
import { structureContext } from './present.ts';
import {
  checkPath,
  createSectionRecord,
  hasSections,
  sectionPathHolder,
  sectionPathTaken,
} from './records.ts';
import { loadStructure, presentAllSections, presentSectionRow } from './structure.ts';

/** The new title of a section from a body (trimmed, at least 2 characters). */
function sectionTitle(title: string, field = 'title'): string {
  const trimmed = titleOf(title, field);
  if (trimmed.length < 2) throw badRequest(`body field \`${field}\`: must be at least 2 characters long`);
  return trimmed;
}

export const siteSectionHandlers = {
  listSiteSections: ({ params, query, actor, services: { db }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'view');
    const context = structureContext(db, access.site, baseUrl, access.actor);
    const loaded = loadStructure(db, access.site.id);
    const keys = sectionKeys(loaded);
    return pageOf(
      query,
      presentAllSections(db, loaded, context).map((item) => ({ keys: keys.get(item.id)!, item })),
    );
  },

  addSectionToSite: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const space = spaceForSite(db, access.site, body.spaceId, 'spaceId');
    const title =
      body.title !== undefined
        ? sectionTitle(body.title)
        : space.title.trim().length >= 2
          ? space.title.trim().slice(0, 128)
          : 'Section';
    const now = clock.now();
    const id = db.transaction(() => {
      const created = createSectionRecord(db, now, { siteId: access.site.id, spaceId: space.id, title });
      structureEvent(
        db,
        now,
        access,
        'site.section.created',
        { type: 'site-section', id: created },
        { title },
      );
      return created;
    });
    const context = contextAfterWrite(db, access, baseUrl);
    return presentSectionRow(db, sectionOf(db, access.site.id, id), context);
  },

  deleteSiteSectionById: ({ params, actor, services: { db, clock } }) => {
    const access = siteFor(db, params, actor, 'admin');
    const section = sectionOf(db, access.site.id, params.siteSectionId);
    const now = clock.now();
    db.transaction(() => {
      // Its site spaces go with it (ON DELETE CASCADE).
      db.run(db.q.deleteFrom('site_sections').where('id', '=', section.id));
      if (!hasSections(db, access.site.id)) {
        // The last section: the site is left with no sections and no site spaces (they went with it), and its
        // groups, all empty now, go too, so that the site starts over from an empty root.
        db.run(db.q.deleteFrom('site_section_groups').where('site_id', '=', access.site.id));
        db.run(
          db.q
            .updateTable('sites')
            .set({ default_section_id: null, default_site_space_id: null })
            .where('id', '=', access.site.id),
        );
      } else if (access.site.default_section_id === section.id) promoteDefaultSection(db, access.site.id);
      structureEvent(
        db,
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

  updateSiteSectionById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const section = sectionOf(db, access.site.id, params.siteSectionId);
    const changes: Partial<
      Pick<
        SiteSectionsTable,
        'title' | 'path' | 'default_site_space_id' | 'condition' | 'icon' | 'description'
      >
    > = {};
    if (body.title !== undefined) changes.title = sectionTitle(body.title);
    if (body.path !== undefined) {
      const path = checkPath(body.path);
      const holder = sectionPathHolder(db, access.site.id, path, section.id);
      if (holder !== null) throw sectionPathTaken(path, holder);
      changes.path = path;
    }
    if (body.defaultSiteSpace !== undefined) {
      const siteSpace = findSiteSpace(db, access.site.id, body.defaultSiteSpace);
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
      const now = clock.now();
      db.transaction(() => {
        db.run(db.q.updateTable('site_sections').set(changes).where('id', '=', section.id));
        structureEvent(
          db,
          now,
          access,
          'site.section.updated',
          { type: 'site-section', id: section.id },
          changes,
        );
      });
    }
    return presentSectionRow(
      db,
      sectionOf(db, access.site.id, section.id),
      contextAfterWrite(db, access, baseUrl),
    );
  },

  moveSiteSection: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const row = sectionOf(db, access.site.id, params.siteSectionId);
    const toPointer = (p: { siteSection: string } | undefined): Pointer | undefined =>
      p === undefined ? undefined : { type: 'site-section', id: p.siteSection };
    const before = toPointer(body?.position?.before);
    const after = toPointer(body?.position?.after);
    const item: MovedItem = { type: 'site-section', row };
    const now = clock.now();
    db.transaction(() => {
      moveItem(db, access.site.id, item, {
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      });
      structureEvent(db, now, access, 'site.section.moved', { type: 'site-section', id: row.id });
    });
    return presentSectionRow(
      db,
      sectionOf(db, access.site.id, row.id),
      contextAfterWrite(db, access, baseUrl),
    );
  },
} satisfies Handlers;
