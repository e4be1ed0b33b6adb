/**
 * The search index: FTS5 table `search_pages` holds the document pages of each space's current revision (title,
 * and body as plain text), `search_sections` their sections (for excerpts), and `search_indexed` which revision
 * that is.
 *
 * Rules:
 * - Indexing is a job (`search-index`, server/jobs/search-indexing.ts): every write that gives a space a new
 *   revision (its creation included) queues it in its own transaction (`queueSpaceIndexing`), and the job runner
 *   turns the pages into rows on a worker thread; this module reads the pages and writes the rows. A search never
 *   indexes: it waits a little for the jobs of its organization queued before it (handlers.ts), then reads.
 * - A space created with small content (at most 20 pages and 16 KB of text: a new space's first page, a template)
 *   is indexed in the transaction that creates it instead (`indexSpaceNow`): converting it costs less than a job,
 *   and a search right after it finds it without waiting.
 * - A space's rows are replaced in one transaction, with the revision they come from.
 * - Queries start from the full-text match and keep the pages of spaces of the organization, out of the trash,
 *   that the caller may see: their cost follows the matches, not the size of the organization.
 */
import { sql, type RawBuilder } from 'kysely';
import type { IndexedPage, IndexInput } from '../../jobs/tasks.ts';
import { enqueueJob, enqueueJobIn, takeQueuedJobs } from '../../jobs/records.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { ContentLevels } from '../collections/levels.ts';
import {
  flattenPages,
  loadRevision,
  loadRevisionIn,
  readDocuments,
  readDocumentsIn,
  type PageInput,
  type PlacedPage,
  type RevisionTree,
} from '../content/revisions.ts';
import { indexPagesTask } from './index-task.ts';
import { visibleSpaceFilter } from '../spaces/lists.ts';

export const SEARCH_INDEX_JOB = 'search-index';

/** Most bytes of markdown, and most pages, a new space may hold to be indexed in the transaction creating it. */
const AT_ONCE_MAX_BYTES = 16 * 1024;
const AT_ONCE_MAX_PAGES = 20;

/** Whether pages about to be written are small enough to index in the writing transaction (`indexSpaceNow`). */
export function isSmallContent(pages: readonly PageInput[]): boolean {
  let bytes = 0;
  let count = 0;
  const visit = (list: readonly PageInput[]): boolean =>
    list.every((page) => {
      bytes += (page.markdown?.length ?? 0) + page.title.length;
      count += 1;
      return bytes <= AT_ONCE_MAX_BYTES && count <= AT_ONCE_MAX_PAGES && visit(page.pages ?? []);
    });
  return visit(pages);
}

/**
 * Indexes a space in the caller's transaction, on this thread: for content known to be small (`isSmallContent`),
 * whose conversion costs less than handing it to a worker, and which a search then finds without waiting for a job.
 */
export function indexSpaceNow(
  db: Database,
  spaceId: string,
  options: { fresh?: boolean; revision?: { id: string; tree: RevisionTree } } = {},
): void {
  const space =
    options.revision !== undefined
      ? indexInput(db, options.revision.id, options.revision.tree)
      : readSpaceForIndex(db, spaceId);
  if (space === undefined) return;
  writeSpaceIndex(db, spaceId, space.revisionId, indexPagesTask({ pages: space.pages }).pages, options);
}

/** Queues the indexing of a space whose revision changed, in the caller's transaction. */
export function queueSpaceIndexing(db: Database, space: { id: string; organization_id: string }): void {
  enqueueJob(db, spaceIndexing(space));
}

/** As `queueSpaceIndexing`, in a transaction of the store (`enqueueJobIn`). */
export function queueSpaceIndexingIn(
  tx: Statements,
  space: { id: string; organization_id: string },
): Promise<void> {
  return enqueueJobIn(tx, spaceIndexing(space));
}

const spaceIndexing = (space: { id: string; organization_id: string }) => ({
  kind: SEARCH_INDEX_JOB,
  subjectId: space.id,
  scopeId: space.organization_id,
});

