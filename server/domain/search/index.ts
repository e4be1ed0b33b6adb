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
 * - The queries of a search are in query.ts.
 */
import { sql } from 'kysely';
import type { IndexedPage, IndexInput } from '../../jobs/tasks.ts';
import { enqueueJob, enqueueJobIn, takeQueuedJobs } from '../../jobs/records.ts';
import { builder, type Database } from '../../storage/database.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  flattenPages,
  loadRevision,
  readDocuments,
  type PageInput,
  type RevisionTree,
} from '../content/revisions.ts';
import { indexPagesTask } from './index-task.ts';

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
  return {
    revisionId,
    pages: placed.map(({ page, path }) => ({
      id: page.id,
      title: page.title,
      path,
      markdown: page.documentId !== undefined ? (bodies.get(page.documentId) ?? '') : '',
    })),
  };
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
