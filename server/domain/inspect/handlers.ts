/**
 * Handlers of "Inspect access" (extensions): what a member or a team reaches, page by page, and one item's level
 * with its reasons (why not, too). Organization admins only (403 for other members, 404 outside it); the member,
 * team and item must be of the organization (404 for other organizations' ids).
 *
 * Bounded work: a page examines at most `limit` items (≤ 2,000) in id order, collections then spaces then sites;
 * the cursor carries the type, the last id and the count examined so far.
 */
import {
  ACCESS_ITEM_TYPES,
  ACCESS_PAGE_DEFAULT,
  type AccessItemType,
  type AccessList,
} from '../../../shared/contract/resources/access.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor } from '../../http/pagination.ts';
import { authorize } from '../../policies/index.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import { loadOrgAccess } from '../access.ts';
import { Inspector, type ContentRow, type SiteRow } from './inspector.ts';
import { memberSubject, teamSubject, type Subject } from './subject.ts';

function checkAdmin(db: Database, organizationId: string, userId: string): void {
  const { actor } = loadOrgAccess(db, organizationId, userId);
  authorize(actor, 'organization.inspectAccess', null);
}

const spacesAfter = prepared((organizationId: string, after: string, limit: number) =>
  builder
    .selectFrom('spaces')
    .select(['id', 'title', 'parent_id', 'default_level'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit),
);
const collectionsAfter = prepared((organizationId: string, after: string, limit: number) =>
  builder
    .selectFrom('collections')
    .select(['id', 'title', 'parent_id', 'default_level'])
    .where('organization_id', '=', organizationId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit),
);
const sitesAfter = prepared((organizationId: string, after: string, limit: number) =>
  builder
    .selectFrom('sites')
    .select(['id', 'title'])
    .where('organization_id', '=', organizationId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit),
);
const countSpaces = prepared((organizationId: string) =>
  builder
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null),
);
const countCollections = prepared((organizationId: string) =>
  builder
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId),
);
const countSites = prepared((organizationId: string) =>
  builder
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId),
);

function rowsAfter(
  db: Database,
  type: AccessItemType,
  organizationId: string,
  after: string,
  limit: number,
): (ContentRow | SiteRow)[] {
  if (type === 'space') return db.all(spacesAfter(organizationId, after, limit));
  if (type === 'collection') return db.all(collectionsAfter(organizationId, after, limit));
  return db.all(sitesAfter(organizationId, after, limit));
}

function countOf(db: Database, type: AccessItemType, organizationId: string): number {
  const query =
    type === 'space'
      ? countSpaces(organizationId)
      : type === 'collection'
        ? countCollections(organizationId)
        : countSites(organizationId);
  return Number(db.first(query)?.n ?? 0);
}

/** The order pages go through: collections, spaces, sites (or one of them). */
const ORDER: readonly AccessItemType[] = ['collection', 'space', 'site'];

export function listAccess(
  db: Database,
  organizationId: string,
  subject: Subject,
  query: { page?: string; limit?: number; type?: AccessItemType; reach?: 'reached' | 'all' },
): AccessList {
  const types = query.type === undefined ? ORDER : [query.type];
  const limit = query.limit ?? ACCESS_PAGE_DEFAULT;
  const cursor = decodeCursor(query.page, 3);
  let phase = cursor === undefined ? 0 : Number(cursor[0]);
  let after = cursor === undefined ? '' : String(cursor[1]);
  let examined = cursor === undefined ? 0 : Number(cursor[2]);
  const inspector = new Inspector(db, organizationId, subject);
  const page: AccessList = { items: [], examined, total: 0 };
  let remaining = limit;
  while (remaining > 0 && phase < types.length) {
    const type = types[phase]!;
    const rows = rowsAfter(db, type, organizationId, after, remaining);
    for (const row of rows) {
      const entry = inspector.entry(type, row);
      if (entry.level !== null || query.reach === 'all') page.items.push(entry);
    }
    examined += rows.length;
    remaining -= rows.length;
    if (rows.length > 0) after = rows[rows.length - 1]!.id;
    if (remaining > 0) {
      phase++;
      after = '';
    }
  }
  page.examined = examined;
  page.total = types.reduce((sum, type) => sum + countOf(db, type, organizationId), 0);
  if (phase < types.length && examined < page.total)
    page.next = { page: encodeCursor([phase, after, examined]) };
  return page;
}

const spaceById = prepared((organizationId: string, id: string) =>
  builder
    .selectFrom('spaces')
    .select(['id', 'title', 'parent_id', 'default_level'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', '=', id),
);
const collectionById = prepared((organizationId: string, id: string) =>
  builder
    .selectFrom('collections')
    .select(['id', 'title', 'parent_id', 'default_level'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id),
);
const siteById = prepared((organizationId: string, id: string) =>
  builder
    .selectFrom('sites')
    .select(['id', 'title'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id),
);

function explainItem(
  db: Database,
  organizationId: string,
  subject: Subject,
  type: AccessItemType,
  id: string,
) {
  const row =
    type === 'space'
      ? db.first(spaceById(organizationId, id))
      : type === 'collection'
        ? db.first(collectionById(organizationId, id))
        : db.first(siteById(organizationId, id));
  if (row === undefined) throw notFound(`no ${type} with id \`${id}\` in this organization`);
  return new Inspector(db, organizationId, subject).entry(type, row);
}

const itemType = (value: string): AccessItemType =>
  (ACCESS_ITEM_TYPES as readonly string[]).includes(value) ? (value as AccessItemType) : 'space';

export const inspectHandlers = {
  listMemberAccessInOrganization: ({ params, query, actor, services: { db } }) => {
    checkAdmin(db, params.organizationId, actor.userId);
    return listAccess(
      db,
      params.organizationId,
      memberSubject(db, params.organizationId, params.userId),
      query,
    );
  },
  getMemberAccessInOrganization: ({ params, actor, services: { db } }) => {
    checkAdmin(db, params.organizationId, actor.userId);
    const subject = memberSubject(db, params.organizationId, params.userId);
    return explainItem(db, params.organizationId, subject, itemType(params.itemType), params.itemId);
  },
  listTeamAccessInOrganization: ({ params, query, actor, services: { db } }) => {
    checkAdmin(db, params.organizationId, actor.userId);
    return listAccess(
      db,
      params.organizationId,
      teamSubject(db, params.organizationId, params.teamId),
      query,
    );
  },
  getTeamAccessInOrganization: ({ params, actor, services: { db } }) => {
    checkAdmin(db, params.organizationId, actor.userId);
    const subject = teamSubject(db, params.organizationId, params.teamId);
    return explainItem(db, params.organizationId, subject, itemType(params.itemType), params.itemId);
  },
} satisfies Handlers;