/**
 * Indexes now, in the caller's transaction and on this thread, every space whose indexing waits in the queue, and
 * takes those jobs out of it: for the demo's seed, whose merged request queues one small space that costs a few
 * milliseconds here but would start a worker thread (hundreds of milliseconds of CPU) just as the app first loads.
 */
export function indexQueuedSpacesNow(db: Database): void {
  db.transaction(() => {
    for (const spaceId of takeQueuedJobs(db, SEARCH_INDEX_JOB)) {
      const space = readSpaceForIndex(db, spaceId);
      // As the job does: a space gone meanwhile loses its rows.
      if (space === undefined) writeSpaceIndex(db, spaceId, '', []);
      else writeSpaceIndex(db, spaceId, space.revisionId, indexPagesTask({ pages: space.pages }).pages);
    }
  });
}

/** What indexing a space reads: its current revision and document pages; undefined when the space is gone. */
export function readSpaceForIndex(
  db: Database,
  spaceId: string,
): { revisionId: string; pages: IndexInput[] } | undefined {
  const space = db.first(spaceRevision(spaceId));
  if (!space) return undefined;
  return indexInput(db, space.revision_id, loadRevision(db, space.revision_id).tree);
}

/** What indexing a revision of a space reads: its document pages with their markdown. */
function indexInput(
  db: Database,
  revisionId: string,
  tree: RevisionTree,
): { revisionId: string; pages: IndexInput[] } {
  const placed = flattenPages(tree.pages).filter(({ page }) => page.type === 'document');
  const bodies = readDocuments(
    db,
    placed.flatMap(({ page }) => (page.documentId !== undefined ? [page.documentId] : [])),
  );
  return { revisionId, pages: indexPages(placed, bodies) };
}

/** The document pages to index, with their markdown. */
const indexPages = (placed: readonly PlacedPage[], bodies: ReadonlyMap<string, string>): IndexInput[] =>
  placed.map(({ page, path }) => ({
    id: page.id,
    title: page.title,
    path,
    markdown: page.documentId !== undefined ? (bodies.get(page.documentId) ?? '') : '',
  }));

/**
 * As `readSpaceForIndex`, through the store, in one transaction (the space's revision and its documents read
 * together): the job's read, on SQLite and PostgreSQL alike.
 */
export function readSpaceForIndexIn(
  store: Statements,
  spaceId: string,
): Promise<{ revisionId: string; pages: IndexInput[] } | undefined> {
  return store.transaction(async (tx) => {
    const space = await tx.first(spaceRevision(spaceId));
    if (!space) return undefined;
    const { tree } = await loadRevisionIn(tx, space.revision_id);
    const placed = flattenPages(tree.pages).filter(({ page }) => page.type === 'document');
    const bodies = await readDocumentsIn(
      tx,
      placed.flatMap(({ page }) => (page.documentId !== undefined ? [page.documentId] : [])),
    );
    return { revisionId: space.revision_id, pages: indexPages(placed, bodies) };
  });
}

/** Deletes the index rows of a space: its full-text rows by rowid (the ids of its `search_sections` rows). */
function deleteSpaceRows(db: Database, spaceId: string): void {
  db.run(
    db.q
      .deleteFrom('search_pages')
      .where(
        sql<boolean>`rowid IN (${db.q.selectFrom('search_sections').select('id').where('space_id', '=', spaceId)})`,
      ),
  );
  db.run(db.q.deleteFrom('search_sections').where('space_id', '=', spaceId));
}

// The writes of indexing, built once: a space created with its pages runs them in its request.
const insertSections = prepared((spaceId: string, pageId: string, sections: string) =>
  builder
    .insertInto('search_sections')
    .values({ space_id: spaceId, page_id: pageId, sections })
    .returning('id'),
);
const insertPage = prepared(
  (rowId: number, title: string, body: string, spaceId: string, pageId: string, path: string) =>
    builder
      .insertInto('search_pages')
      .values({ rowid: rowId, title, body, space_id: spaceId, page_id: pageId, path }),
);
const markIndexed = prepared((spaceId: string, revisionId: string) =>
  builder
    .insertInto('search_indexed')
    .values({ space_id: spaceId, revision_id: revisionId })
    .onConflict((oc) => oc.column('space_id').doUpdateSet({ revision_id: revisionId })),
);
const spaceRevision = prepared((spaceId: string) =>
  builder.selectFrom('spaces').select('revision_id').where('id', '=', spaceId),
);

