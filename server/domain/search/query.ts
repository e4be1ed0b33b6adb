/**
 * Searching the index (index.ts) as a caller: the full-text match of the caller's words in the pages of the spaces
 * of the organization, out of the trash, that the caller may see; their cost follows the matches, not the size of the
 * organization. One code path on both stores: what SQLite and PostgreSQL spell differently (FTS5's `MATCH` and
 * `bm25`, a `tsvector`'s `@@` and `ts_rank`) is the dialect's (storage/dialect/full-text.ts), and the ranks of both
 * are "lower is better".
 */
import { sql, type RawBuilder } from 'kysely';
import { builder } from '../../storage/database.ts';
import { inJsonIntegers, type DialectName } from '../../storage/dialect/compile.ts';
import { fullText, type FullText, type FullTextWords } from '../../storage/dialect/full-text.ts';
import { prepared } from '../../storage/prepared.ts';
import type { Statements } from '../../storage/store/store.ts';
import type { ContentLevels } from '../collections/levels.ts';
import { visibleSpaceFilter } from '../spaces/lists.ts';

/** A matching page, with its rank (lower is better) and its sections as indexed (JSON). */
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

/** A raw statement, runnable by a store of either dialect (compiled from its operation tree). */
const statement = <R>(query: RawBuilder<R>) => ({
  compile: () => query.compile(builder),
  toOperationNode: () => query.toOperationNode(),
});

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

/** Titles weigh 10× bodies (the columns `search_pages` searches, in order). */
const WEIGHTS = [10, 1];

/** The statement of `matches` in a dialect, narrowed by `visible` when the caller may not see every space. */
const matchQuery = (
  text: FullText,
  term: unknown,
  organizationId: unknown,
  visible: RawBuilder<boolean> | undefined,
) =>
  sql<MatchRow>`
    SELECT search_pages.rowid AS row_id, search_pages.space_id AS space_id, search_pages.page_id AS page_id,
      search_pages.title AS title, search_pages.path AS path, s.title AS space_title,
      ${text.rank('search_pages', WEIGHTS, term)} AS rank
    FROM search_pages INNER JOIN spaces AS s ON s.id = search_pages.space_id
    WHERE ${text.matches('search_pages', term)} AND s.organization_id = ${organizationId} AND s.deleted_at IS NULL
      ${visible ? sql`AND ${visible}` : sql``}
    ORDER BY rank, page_id`;

/**
 * `matches` for a caller who sees every space (an administrator), built once per dialect: building it cost more
 * than the scan.
 */
const matchesOfAllIn = (dialect: DialectName) =>
  prepared((term: string, organizationId: string) =>
    statement(matchQuery(fullText(dialect), term, organizationId, undefined)),
  );
const matchesOfAll = { sqlite: matchesOfAllIn('sqlite'), postgres: matchesOfAllIn('postgres') };

/**
 * The index rows matching `words` in spaces the caller of `levels` may see, with their rank (titles weigh 10×
 * bodies) and their space's title, best first (ties by page id). One plain scan of the full-text match: grouping
 * and paging the rows in SQL (a grouped, windowed and sorted statement) cost about ten times the scan itself, for the
 * handful of rows a search finds.
 */
function matches(on: Statements, levels: ContentLevels, words: FullTextWords): Promise<MatchRow[]> {
  const text = fullText(on.dialect);
  const term = text.term(words);
  const visible = visibleSpaceFilter(levels);
  if (visible === undefined) return on.all(matchesOfAll[on.dialect](term, levels.organizationId));
  return on.all(statement(matchQuery(text, term, levels.organizationId, visible)));
}

/** The stored sections of index rows given as a JSON list of ids (which keeps the SQL text fixed), built once. */
const sectionsOfRows = prepared((rowIds: string) =>
  builder
    .selectFrom('search_sections')
    .select(['id', 'sections'])
    .where(inJsonIntegers(sql.ref('id'), rowIds)),
);

/** The stored sections of index rows, by row id, in one statement. */
async function storedSections(on: Statements, rowIds: readonly number[]): Promise<Map<number, string>> {
  if (rowIds.length === 0) return new Map();
  const rows = await on.all(sectionsOfRows(JSON.stringify(rowIds)));
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
export async function searchPage(
  on: Statements,
  levels: ContentLevels,
  words: FullTextWords,
  after: readonly [number, string] | undefined,
  limit: number,
  perSpace: number,
): Promise<SearchPage> {
  const rows = await matches(on, levels, words);
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
  const sections = await storedSections(
    on,
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
