/**
 * Handlers of the site spaces of a site: list, add, delete, update, move. A write runs in one transaction of the
 * store with what it depends on (the caller's standing, the site space, the paths taken, the other site spaces of
 * its section, the sort keys) and presents after.
 */
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
import { structureContextIn } from './present.ts';
import { addSiteSpaceRecordIn } from './commands.ts';
import { checkPath, siteSpacePathHolderIn, siteSpacePathTaken } from './records.ts';
import { loadPresentableIn, presentAllSiteSpaces, presentSiteSpaceRow } from './structure.ts';

export const siteSpaceHandlers = {
  listSiteSpaces: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const access = await siteFor(store, params, actor, 'view');
    const context = await structureContextIn(store, access.site, baseUrl, access.actor);
    const loaded = await loadPresentableIn(store, access.site.id);
    const keys = sectionKeys(loaded);
    const keyOf = new Map<string, string[]>();
    for (const row of loaded.siteSpaces.get('') ?? []) keyOf.set(row.id, ['', '', row.sort_key, row.id]);
    for (const section of loaded.sections) {
      const [top, inGroup] = keys.get(section.id)!;
      for (const row of loaded.siteSpaces.get(section.id) ?? [])
        keyOf.set(row.id, [top!, inGroup!, row.sort_key, row.id]);
    }
    const siteSpaces = presentAllSiteSpaces(loaded, context).filter(
      (siteSpace) => query.default === undefined || siteSpace.default === query.default,
    );
    return pageOf(
      query,
      siteSpaces.map((item) => ({ keys: keyOf.get(item.id)!, item })),
    );
  },

  addSpaceToSite: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, id } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const space = await spaceForSite(tx, access.site, body.spaceId, 'spaceId');
      if (body.sectionId !== undefined && !(await findSection(tx, access.site.id, body.sectionId)))
        throw badRequest(`body field \`sectionId\`: no section with id \`${body.sectionId}\` in this site`);
      const id = await addSiteSpaceRecordIn(tx, now, {
        siteId: access.site.id,
        sectionId: body.sectionId ?? null,
        spaceId: space.id,
      });
      await structureEvent(
        tx,
        now,
        access,
        'site.site_space.added',
        { type: 'site-space', id },
        {
          space: space.id,
        },
      );
      return { access, id };
    });
    return presentSiteSpaceRow(
      store,
      await siteSpaceOf(store, access.site.id, id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  deleteSiteSpaceById: async ({ params, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const siteSpace = await siteSpaceOf(tx, access.site.id, params.siteSpaceId);
      if (
        siteSpace.section_id !== null &&
        !(await hasOtherSiteSpace(tx, access.site.id, siteSpace.section_id, siteSpace.id))
      )
        throw conflict('a section needs at least one site space: delete the section instead');
      await tx.run(tx.q.deleteFrom('site_spaces').where('id', '=', siteSpace.id));
      await promoteDefaultSiteSpace(tx, access.site.id, siteSpace.section_id);
      await structureEvent(
        tx,
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

  updateSiteSpaceById: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    const { access, siteSpace } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const siteSpace = await siteSpaceOf(tx, access.site.id, params.siteSpaceId);
      const changes: { path?: string; condition?: string | null; space_id?: string } = {};
      if (body.path !== undefined) {
        const path = checkPath(body.path);
        const holder = await siteSpacePathHolderIn(
          tx,
          access.site.id,
          siteSpace.section_id,
          path,
          siteSpace.id,
        );
        if (holder !== null) throw siteSpacePathTaken(path, holder);
        changes.path = path;
      }
      if (body.condition !== undefined) {
        checkCondition(access.site, body.condition);
        changes.condition = body.condition;
      }
      if (body.spaceId !== undefined)
        changes.space_id = (await spaceForSite(tx, access.site, body.spaceId, 'spaceId')).id;
      if (Object.keys(changes).length > 0) {
        await tx.run(tx.q.updateTable('site_spaces').set(changes).where('id', '=', siteSpace.id));
        await structureEvent(
          tx,
          now,
          access,
          'site.site_space.updated',
          { type: 'site-space', id: siteSpace.id },
          changes,
        );
      }
      return { access, siteSpace };
    });
    return presentSiteSpaceRow(
      store,
      await siteSpaceOf(store, access.site.id, siteSpace.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },

  moveSiteSpace: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const toPointer = (p: { siteSpace: string } | undefined): Pointer | undefined =>
      p === undefined ? undefined : { type: 'site-space', id: p.siteSpace };
    const before = toPointer(body?.position?.before);
    const after = toPointer(body?.position?.after);
    const now = clock.now();
    const { access, row } = await store.transaction(async (tx) => {
      const access = await siteFor(tx, params, actor, 'admin');
      const row = await siteSpaceOf(tx, access.site.id, params.siteSpaceId);
      await moveItem(
        tx,
        access.site.id,
        { type: 'site-space', row },
        { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) },
      );
      await structureEvent(tx, now, access, 'site.site_space.moved', { type: 'site-space', id: row.id });
      return { access, row };
    });
    return presentSiteSpaceRow(
      store,
      await siteSpaceOf(store, access.site.id, row.id),
      await contextAfterWrite(store, access, baseUrl),
    );
  },
} satisfies Handlers;