/**
 * Replaces the index rows of a space with `pages` of `revisionId`; only deletes them when the space is gone.
 * `fresh`: the space was created in the caller's transaction, so it exists and has no rows to delete, and the rows
 * are written in that transaction.
 */
export function writeSpaceIndex(
  db: Database,
  spaceId: string,
  revisionId: string,
  pages: readonly IndexedPage[],
  { fresh = false }: { fresh?: boolean } = {},
): void {
  const write = () => {
    if (!fresh) {
      deleteSpaceRows(db, spaceId);
      if (!db.first(db.q.selectFrom('spaces').select('id').where('id', '=', spaceId))) return;
    }
    for (const page of pages) {
      const row = db.first(insertSections(spaceId, page.id, page.sections));
      db.run(insertPage(row!.id, page.title, page.body, spaceId, page.id, page.path));
    }
    db.run(markIndexed(spaceId, revisionId));
  };
  // A fresh space's rows are written in the transaction that created it (whose failure takes them back too): a
  // savepoint of their own would only add two statements.
  if (fresh) write();
  else db.transaction(write);
}

/**
 * As `writeSpaceIndex` (not `fresh`), in one transaction of the store: the job's write, on SQLite and PostgreSQL
 * alike (PostgreSQL's `search_pages` has a `rowid` column, given by the writer as FTS5's is).
 */
export function writeSpaceIndexIn(
  store: Statements,
  spaceId: string,
  revisionId: string,
  pages: readonly IndexedPage[],
): Promise<void> {
  return store.transaction(async (tx) => {
    await tx.run(
      tx.q
        .deleteFrom('search_pages')
        .where(
          sql<boolean>`rowid IN (${tx.q.selectFrom('search_sections').select('id').where('space_id', '=', spaceId)})`,
        ),
    );
    await tx.run(tx.q.deleteFrom('search_sections').where('space_id', '=', spaceId));
    if (!(await tx.first(tx.q.selectFrom('spaces').select('id').where('id', '=', spaceId)))) return;
    for (const page of pages) {
      const row = await tx.first(insertSections(spaceId, page.id, page.sections));
      await tx.run(insertPage(row!.id, page.title, page.body, spaceId, page.id, page.path));
    }
    await tx.run(markIndexed(spaceId, revisionId));
  });
}

/** A matching page, with its rank (bm25: lower is better) and its sections as indexed (JSON). */
export interface PageHit {
  /** The row's id in the index (its sections' row). */
  row_id: number;
  space_id: string;
  page_id: string;
  title: string;
  path: string;
  rank: number;
  sections: string;
}

/** A raw statement, runnable by `Database.all`. */
const statement = <R>(query: RawBuilder<R>) => ({ compile: () => query.compile(builder) });

/** A row of `matches`: a matching page, its rank and its space's title. */
interface MatchRow {
  row_id: number;
  space_id: string;
  page_id: string;
  title: string;
  path: string;
  space_title: string;
  rank: number;
}

/** The statement of `matches`, narrowed by `visible` when the caller may not see every space. */
const matchQuery = (match: unknown, organizationId: unknown, visible: RawBuilder<boolean> | undefined) =>
  sql<MatchRow>`
    SELECT search_pages.rowid AS row_id, search_pages.space_id AS space_id, search_pages.page_id AS page_id,
      search_pages.title AS title, search_pages.path AS path, s.title AS space_title,
      bm25(search_pages, 10.0, 1.0) AS rank
    FROM search_pages INNER JOIN spaces AS s ON s.id = search_pages.space_id
    WHERE search_pages MATCH ${match} AND s.organization_id = ${organizationId} AND s.deleted_at IS NULL
      ${visible ? sql`AND ${visible}` : sql``}
    ORDER BY rank, page_id`;

