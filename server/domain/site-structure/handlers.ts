/**
 * Handlers of a site's structure as a whole: read it, and sort one of its items (a section, a section group or a
 * site space) next to a sibling. The handlers of each kind of item are in `sections.ts`, `groups.ts` and
 * `site-spaces.ts`; what they share is in `common.ts`.
 */
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import type { Database } from '../../storage/database.ts';
import { contextAfterWrite, siteFor, structureEvent } from './common.ts';
import { groupOf, sectionOf, siteSpaceOf, findGroup, findSection, findSiteSpace } from './items.ts';
import { moveItem, type MovedItem, type Pointer } from './moves.ts';
import type { StructureContext } from './present.ts';
import { presentGroupRow, presentSectionRow, presentSiteSpaceRow, structureOf } from './structure.ts';

/** The item a pointer of `sortSiteStructure` names, or a 404 naming `item`. */
function itemOf(db: Database, siteId: string, pointer: Pointer): MovedItem {
  const unknown = (kind: string) =>
    notFound(`body field \`item\`: no ${kind} with id \`${pointer.id}\` in this site`);
  switch (pointer.type) {
    case 'site-space': {
      const row = findSiteSpace(db, siteId, pointer.id);
      if (!row) throw unknown('site space');
      return { type: 'site-space', row };
    }
    case 'site-section': {
      const row = findSection(db, siteId, pointer.id);
      if (!row) throw unknown('section');
      return { type: 'site-section', row };
    }
    case 'site-section-group': {
      const row = findGroup(db, siteId, pointer.id);
      if (!row) throw unknown('section group');
      return { type: 'site-section-group', row };
    }
  }
}

function presentItem(db: Database, item: MovedItem, context: StructureContext) {
  switch (item.type) {
    case 'site-space':
      return presentSiteSpaceRow(db, siteSpaceOf(db, context.site.id, item.row.id), context);
    case 'site-section':
      return presentSectionRow(db, sectionOf(db, context.site.id, item.row.id), context);
    case 'site-section-group':
      return presentGroupRow(db, groupOf(db, context.site.id, item.row.id), context);
  }
}

export const siteStructureHandlers = {
  getSiteStructure: ({ params, actor, services: { db }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'view');
    return structureOf(db, access.site, baseUrl, access.actor);
  },

  sortSiteStructure: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const item = itemOf(db, access.site.id, body.item);
    const now = clock.now();
    db.transaction(() => {
      moveItem(db, access.site.id, item, body.position);
      structureEvent(db, now, access, 'site.structure.sorted', { type: item.type, id: item.row.id });
    });
    return presentItem(db, item, contextAfterWrite(db, access, baseUrl));
  },
} satisfies Handlers;
