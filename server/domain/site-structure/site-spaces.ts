/** Handlers of the site spaces of a site: list, add, delete, update, move. */
import { badRequest, conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import {
  checkCondition,
  contextAfterWrite,
  pageOf,
  sectionKeys,
  siteFor,
  spaceForSite,
  structureEvent,
} from './common.ts';
import { findSection, promoteDefaultSiteSpace, siteSpaceOf } from './items.ts';
import { hasOtherSiteSpace, moveItem, type Pointer } from './moves.ts';
import { structureContext } from './present.ts';
import { addSiteSpaceRecord, checkPath, siteSpacePathHolder, siteSpacePathTaken } from './records.ts';
import { loadStructure, presentAllSiteSpaces, presentSiteSpaceRow } from './structure.ts';

export const siteSpaceHandlers = {
  listSiteSpaces: ({ params, query, actor, services: { db }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'view');
    const context = structureContext(db, access.site, baseUrl, access.actor);
    const loaded = loadStructure(db, access.site.id);
    const keys = sectionKeys(loaded);
    const keyOf = new Map<string, string[]>();
    for (const row of loaded.siteSpaces.get('') ?? []) keyOf.set(row.id, ['', '', row.sort_key, row.id]);
    for (const section of loaded.sections) {
      const [top, inGroup] = keys.get(section.id)!;
      for (const row of loaded.siteSpaces.get(section.id) ?? [])
        keyOf.set(row.id, [top!, inGroup!, row.sort_key, row.id]);
    }
    const siteSpaces = presentAllSiteSpaces(db, loaded, context).filter(
      (siteSpace) => query.default === undefined || siteSpace.default === query.default,
    );
    return pageOf(
      query,
      siteSpaces.map((item) => ({ keys: keyOf.get(item.id)!, item })),
    );
  },

  addSpaceToSite: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const space = spaceForSite(db, access.site, body.spaceId, 'spaceId');
    if (body.sectionId !== undefined && !findSection(db, access.site.id, body.sectionId))
      throw badRequest(`body field \`sectionId\`: no section with id \`${body.sectionId}\` in this site`);
    const now = clock.now();
    const id = db.transaction(() => {
      const created = addSiteSpaceRecord(db, now, {
        siteId: access.site.id,
        sectionId: body.sectionId ?? null,
        spaceId: space.id,
      });
      structureEvent(
        db,
        now,
        access,
        'site.site_space.added',
        { type: 'site-space', id: created },
        {
          space: space.id,
        },
      );
      return created;
    });
    return presentSiteSpaceRow(
      db,
      siteSpaceOf(db, access.site.id, id),
      contextAfterWrite(db, access, baseUrl),
    );
  },

  deleteSiteSpaceById: ({ params, actor, services: { db, clock } }) => {
    const access = siteFor(db, params, actor, 'admin');
    const siteSpace = siteSpaceOf(db, access.site.id, params.siteSpaceId);
    if (
      siteSpace.section_id !== null &&
      !hasOtherSiteSpace(db, access.site.id, siteSpace.section_id, siteSpace.id)
    )
      throw conflict('a section needs at least one site space: delete the section instead');
    const now = clock.now();
    db.transaction(() => {
      db.run(db.q.deleteFrom('site_spaces').where('id', '=', siteSpace.id));
      promoteDefaultSiteSpace(db, access.site.id, siteSpace.section_id);
      structureEvent(
        db,
        now,
        access,
        'site.site_space.removed',
        { type: 'site-space', id: siteSpace.id },
        {
          space: siteSpace.space_id,
        },
      );
    });
    return undefined;
  },

  updateSiteSpaceById: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const siteSpace = siteSpaceOf(db, access.site.id, params.siteSpaceId);
    const changes: { path?: string; condition?: string | null; space_id?: string } = {};
    if (body.path !== undefined) {
      const path = checkPath(body.path);
      const holder = siteSpacePathHolder(db, access.site.id, siteSpace.section_id, path, siteSpace.id);
      if (holder !== null) throw siteSpacePathTaken(path, holder);
      changes.path = path;
    }
    if (body.condition !== undefined) {
      checkCondition(access.site, body.condition);
      changes.condition = body.condition;
    }
    if (body.spaceId !== undefined)
      changes.space_id = spaceForSite(db, access.site, body.spaceId, 'spaceId').id;
    if (Object.keys(changes).length > 0) {
      const now = clock.now();
      db.transaction(() => {
        db.run(db.q.updateTable('site_spaces').set(changes).where('id', '=', siteSpace.id));
        structureEvent(
          db,
          now,
          access,
          'site.site_space.updated',
          { type: 'site-space', id: siteSpace.id },
          changes,
        );
      });
    }
    return presentSiteSpaceRow(
      db,
      siteSpaceOf(db, access.site.id, siteSpace.id),
      contextAfterWrite(db, access, baseUrl),
    );
  },

  moveSiteSpace: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const access = siteFor(db, params, actor, 'admin');
    const row = siteSpaceOf(db, access.site.id, params.siteSpaceId);
    const toPointer = (p: { siteSpace: string } | undefined): Pointer | undefined =>
      p === undefined ? undefined : { type: 'site-space', id: p.siteSpace };
    const before = toPointer(body?.position?.before);
    const after = toPointer(body?.position?.after);
    const now = clock.now();
    db.transaction(() => {
      moveItem(
        db,
        access.site.id,
        { type: 'site-space', row },
        { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) },
      );
      structureEvent(db, now, access, 'site.site_space.moved', { type: 'site-space', id: row.id });
    });
    return presentSiteSpaceRow(
      db,
      siteSpaceOf(db, access.site.id, row.id),
      contextAfterWrite(db, access, baseUrl),
    );
  },
} satisfies Handlers;
