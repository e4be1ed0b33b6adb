/**
 * What the section, section group, site space and structure handlers share: reaching the site as the caller,
 * presenting after a write, recording the change, checking a body's space and condition, and paging the
 * in-memory lists of a site's structure.
 */
import { badRequest } from '../../errors.ts';
import type { Actor } from '../../http/context.ts';
import { listPage, type KeyValue, type ListPage } from '../../http/pagination.ts';
import type { Database } from '../../storage/database.ts';
import type { SitesTable, SpacesTable } from '../../storage/schema.ts';
import { recordEvent } from '../events.ts';
import type { AuditAction } from '../audit/actions.ts';
import { ensureConditionAllowed } from '../sites/adaptive.ts';
import { loadSiteAccess, type SiteAccess } from '../sites/access.ts';
import { structureContext, type StructureContext } from './present.ts';
import { siteRow } from './records.ts';
import type { loadStructure } from './structure.ts';

/** The site and the caller, authorized to read (`view`) or change (`admin`) it. */
export function siteFor(
  db: Database,
  params: { organizationId: string; siteId: string },
  actor: Actor,
  right: 'view' | 'admin',
): SiteAccess {
  return loadSiteAccess(db, params.organizationId, params.siteId, actor.userId, `site.${right}`);
}

/** Re-reads the site (defaults may have moved) and builds the presentation context. */
export function contextAfterWrite(db: Database, access: SiteAccess, baseUrl: string): StructureContext {
  return structureContext(db, siteRow(db, access.site.id), baseUrl, access.actor);
}

/** Records a change of the site's structure, in the change's transaction. */
export function structureEvent(
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
export function spaceForSite(db: Database, site: SitesTable, spaceId: string, field: string): SpacesTable {
  const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId));
  if (!space || space.organization_id !== site.organization_id)
    throw badRequest(`body field \`${field}\`: no space with id \`${spaceId}\` in this organization`);
  if (space.deleted_at !== null)
    throw badRequest(`body field \`${field}\`: the space \`${spaceId}\` is in the trash`);
  return space;
}

/** A 400 naming `condition` when it does not parse or reads a claim the site's schema does not declare. */
export function checkCondition(site: SitesTable, condition: string | null | undefined): void {
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
export function pageOf<T>(
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
export function sectionKeys(loaded: ReturnType<typeof loadStructure>): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const item of loaded.top) {
    if (item.type === 'section') keys.set(item.row.id, [item.row.sort_key, '', item.row.id]);
    else
      for (const section of item.sections)
        keys.set(section.id, [item.row.sort_key, section.sort_key, section.id]);
  }
  return keys;
}
