/** Handlers of the site-structure operations: sections, section groups, site spaces, the structure and its sort. */
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Actor, Handlers } from '../../http/context.ts';
import { listPage, type KeyValue, type ListPage } from '../../http/pagination.ts';
import type { Database } from '../../storage/database.ts';
import { keysBetween } from '../../storage/sort-keys.ts';
import type {
  SiteSectionGroupsTable,
  SiteSectionsTable,
  SitesTable,
  SpacesTable,
} from '../../storage/schema.ts';
import { titleOf } from '../collections/commands.ts';
import { recordEvent } from '../events.ts';
import type { AuditAction } from '../audit/actions.ts';
import { ensureConditionAllowed } from '../sites/adaptive.ts';
import { loadSiteAccess, type SiteAccess } from '../sites/access.ts';
import {
  groupOf,
  promoteDefaultSection,
  promoteDefaultSiteSpace,
  sectionOf,
  siteSpaceOf,
  findGroup,
  findSection,
  findSiteSpace,
} from './items.ts';
import { hasOtherSiteSpace, moveItem, type MovedItem, type Pointer } from './moves.ts';
import { structureContext, type StructureContext } from './present.ts';
import {
  addSiteSpaceRecord,
  checkPath,
  createSectionGroupRecord,
  createSectionRecord,
  hasSections,
  sectionPathHolder,
  sectionPathTaken,
  siteRow,
  siteSpacePathHolder,
  siteSpacePathTaken,
} from './records.ts';
import { keyRightAfter, lastKey, nextKey } from './siblings.ts';
import {
  loadStructure,
  presentAllSections,
  presentAllSiteSpaces,
  presentGroupRow,
  presentSectionRow,
  presentSiteSpaceRow,
  structureOf,
} from './structure.ts';

/** The site and the caller, authorized to read (`view`) or change (`admin`) it. */
function siteFor(
  db: Database,
  params: { organizationId: string; siteId: string },
  actor: Actor,
  right: 'view' | 'admin',
): SiteAccess {
  return loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, `site.${right}`);
}

/** Re-reads the site (defaults may have moved) and builds the presentation context. */
function contextAfterWrite(db: Database, access: SiteAccess, baseUrl: string): StructureContext {
  return structureContext(db, siteRow(db, access.site.id), baseUrl, access.actor);
}

/** Records a change of the site's structure, in the change's transaction. */
function structureEvent(
  db: Database,
  now: Date,
  access: SiteAccess,
  action: AuditAction,
  subject: { type: string; id: string },
  data: Record<string, unknown> = {},
): void {
  recordEvent(db, now, {
    organizationId: access.site.organization_id,
    actorId: access.actor.userId,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    data: { site: access.site.id, ...data },
  });
}

/** A space of the site's organization, outside the trash, or a 400 naming `field`. */
function spaceForSite(db: Database, site: SitesTable, spaceId: string, field: string): SpacesTable {
  const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId));
  if (!space || space.organization_id !== site.organization_id)
    throw badRequest(`body field \`${field}\`: no space with id \`${spaceId}\` in this organization`);
  if (space.deleted_at !== null)
    throw badRequest(`body field \`${field}\`: the space \`${spaceId}\` is in the trash`);
  return space;
}

function checkCondition(site: SitesTable, condition: string | null | undefined): void {
  if (typeof condition === 'string') ensureConditionAllowed(site, condition, 'condition');
}

function compareKeys(a: readonly KeyValue[], b: readonly KeyValue[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = String(a[i]);
    const y = String(b[i]);
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** One page of an ordered in-memory list (sites are small): the cursor holds the last item's keys. */
function pageOf<T>(
  query: { page?: string; limit?: number },
  rows: { keys: string[]; item: T }[],
): ListPage<T> {
  const arity = rows[0]?.keys.length ?? 1;
  return listPage({
    query,
    keys: Array.from({ length: arity }, () => ({ column: 'key', direction: 'asc' as const })),
    fetch: (after, take) => {
      const start = after === undefined ? 0 : rows.findIndex((row) => compareKeys(row.keys, after) > 0);
      return start < 0 ? [] : rows.slice(start, start + take);
    },
    keyOf: (row) => row.keys,
    count: () => rows.length,
    present: (row) => row.item,
  });
}

/** The structure-order keys of sections: the top-level key, then the key inside the group. */
function sectionKeys(loaded: ReturnType<typeof loadStructure>): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const item of loaded.top) {
    if (item.type === 'section') keys.set(item.row.id, [item.row.sort_key, '', item.row.id]);
    else
      for (const section of item.sections)
        keys.set(section.id, [item.row.sort_key, section.sort_key, section.id]);
  }
  return keys;
}

/** The new title of a section from a body (trimmed, at least 2 characters). */
function sectionTitle(title: string, field = 'title'): string {
  const trimmed = titleOf(title, field);
  if (trimmed.length < 2) throw badRequest(`body field \`${field}\`: must be at least 2 characters long`);
  return trimmed;
}

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
  // Sections

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

  // Section groups

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

  // Site spaces

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

  // The structure

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
