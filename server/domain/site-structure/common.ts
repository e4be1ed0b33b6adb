/**
 * What the section, section group, site space and structure handlers share: reaching the site as the caller,
 * presenting after a write, recording the change, checking a body's space and condition, and paging the
 * in-memory lists of a site's structure. Everything reads through a store or a write's transaction (`Statements`).
 */
import { badRequest } from '../../errors.ts';
import type { Actor } from '../../http/context.ts';
import { listPage, type KeyValue, type ListPage } from '../../http/pagination.ts';
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { SitesTable, SpacesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import type { AuditAction } from '../audit/actions.ts';
import { ensureConditionAllowed } from '../sites/adaptive.ts';
import { loadSiteAccessIn, type SiteAccess } from '../sites/access.ts';
import { structureContextIn, type StructureContext } from './present.ts';
import { siteRowIn } from './records.ts';
import type { LoadedStructure } from './structure.ts';

const spaceById = prepared((spaceId: string) =>
  builder.selectFrom('spaces').selectAll().where('id', '=', spaceId),
);

/**
 * The site and the caller, authorized to read (`view`) or change (`admin`) it (`loadSiteAccessIn`), read through a
 * store or, for a write, in its transaction. 404 for an unknown or foreign site (non-members first get the
 * organization's 404), 403 without the right.
 */
export function siteFor(
  on: Statements,
  params: { organizationId: string; siteId: string },
  actor: Actor,
  right: 'view' | 'admin',
): Promise<SiteAccess> {
  return loadSiteAccessIn(on, params.organizationId, params.siteId, actor.userId, `site.${right}`);
}

/** Re-reads the site (defaults may have moved) and builds the presentation context. */
export async function contextAfterWrite(
  on: Statements,
  access: SiteAccess,
  baseUrl: string,
): Promise<StructureContext> {
  return structureContextIn(on, await siteRowIn(on, access.site.id), baseUrl, access.actor);
}

/** Records a change of the site's structure, in the change's transaction. */
export async function structureEvent(
  tx: Statements,
  now: Date,
  access: SiteAccess,
  action: AuditAction,
  subject: { type: string; id: string },
  data: Record<string, unknown> = {},
): Promise<void> {
  await recordEventIn(tx, now, {
    organizationId: access.site.organization_id,
    actorId: access.actor.userId,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    data: { site: access.site.id, ...data },
  });
}

/** A space of the site's organization, outside the trash, or a 400 naming `field`. */
export async function spaceForSite(
  on: Statements,
  site: SitesTable,
  spaceId: string,
  field: string,
): Promise<SpacesTable> {
  const space = await on.first(spaceById(spaceId));
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
export function sectionKeys(loaded: LoadedStructure): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const item of loaded.top) {
    if (item.type === 'section') keys.set(item.row.id, [item.row.sort_key, '', item.row.id]);
    else
      for (const section of item.sections)
        keys.set(section.id, [item.row.sort_key, section.sort_key, section.id]);
  }
  return keys;
}
