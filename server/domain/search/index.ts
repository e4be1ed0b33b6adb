/**
 * The search index: FTS5 table `search_pages` holds the document pages of each space's current revision (title,
 * and body as plain text), and `search_indexed` which revision that is. Indexing is lazy: before a search, every
 * space it covers whose revision moved on is reindexed (its rows deleted and its pages inserted, in one
 * transaction), so content writes never pay for the index and a search never reads a stale one.
 */
import { sql } from 'kysely';
import type { Database } from '../../storage/database.ts';
import type { SpacesTable } from '../../storage/schema.ts';
import { flattenPages, loadRevision, readDocuments } from '../content/revisions.ts';
import { pageText, splitSections } from './text.ts';

/** Reindexes the spaces whose indexed revision is not their current one (or that were never indexed). */
export function refreshIndex(db: Database, spaces: readonly Pick<SpacesTable, 'id' | 'revision_id'>[]): void {
  if (spaces.length === 0) return;
  const indexed = new Map<string, string>();
  const ids = spaces.map((s) => s.id);
  // Chunks stay under SQLite's limit on bound parameters.
  for (let i = 0; i < ids.length; i += 500)
    for (const row of db.all(
      db.q
        .selectFrom('search_indexed')
        .select(['space_id', 'revision_id'])
        .where('space_id', 'in', ids.slice(i, i + 500)),
    ))
      indexed.set(row.space_id, row.revision_id);
  for (const space of spaces)
    if (indexed.get(space.id) !== space.revision_id) indexSpace(db, space.id, space.revision_id);
}

/** Replaces the index rows of a space with the pages of `revisionId`. */
export function indexSpace(db: Database, spaceId: string, revisionId: string): void {
  const pages = flattenPages(loadRevision(db, revisionId).tree.pages).filter(
    (placed) => placed.page.type === 'document',
  );
  const bodies = readDocuments(
    db,
    pages.flatMap((p) => (p.page.documentId !== undefined ? [p.page.documentId] : [])),
  );
  db.transaction(() => {
    db.run(db.q.deleteFrom('search_pages').where('space_id', '=', spaceId));
    for (const { page, path } of pages) {
      const markdown = page.documentId !== undefined ? (bodies.get(page.documentId) ?? '') : '';
      db.run(
        db.q.insertInto('search_pages').values({
          title: page.title.normalize('NFC'),
          body: pageText(splitSections(markdown)),
          space_id: spaceId,
          page_id: page.id,
          path,
        }),
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
 * The index rows matching `match` among the spaces `spaceIds` (as JSON: the list may be long), with their rank. FTS5
 * computes `bm25` only in the query that scans the table, never inside an aggregate or a window: the rows are
 * materialized first, and ranked, grouped or windowed over.
 */
function hits(db: Database, match: string, spaceIds: readonly string[]) {
  return db.q.with(
    (cte) => cte('hits').materialized(),
    (q) =>
      q
        .selectFrom('search_pages')
        .select(['space_id', 'page_id', 'title', 'path', RANK.as('rank')])
        .where(sql<boolean>`search_pages MATCH ${match}`)
        .where(sql<boolean>`space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))`),
  );
}

/**
 * One page of matching spaces, best first (a space ranks as its best page; ties by id), after the cursor's
 * `[rank, spaceId]`; `take` of them at most.
 */
export function matchingSpaces(
  db: Database,
  match: string,
  spaceIds: readonly string[],
  after: readonly [number, string] | undefined,
  take: number,
): { space_id: string; best: number }[] {
  let query = hits(db, match, spaceIds)
    .selectFrom('hits')
    .select(['space_id', (eb) => eb.fn.min<number>('rank').as('best')])
    .groupBy('space_id')
    .orderBy('best')
    .orderBy('space_id')
    .limit(take);
  if (after !== undefined)
    query = query.having(sql<boolean>`(min(rank), space_id) > (${after[0]}, ${after[1]})`);
  return db.all(query);
}

/** How many spaces hold a match. */
export function countMatchingSpaces(db: Database, match: string, spaceIds: readonly string[]): number {
  const row = db.first(
    hits(db, match, spaceIds)
      .selectFrom('hits')
      .select(sql<number>`count(DISTINCT space_id)`.as('n')),
  );
  return Number(row?.n ?? 0);
}

/** The best `perSpace` matching pages of each of these spaces, best first. */
export function matchingPages(
  db: Database,
  match: string,
  spaceIds: readonly string[],
  perSpace: number,
): PageHit[] {
  const ranked = hits(db, match, spaceIds)
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
    db.q
      .selectFrom(ranked.as('r'))
      .select(['r.space_id', 'r.page_id', 'r.title', 'r.path', 'r.rank'])
      .where('r.n', '<=', perSpace)
      .orderBy('r.rank')
      .orderBy('r.page_id'),
  );
}
