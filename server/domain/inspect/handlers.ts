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
import { builder } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import { loadOrgAccessIn } from '../access.ts';
import { Inspector, type ContentRow, type SiteRow } from './inspector.ts';
import { memberSubjectIn, teamSubjectIn, type Subject } from './subject.ts';

async function checkAdmin(on: Statements, organizationId: string, userId: string): Promise<void> {
  const { actor } = await loadOrgAccessIn(on, organizationId, userId);
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
  on: Statements,
  type: AccessItemType,
  organizationId: string,
  after: string,
  limit: number,
): Promise<(ContentRow | SiteRow)[]> {
  if (type === 'space') return on.all(spacesAfter(organizationId, after, limit));
  if (type === 'collection') return on.all(collectionsAfter(organizationId, after, limit));
  return on.all(sitesAfter(organizationId, after, limit));
}

async function countOf(on: Statements, type: AccessItemType, organizationId: string): Promise<number> {
  const query =
    type === 'space'
      ? countSpaces(organizationId)
      : type === 'collection'
        ? countCollections(organizationId)
        : countSites(organizationId);
  return Number((await on.first(query))?.n ?? 0);
}

/** The order pages go through: collections, spaces, sites (or one of them). */
const ORDER: readonly AccessItemType[] = ['collection', 'space', 'site'];

export async function listAccess(
  on: Statements,
  organizationId: string,
  subject: Subject,
  query: { page?: string; limit?: number; type?: AccessItemType; reach?: 'reached' | 'all' },
): Promise<AccessList> {
  const types = query.type === undefined ? ORDER : [query.type];
  const limit = query.limit ?? ACCESS_PAGE_DEFAULT;
  const cursor = decodeCursor(query.page, 3);
  let phase = cursor === undefined ? 0 : Number(cursor[0]);
  let after = cursor === undefined ? '' : String(cursor[1]);
  let examined = cursor === undefined ? 0 : Number(cursor[2]);
  const inspector = await Inspector.loadIn(on, organizationId, subject);
  const page: AccessList = { items: [], examined, total: 0 };
  let remaining = limit;
  while (remaining > 0 && phase < types.length) {
    const type = types[phase]!;
    const rows = await rowsAfter(on, type, organizationId, after, remaining);
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
  let total = 0;
  for (const type of types) total += await countOf(on, type, organizationId);
  page.total = total;
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

async function explainItem(
  on: Statements,
  organizationId: string,
  subject: Subject,
  type: AccessItemType,
  id: string,
) {
  const row =
    type === 'space'
      ? await on.first(spaceById(organizationId, id))
      : type === 'collection'
        ? await on.first(collectionById(organizationId, id))
        : await on.first(siteById(organizationId, id));
  if (row === undefined) throw notFound(`no ${type} with id \`${id}\` in this organization`);
  return (await Inspector.loadIn(on, organizationId, subject)).entry(type, row);
}

const itemType = (value: string): AccessItemType =>
  (ACCESS_ITEM_TYPES as readonly string[]).includes(value) ? (value as AccessItemType) : 'space';

export const inspectHandlers = {
  listMemberAccessInOrganization: async ({ params, query, actor, services: { store } }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    const subject = await memberSubjectIn(store, params.organizationId, params.userId);
    return listAccess(store, params.organizationId, subject, query);
  },
  getMemberAccessInOrganization: async ({ params, actor, services: { store } }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    const subject = await memberSubjectIn(store, params.organizationId, params.userId);
    return explainItem(store, params.organizationId, subject, itemType(params.itemType), params.itemId);
  },
  listTeamAccessInOrganization: async ({ params, query, actor, services: { store } }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    const subject = await teamSubjectIn(store, params.organizationId, params.teamId);
    return listAccess(store, params.organizationId, subject, query);
  },
  getTeamAccessInOrganization: async ({ params, actor, services: { store } }) => {
    await checkAdmin(store, params.organizationId, actor.userId);
    const subject = await teamSubjectIn(store, params.organizationId, params.teamId);
    return explainItem(store, params.organizationId, subject, itemType(params.itemType), params.itemId);
  },
} satisfies Handlers;
