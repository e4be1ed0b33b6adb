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
 * - A space's rows are replaced in one transaction, with the revision they come from.
 * - Queries start from the full-text match and keep the pages of spaces of the organization, out of the trash,
 *   that the caller may see: their cost follows the matches, not the size of the organization.
 */
import { sql } from 'kysely';
import type { IndexedPage, IndexInput } from '../../jobs/tasks.ts';
import { enqueueJob } from '../../jobs/records.ts';
import { builder, type Database } from '../../storage/database.ts';
import type { ContentLevels } from '../collections/levels.ts';
import { flattenPages, loadRevision, readDocuments } from '../content/revisions.ts';
import { visibleSpaceFilter } from '../spaces/lists.ts';

export const SEARCH_INDEX_JOB = 'search-index';

/** Queues the indexing of a space whose revision changed, in the caller's transaction. */
export function queueSpaceIndexing(db: Database, space: { id: string; organization_id: string }): void {
  enqueueJob(db, { kind: SEARCH_INDEX_JOB, subjectId: space.id, scopeId: space.organization_id });
}

/** What indexing a space reads: its current revision and document pages; undefined when the space is gone. */
export function readSpaceForIndex(
  db: Database,
  spaceId: string,
): { revisionId: string; pages: IndexInput[] } | undefined {
  const space = db.first(db.q.selectFrom('spaces').select('revision_id').where('id', '=', spaceId));
  if (!space) return undefined;
  const placed = flattenPages(loadRevision(db, space.revision_id).tree.pages).filter(
    ({ page }) => page.type === 'document',
  );
  const bodies = readDocuments(
    db,
    placed.flatMap(({ page }) => (page.documentId !== undefined ? [page.documentId] : [])),
  );
  return {
    revisionId: space.revision_id,
    pages: placed.map(({ page, path }) => ({
      id: page.id,
      title: page.title,
      path,
      markdown: page.documentId !== undefined ? (bodies.get(page.documentId) ?? '') : '',
    })),
  };
}

/** Replaces the index rows of a space with `pages` of `revisionId`; nothing when the space is gone. */
export function writeSpaceIndex(
  db: Database,
  spaceId: string,
  revisionId: string,
  pages: readonly IndexedPage[],
): void {
  db.transaction(() => {
    db.run(db.q.deleteFrom('search_pages').where('space_id', '=', spaceId));
    if (!db.first(db.q.selectFrom('spaces').select('id').where('id', '=', spaceId))) return;
    db.run(db.q.deleteFrom('search_sections').where('space_id', '=', spaceId));
    for (const page of pages) {
      db.run(
        db.q.insertInto('search_pages').values({
          title: page.title,
          body: page.body,
          space_id: spaceId,
          page_id: page.id,
          path: page.path,
        }),
      );
      db.run(
        db.q
          .insertInto('search_sections')
          .values({ space_id: spaceId, page_id: page.id, sections: page.sections }),
      );
    }
    db.run(
      db.q
        .insertInto('search_indexed')
        .values({ space_id: spaceId, revision_id: revisionId })
        .onConflict((oc) => oc.column('space_id').doUpdateSet({ revision_id: revisionId })),
    );
  });
}

/** A matching page, with its rank (bm25: lower is better). */
export interface PageHit {
  space_id: string;
  page_id: string;
  title: string;
  path: string;
  rank: number;
}

/** Titles weigh more than bodies. */
const RANK = sql<number>`bm25(search_pages, 10.0, 1.0)`;

/**
 * The index rows matching `match` in spaces the caller of `levels` may see, with their rank and their space's
 * title. FTS5 computes `bm25` only in the query that scans the table, never inside an aggregate or a window: the
 * rows are materialized first, and ranked, grouped or windowed over.
 */
function hits(levels: ContentLevels, match: string, onlySpaces?: readonly string[]) {
  return builder.with(
    (cte) => cte('hits').materialized(),
    (q) => {
      let query = q
        .selectFrom('search_pages')
        .innerJoin('spaces as s', 's.id', 'search_pages.space_id')
        .select([
          'search_pages.space_id as space_id',
          'search_pages.page_id as page_id',
          'search_pages.title as title',
          'search_pages.path as path',
          's.title as space_title',
          RANK.as('rank'),
        ])
        .where(sql<boolean>`search_pages MATCH ${match}`)
        .where('s.organization_id', '=', levels.organizationId)
        .where('s.deleted_at', 'is', null);
      const visible = visibleSpaceFilter(levels);
      if (visible) query = query.where(visible);
      if (onlySpaces !== undefined)
        query = query.where(
          sql<boolean>`search_pages.space_id IN (SELECT value FROM json_each(${JSON.stringify(onlySpaces)}))`,
        );
      return query;
    },
  );
}

/**
 * One page of matching spaces, best first (a space ranks as its best page; ties by id), after the cursor's
 * `[rank, spaceId]`; `take` of them at most.
 */
export function matchingSpaces(
  db: Database,
  levels: ContentLevels,
  match: string,
  after: readonly [number, string] | undefined,
  take: number,
): { space_id: string; title: string; best: number }[] {
  let query = hits(levels, match)
    .selectFrom('hits')
    .select(['space_id', (eb) => eb.fn.max<string>('space_title').as('title')])
    .select((eb) => eb.fn.min<number>('rank').as('best'))
    .groupBy('space_id')
    .orderBy('best')
    .orderBy('space_id')
    .limit(take);
  if (after !== undefined)
    query = query.having(sql<boolean>`(min(rank), space_id) > (${after[0]}, ${after[1]})`);
  return db.all(query);
}

/** How many spaces hold a match. */
export function countMatchingSpaces(db: Database, levels: ContentLevels, match: string): number {
  const row = db.first(
    hits(levels, match)
      .selectFrom('hits')
      .select(sql<number>`count(DISTINCT space_id)`.as('n')),
  );
  return Number(row?.n ?? 0);
}

/** The best `perSpace` matching pages of each of these spaces, best first. */
export function matchingPages(
  db: Database,
  levels: ContentLevels,
  match: string,
  spaceIds: readonly string[],
  perSpace: number,
): PageHit[] {
  if (spaceIds.length === 0) return [];
  const ranked = hits(levels, match, spaceIds)
    .selectFrom('hits')
    .select([
      'space_id',
      'page_id',
      'title',
      'path',
      'rank',
      sql<number>`row_number() OVER (PARTITION BY space_id ORDER BY rank, page_id)`.as('n'),
    ]);
  return db.all(
    builder
      .selectFrom(ranked.as('r'))
      .select(['r.space_id', 'r.page_id', 'r.title', 'r.path', 'r.rank'])
      .where('r.n', '<=', perSpace)
      .orderBy('r.rank')
      .orderBy('r.page_id'),
  );
}

/** The sections of these indexed pages (as indexed), by page id. */
export function indexedSections(db: Database, hits: readonly PageHit[]): Map<string, string> {
  const out = new Map<string, string>();
  const bySpace = new Map<string, string[]>();
  for (const hit of hits) bySpace.set(hit.space_id, [...(bySpace.get(hit.space_id) ?? []), hit.page_id]);
  for (const [spaceId, pageIds] of bySpace)
    for (const row of db.all(
      db.q
        .selectFrom('search_sections')
        .select(['page_id', 'sections'])
        .where('space_id', '=', spaceId)
        .where('page_id', 'in', pageIds),
    ))
      out.set(row.page_id, row.sections);
  return out;
}
