/** Handlers of the content operations. */
import type { ResponseOf, Operations } from '../../../shared/contract/index.ts';
import type { ContentLocation, ContentReferenceUsage } from '../../../shared/contract/resources/links.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { listPage, type KeyValue, type SortKey } from '../../http/pagination.ts';
import { resolveSpaceAccess } from '../spaces/access.ts';
import { presentSpace } from '../spaces/present.ts';
import { buildLinkReport, compareText, GITBOOK_APP_HOST, statusRank, type LinkUsage } from './links.ts';
import { flattenPages, loadRevision, readDocuments, type StoredFile, type StoredPage } from './revisions.ts';

/**
 * The report's order as a cursor: status rank, label, key. The report is computed in memory, so the columns are
 * never queried; `listPage` only needs their number.
 */
const LINK_KEYS: readonly SortKey[] = [
  { column: 'rank', direction: 'asc' },
  { column: 'label', direction: 'asc' },
  { column: 'key', direction: 'asc' },
];

const keyOf = (usage: LinkUsage): KeyValue[] => [
  statusRank(usage.target.status),
  usage.target.label,
  usage.target.key,
];

/** The cursor's key values, typed; 400 when they are not this list's (a cursor of another list). */
function linkCursor(after: readonly KeyValue[]): [number, string, string] {
  const [rank, label, key] = after;
  if (typeof rank !== 'number' || typeof label !== 'string' || typeof key !== 'string')
    throw badRequest(
      'query parameter `page` is not a page cursor of this list (take it from `next.page` of the previous answer)',
    );
  return [rank, label, key];
}

/** Whether `usage` sorts after the cursor. */
function isAfter(usage: LinkUsage, [rank, label, key]: [number, string, string]): boolean {
  return (
    (statusRank(usage.target.status) - rank ||
      compareText(usage.target.label, label) ||
      compareText(usage.target.key, key)) > 0
  );
}

/*
 * The contract types embedded pages and files loosely (an id plus anything, their full shape belonging to the
 * content resources): these are the fields the report sends.
 */
const pageRef = (page: StoredPage) => ({ id: page.id, title: page.title });
const fileRef = (file: StoredFile) => ({ id: file.id, name: file.name, contentType: file.contentType });

/** This server's host as the caller reached it, whose URLs are app locations. */
function ownHost(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).host.toLowerCase();
  } catch {
    return undefined;
  }
}

export const contentHandlers = {
  listSpaceLinks: ({ params, query, actor, baseUrl, services: { db } }) => {
    const { space, actor: orgActor, level } = resolveSpaceAccess(db, params.spaceId, actor);
    const revision = loadRevision(db, space.revision_id);
    const pages = flattenPages(revision.tree.pages);
    const documents = readDocuments(
      db,
      pages.flatMap((placed) => (placed.page.documentId !== undefined ? [placed.page.documentId] : [])),
    );
    const appHosts = new Set([GITBOOK_APP_HOST]);
    const host = ownHost(baseUrl);
    if (host !== undefined) appHosts.add(host);
    const report = buildLinkReport({ pages, documents, files: revision.tree.files, appHosts });

    const presented = presentSpace(space, level, orgActor, baseUrl);
    const present = (usage: LinkUsage): ContentReferenceUsage => {
      const { target } = usage;
      const reference: ContentLocation = { kind: target.kind };
      if (target.page) {
        reference.page = pageRef(target.page);
        reference.space = presented;
        if (target.anchor !== undefined)
          reference.internalLocation = { type: 'anchor', anchor: target.anchor };
      } else if (target.file) {
        reference.file = fileRef(target.file);
        reference.space = presented;
      }
      if (target.url !== undefined) reference.url = target.url;
      return {
        status: target.status,
        relation: 'reference',
        targetReference: reference,
        locationReferences: usage.pages.map((placed) => ({
          kind: 'page',
          page: { ...pageRef(placed.page), path: placed.path },
          space: presented,
        })),
      };
    };

    const shown =
      query.status === undefined ? report : report.filter((usage) => usage.target.status === query.status);
    const broken = report.filter((usage) => usage.target.status === 'broken').length;
    const page = listPage({
      query,
      keys: LINK_KEYS,
      fetch: (after, take) => {
        if (!after) return shown.slice(0, take);
        const cursor = linkCursor(after);
        return shown.filter((usage) => isAfter(usage, cursor)).slice(0, take);
      },
      keyOf,
      count: () => shown.length,
      present,
    });
    const answer: ResponseOf<Operations['listSpaceLinks']> = {
      ...page,
      stats: { total: report.length, broken: { total: broken } },
    };
    return answer;
  },
} satisfies Handlers;
