/**
 * Handlers of a site's structure as a whole: read it, and sort one of its items (a section, a section group or a
 * site space) next to a sibling. The handlers of each kind of item are in `sections.ts`, `groups.ts` and
 * `site-spaces.ts`; what they share is in `common.ts`.
 *
 * A write runs in one transaction of the store with every read it depends on (the caller's standing, the item, its
 * neighbours' sort keys), and presents its result after it, through the store.
 */
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import type { Statements } from '../../storage/store/store.ts';
import { contextAfterWrite, siteFor, structureEvent } from './common.ts';
import { groupOf, sectionOf, siteSpaceOf, findGroup, findSection, findSiteSpace } from './items.ts';
import { moveItem, type MovedItem, type Pointer } from './moves.ts';
import type { StructureContext } from './present.ts';
import { presentGroupRow, presentSectionRow, presentSiteSpaceRow, structureOfIn } from './structure.ts';

/** The item a pointer of `sortSiteStructure` names, or a 404 naming `item`. */
async function itemOf(tx: Statements, siteId: string, pointer: Pointer): Promise<MovedItem> {
  const unknown = (kind: string) =>
    notFound(`body field \`item\`: no ${kind} with id \`${pointer.id}\` in this site`);
  switch (pointer.type) {
    case 'site-space': {
      const row = await findSiteSpace(tx, siteId, pointer.id);
      if (!row) throw unknown('site space');
      return { type: 'site-space', row };
    }
    case 'site-section': {
      const row = await findSection(tx, siteId, pointer.id);
      if (!row) throw unknown('section');
      return { type: 'site-section', row };
    }
    case 'site-section-group': {
      const row = await findGroup(tx, siteId, pointer.id);
      if (!row) throw unknown('section group');
      return { type: 'site-section-group', row };
    }
  }
}

async function presentItem(on: Statements, item: MovedItem, context: StructureContext) {
  switch (item.type) {
    case 'site-space':
      return presentSiteSpaceRow(on, await siteSpaceOf(on, context.site.id, item.row.id), context);
    case 'site-section':
      return presentSectionRow(on, await sectionOf(on, context.site.id, item.row.id), context);
    case 'site-section-group':
      return presentGroupRow(on, await groupOf(on, context.site.id, item.row.id), context);
  }
}

export const siteStructureHandlers = {
  getSiteStructure: async ({ params, actor, services: { store }, baseUrl }) => {
    const access = await siteFor(store, params, actor, 'view');
    return structureOfIn(store, access.site, baseUrl, access.actor);
  },

  sortSiteStructure: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, item } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const item = await itemOf(tx, access.site.id, body.item);
      await moveItem(tx, access.site.id, item, body.position);
      await structureEvent(tx, now, access, 'site.structure.sorted', { type: item.type, id: item.row.id });
      return { access, item };
    });
    return presentItem(store, item, await contextAfterWrite(store, access, baseUrl));
  },
} satisfies Handlers;