/** `matches` for a caller who sees every space (an administrator), built once: building it cost more than the scan. */
const matchesOfAll = prepared((match: string, organizationId: string) =>
  statement(matchQuery(match, organizationId, undefined)),
);

/**
 * The index rows matching `match` in spaces the caller of `levels` may see, with their rank (bm25, titles weigh 10×
 * bodies) and their space's title, best first (ties by page id). One plain scan of the full-text match: grouping
 * and paging the rows in SQL (a grouped, windowed and sorted statement) cost about ten times the scan itself, for the
 * handful of rows a search finds.
 */
function matches(db: Database, levels: ContentLevels, match: string): MatchRow[] {
  const visible = visibleSpaceFilter(levels);
  if (visible === undefined) return db.all(matchesOfAll(match, levels.organizationId));
  return db.all(statement(matchQuery(match, levels.organizationId, visible)));
}

/** The stored sections of index rows given as a JSON list of ids (which keeps the SQL text fixed), built once. */
const sectionsOfRows = prepared((rowIds: string) =>
  statement(
    sql<{ id: number; sections: string }>`
    SELECT id, sections FROM search_sections WHERE id IN (SELECT value FROM json_each(${rowIds}))`,
  ),
);

/** The stored sections of index rows, by row id, in one statement. */
function storedSections(db: Database, rowIds: readonly number[]): Map<number, string> {
  if (rowIds.length === 0) return new Map();
  const rows = db.all(sectionsOfRows(JSON.stringify(rowIds)));
  return new Map(rows.map((row) => [row.id, row.sections]));
}

/** One page of a search: its spaces, their best pages, how many spaces match in all, and whether more follow. */
export interface SearchPage {
  /** The page's spaces, best first (a space ranks as its best page; ties by id). */
  spaces: { space_id: string; title: string; best: number }[];
  /** The best pages of those spaces (`perSpace` at most each), best first. */
  pages: PageHit[];
  total: number;
  more: boolean;
}

const bySpaceOrder = (a: { best: number; space_id: string }, b: { best: number; space_id: string }) =>
  a.best !== b.best ? a.best - b.best : a.space_id < b.space_id ? -1 : a.space_id > b.space_id ? 1 : 0;

/**
 * One page of matching spaces after the cursor's `[rank, spaceId]` (`limit` at most) with the best `perSpace` pages
 * of each: the full-text match is scanned once, and the rows, best first, are grouped by space here; the sections
 * are read for the pages shown only.
 */
export function searchPage(
  db: Database,
  levels: ContentLevels,
  match: string,
  after: readonly [number, string] | undefined,
  limit: number,
  perSpace: number,
): SearchPage {
  const rows = matches(db, levels, match);
  // Rows come best first: a space's first row is its best page, and its first `perSpace` rows are the ones kept.
  const ranked = new Map<string, { space_id: string; title: string; best: number; kept: number }>();
  const kept: MatchRow[] = [];
  for (const row of rows) {
    let space = ranked.get(row.space_id);
    if (space === undefined) {
      space = { space_id: row.space_id, title: row.space_title, best: row.rank, kept: 0 };
      ranked.set(row.space_id, space);
    }
    if (space.kept < perSpace) {
      space.kept += 1;
      kept.push(row);
    }
  }
  const later = [...ranked.values()]
    .filter(
      (space) =>
        after === undefined ||
        space.best > after[0] ||
        (space.best === after[0] && space.space_id > after[1]),
    )
    .sort(bySpaceOrder);
  const shown = later.slice(0, limit);
  const shownIds = new Set(shown.map((space) => space.space_id));
  const shownRows = kept.filter((row) => shownIds.has(row.space_id));
  const sections = storedSections(
    db,
    shownRows.map((row) => row.row_id),
  );
  const pages = shownRows.map(({ space_id, page_id, title, path, rank, row_id }) => ({
    row_id,
    space_id,
    page_id,
    title,
    path,
    rank,
    sections: sections.get(row_id) ?? '[]',
  }));
  return {
    spaces: shown.map(({ space_id, title, best }) => ({ space_id, title, best })),
    pages,
    total: ranked.size,
    more: later.length > limit,
  };
}
