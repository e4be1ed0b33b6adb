/**
 * The link report of a revision: computed in memory over its pages and files, paged by status rank, label and key.
 * Used by the space's report (content/handlers.ts) and a change request's (change-requests/content-handlers.ts).
 */
import type { Space } from '../../../shared/contract/resources/content.ts';
import type {
  ContentLocation,
  ContentReferenceUsage,
  LinkReport,
} from '../../../shared/contract/resources/links.ts';
import { badRequest } from '../../errors.ts';
import { listPage, type KeyValue, type SortKey } from '../../http/pagination.ts';
import { buildLinkReport, compareText, GITBOOK_APP_HOST, statusRank, type LinkUsage } from './links.ts';
import type { Database } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  flattenPages,
  readDocuments,
  readDocumentsIn,
  type LoadedRevision,
  type PlacedPage,
  type StoredFile,
  type StoredPage,
} from './revisions.ts';

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

/** What a link report is computed over: the revision, and its space as presented in locations. */
export interface LinkReportSource {
  db: Database;
  /** The space as the caller sees it, embedded in every location. */
  presented: Space;
  revision: LoadedRevision;
  baseUrl: string;
  /** Only the links written in these pages (ids); default: every page. */
  from?: ReadonlySet<string>;
}

/** Every link usage of a revision (or of some of its pages), classified, in report order. */
export function computeLinkReport(source: Omit<LinkReportSource, 'presented'>): LinkUsage[] {
  const pages = flattenPages(source.revision.tree.pages);
  return reportOf(source, pages, readDocuments(source.db, documentIdsOf(source, pages)));
}

/** As `computeLinkReport`, the pages' bodies read through a store or a transaction. */
export async function computeLinkReportIn(
  on: Statements,
  source: Omit<LinkReportSource, 'presented' | 'db'>,
): Promise<LinkUsage[]> {
  const pages = flattenPages(source.revision.tree.pages);
  return reportOf(source, pages, await readDocumentsIn(on, documentIdsOf(source, pages)));
}

/** The bodies the report reads: of every page, or of the pages of `from`. */
const documentIdsOf = (source: Pick<LinkReportSource, 'from'>, pages: readonly PlacedPage[]) =>
  pages.flatMap((placed) =>
    placed.page.documentId !== undefined && (!source.from || source.from.has(placed.page.id))
      ? [placed.page.documentId]
      : [],
  );

function reportOf(
  source: Omit<LinkReportSource, 'presented' | 'db'>,
  pages: PlacedPage[],
  documents: Map<string, string>,
): LinkUsage[] {
  const { baseUrl, revision } = source;
  const appHosts = new Set([GITBOOK_APP_HOST]);
  const host = ownHost(baseUrl);
  if (host !== undefined) appHosts.add(host);
  return buildLinkReport({
    pages,
    documents,
    files: revision.tree.files,
    appHosts,
    ...(source.from ? { from: source.from } : {}),
  });
}

/** One page of the link report list (`status` filters it), with its stats. */
export function linkReportPage(
  source: LinkReportSource,
  query: { page?: string; limit?: number; status?: ContentReferenceUsage['status'] },
): LinkReport {
  return reportPage(computeLinkReport(source), source.presented, query);
}

/** As `linkReportPage`, the pages' bodies read through a store or a transaction. */
export async function linkReportPageIn(
  on: Statements,
  source: Omit<LinkReportSource, 'db'>,
  query: { page?: string; limit?: number; status?: ContentReferenceUsage['status'] },
): Promise<LinkReport> {
  return reportPage(await computeLinkReportIn(on, source), source.presented, query);
}

/** One page of a computed report. */
function reportPage(
  report: LinkUsage[],
  presented: Space,
  query: { page?: string; limit?: number; status?: ContentReferenceUsage['status'] },
): LinkReport {
  const present = (usage: LinkUsage): ContentReferenceUsage => {
    const { target } = usage;
    const reference: ContentLocation = { kind: target.kind };
    if (target.page) {
      reference.page = pageRef(target.page);
      reference.space = presented;
      if (target.anchor !== undefined) reference.internalLocation = { type: 'anchor', anchor: target.anchor };
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
  return { ...page, stats: { total: report.length, broken: { total: broken } } };
}
