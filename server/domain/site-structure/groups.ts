/** Handlers of the section groups of a site: list, add, delete, update, move, and a section into or out of one. */
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type { SiteSectionGroupsTable } from '../../storage/schema.ts';
import { titleOf } from '../collections/commands.ts';
import { contextAfterWrite, pageOf, siteFor, structureEvent } from './common.ts';
import { findSection, groupOf } from './items.ts';
import { moveItem } from './moves.ts';
import { structureContext } from './present.ts';
import { createSectionGroupRecord, hasSections } from './records.ts';
import { keyRightAfter, lastKey, nextKey } from './siblings.ts';
import { loadStructure, presentAllSections, presentGroupRow } from './structure.ts';

export const siteSectionGroupHandlers = {
  listSiteSectionGroups: ({ params, query, actor, services: { db }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'view');
    const context = structureContext(db, access.site, baseUrl, access.actor);
    const loaded = loadStructure(db, access.site.id);
    const sections = new Map(presentAllSections(db, loaded, context).map((s) => [s.id, s]));
    return pageOf(
      query,
      loaded.top.flatMap((item) =>
        item.type === 'group'
          ? [
              {
                keys: [item.row.sort_key, item.row.id],
                item: {
                  object: 'site-section-group' as const,
                  id: item.row.id,
                  title: item.row.title,
                  ...(item.row.icon !== null ? { icon: item.row.icon } : {}),
                  sections: item.sections.map((section) => sections.get(section.id)!),
                },
              },
            ]
          : [],
      ),
    );
  },

  addSectionGroupToSite: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const title = titleOf(body.title);
    if (!hasSections(db, access.site.id))
      throw conflict('the site has no sections: add a section before grouping sections');
    const now = clock.now();
    const id = db.transaction(() => {
      const created = createSectionGroupRecord(db, now, {
        siteId: access.site.id,
        title,
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
        ...(body.sections !== undefined ? { sectionIds: body.sections } : {}),
      });
      structureEvent(
        db,
        now,
        access,
        'site.section_group.created',
        { type: 'site-section-group', id: created },
        {
          title,
        },
      );
      return created;
    });
    return presentGroupRow(db, groupOf(db, access.site.id, id), contextAfterWrite(db, access, baseUrl));
  },

  deleteSiteSectionGroupById: ({ params, actor, services: { db, clock } }) => {
    const access = siteFor(db, params, actor, 'admin');
    const group = groupOf(db, access.site.id, params.siteSectionGroupId);
    const now = clock.now();
    db.transaction(() => {
      const sections = db.all(
        db.q
          .selectFrom('site_sections')
          .select('id')
          .where('site_id', '=', access.site.id)
          .where('group_id', '=', group.id)
          .orderBy('sort_key'),
      );
      // The one change that writes several keys: the group's sections take its place at the top level, in the
      // group's order, so each needs a key between the group's neighbours (their keys inside the group belong to
      // another order and cannot be kept).
      const top = { kind: 'top' as const, siteId: access.site.id };
      const next = nextKey(db, top, group.sort_key, group.id);
      const keys = keysBetween(group.sort_key, next, sections.length);
      sections.forEach((section, index) => {
        db.run(
          db.q
            .updateTable('site_sections')
            .set({ group_id: null, sort_key: keys[index] as string })
            .where('id', '=', section.id),
        );
      });
      db.run(db.q.deleteFrom('site_section_groups').where('id', '=', group.id));
      structureEvent(
        db,
        now,
        access,
        'site.section_group.deleted',
        { type: 'site-section-group', id: group.id },
        {
          title: group.title,
        },
      );
    });
    return undefined;
  },

  updateSiteSectionGroupById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const group = groupOf(db, access.site.id, params.siteSectionGroupId);
    const changes: Partial<Pick<SiteSectionGroupsTable, 'title' | 'icon'>> = {};
    if (body.title !== undefined) changes.title = titleOf(body.title);
    if (body.icon !== undefined) changes.icon = body.icon;
    if (Object.keys(changes).length > 0) {
      const now = clock.now();
      db.transaction(() => {
        db.run(db.q.updateTable('site_section_groups').set(changes).where('id', '=', group.id));
        structureEvent(
          db,
          now,
          access,
          'site.section_group.updated',
          { type: 'site-section-group', id: group.id },
          changes,
        );
      });
    }
    return presentGroupRow(db, groupOf(db, access.site.id, group.id), contextAfterWrite(db, access, baseUrl));
  },

  addSectionToGroup: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const group = groupOf(db, access.site.id, params.siteSectionGroupId);
    const section = findSection(db, access.site.id, body.sectionId);
    if (!section)
      throw badRequest(`body field \`sectionId\`: no section with id \`${body.sectionId}\` in this site`);
    const now = clock.now();
    db.transaction(() => {
      const level = { kind: 'group' as const, siteId: access.site.id, groupId: group.id };
      const last = lastKey(db, level);
      // Already the group's last section: nothing to write.
      if (section.group_id !== group.id || last !== section.sort_key) {
        db.run(
          db.q
            .updateTable('site_sections')
            .set({ group_id: group.id, sort_key: keysBetween(last, null, 1)[0] as string })
            .where('id', '=', section.id),
        );
      }
      structureEvent(
        db,
        now,
        access,
        'site.section.grouped',
        { type: 'site-section', id: section.id },
        {
          group: group.id,
        },
      );
    });
    return presentGroupRow(db, groupOf(db, access.site.id, group.id), contextAfterWrite(db, access, baseUrl));
  },

  removeSectionFromGroup: ({ params, actor, services: { db, clock } }) => {
    const access = siteFor(db, params, actor, 'admin');
    const group = groupOf(db, access.site.id, params.siteSectionGroupId);
    const section = findSection(db, access.site.id, params.siteSectionId);
    if (!section || section.group_id !== group.id)
      throw notFound(`no section with id \`${params.siteSectionId}\` in the section group \`${group.id}\``);
    const now = clock.now();
    db.transaction(() => {
      const top = { kind: 'top' as const, siteId: access.site.id };
      db.run(
        db.q
          .updateTable('site_sections')
          .set({ group_id: null, sort_key: keyRightAfter(db, top, group.sort_key, group.id) })
          .where('id', '=', section.id),
      );
      structureEvent(
        db,
        now,
        access,
        'site.section.ungrouped',
        { type: 'site-section', id: section.id },
        {
          group: group.id,
        },
      );
    });
    return undefined;
  },

  moveSiteSectionGroup: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const row = groupOf(db, access.site.id, params.siteSectionGroupId);
    const before = body?.position?.before;
    const after = body?.position?.after;
    const now = clock.now();
    db.transaction(() => {
      moveItem(
        db,
        access.site.id,
        { type: 'site-section-group', row },
        { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) },
      );
      structureEvent(db, now, access, 'site.section_group.moved', { type: 'site-section-group', id: row.id });
    });
    return presentGroupRow(db, groupOf(db, access.site.id, row.id), contextAfterWrite(db, access, baseUrl));
  },
} satisfies Handlers;
