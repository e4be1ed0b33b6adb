/**
 * Handlers of the section groups of a site: list, add, delete, update, move, and a section into or out of one. A
 * write runs in one transaction of the store with what it depends on (the caller's standing, the group, the section,
 * the sort keys it writes from) and presents after.
 */
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type { SiteSectionGroupsTable } from '../../storage/schema.ts';
import { titleOf } from '../collections/commands.ts';
import { contextAfterWrite, pageOf, siteFor, structureEvent } from './common.ts';
import { findSection, groupOf } from './items.ts';
import { moveItem } from './moves.ts';
import { structureContextIn } from './present.ts';
import { createSectionGroupRecordIn } from './commands.ts';
import { hasSectionsIn } from './records.ts';
import { keyRightAfter, lastKeyIn, nextKey } from './siblings.ts';
import { loadPresentableIn, presentAllSections, presentGroupRow } from './structure.ts';

export const siteSectionGroupHandlers = {
  listSiteSectionGroups: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const access = await siteFor(store, params, actor, 'view');
    const context = await structureContextIn(store, access.site, baseUrl, access.actor);
    const loaded = await loadPresentableIn(store, access.site.id);
    const sections = new Map(presentAllSections(loaded, context).map((s) => [s.id, s]));
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

  addSectionGroupToSite: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, id } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const title = titleOf(body.title);
      if (!(await hasSectionsIn(tx, access.site.id)))
        throw conflict('the site has no sections: add a section before grouping sections');
      const id = await createSectionGroupRecordIn(tx, now, {
        siteId: access.site.id,
        title,
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
        ...(body.sections !== undefined ? { sectionIds: body.sections } : {}),
      });
      await structureEvent(
        tx,
        now,
        access,
        'site.section_group.created',
        { type: 'site-section-group', id },
        {
          title,
        },
      );
      return { access, id };
    });
    return presentGroupRow(
      store,
      await groupOf(store, access.site.id, id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  deleteSiteSectionGroupById: async ({ params, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const group = await groupOf(tx, access.site.id, params.siteSectionGroupId);
      const sections = await tx.all(
        tx.q
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
      const next = await nextKey(tx, top, group.sort_key, group.id);
      const keys = keysBetween(group.sort_key, next, sections.length);
      for (const [index, section] of sections.entries())
        await tx.run(
          tx.q
            .updateTable('site_sections')
            .set({ group_id: null, sort_key: keys[index] as string })
            .where('id', '=', section.id),
        );
      await tx.run(tx.q.deleteFrom('site_section_groups').where('id', '=', group.id));
      await structureEvent(
        tx,
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

  updateSiteSectionGroupById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, group } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const group = await groupOf(tx, access.site.id, params.siteSectionGroupId);
      const changes: Partial<Pick<SiteSectionGroupsTable, 'title' | 'icon'>> = {};
      if (body.title !== undefined) changes.title = titleOf(body.title);
      if (body.icon !== undefined) changes.icon = body.icon;
      if (Object.keys(changes).length > 0) {
        await tx.run(tx.q.updateTable('site_section_groups').set(changes).where('id', '=', group.id));
        await structureEvent(
          tx,
          now,
          access,
          'site.section_group.updated',
          { type: 'site-section-group', id: group.id },
          changes,
        );
      }
      return { access, group };
    });
    return presentGroupRow(
      store,
      await groupOf(store, access.site.id, group.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  addSectionToGroup: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, group } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const group = await groupOf(tx, access.site.id, params.siteSectionGroupId);
      const section = await findSection(tx, access.site.id, body.sectionId);
      if (!section)
        throw badRequest(`body field \`sectionId\`: no section with id \`${body.sectionId}\` in this site`);
      const level = { kind: 'group' as const, siteId: access.site.id, groupId: group.id };
      const last = await lastKeyIn(tx, level);
      // Already the group's last section: nothing to write.
      if (section.group_id !== group.id || last !== section.sort_key) {
        await tx.run(
          tx.q
            .updateTable('site_sections')
            .set({ group_id: group.id, sort_key: keysBetween(last, null, 1)[0] as string })
            .where('id', '=', section.id),
        );
      }
      await structureEvent(
        tx,
        now,
        access,
        'site.section.grouped',
        { type: 'site-section', id: section.id },
        {
          group: group.id,
        },
      );
      return { access, group };
    });
    return presentGroupRow(
      store,
      await groupOf(store, access.site.id, group.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  removeSectionFromGroup: async ({ params, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const group = await groupOf(tx, access.site.id, params.siteSectionGroupId);
      const section = await findSection(tx, access.site.id, params.siteSectionId);
      if (!section || section.group_id !== group.id)
        throw notFound(`no section with id \`${params.siteSectionId}\` in the section group \`${group.id}\``);
      const top = { kind: 'top' as const, siteId: access.site.id };
      await tx.run(
        tx.q
          .updateTable('site_sections')
          .set({ group_id: null, sort_key: await keyRightAfter(tx, top, group.sort_key, group.id) })
          .where('id', '=', section.id),
      );
      await structureEvent(
        tx,
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

  moveSiteSectionGroup: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const before = body?.position?.before;
    const after = body?.position?.after;
    const now = clock.now();
    const { access, row } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const row = await groupOf(tx, access.site.id, params.siteSectionGroupId);
      await moveItem(
        tx,
        access.site.id,
        { type: 'site-section-group', row },
        { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) },
      );
      await structureEvent(tx, now, access, 'site.section_group.moved', {
        type: 'site-section-group',
        id: row.id,
      });
      return { access, row };
    });
    return presentGroupRow(
      store,
      await groupOf(store, access.site.id, row.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },
} satisfies Handlers;
