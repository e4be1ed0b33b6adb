/**
 * Queries of a full-text table (made by `Ddl.fullText`, ddl.ts), one spelling per dialect, so that a search is one
 * code path: SQLite's FTS5 `MATCH` and `bm25`, PostgreSQL's weighted `tsvector` (`search_vector`) with `to_tsquery`
 * and `ts_rank` in the configuration the table was made with. Both ranks are answered "lower is better" (`bm25`'s
 * sense; PostgreSQL's rank is negated), so callers order and page by it alike.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './compile.ts';
import { SEARCH_CONFIGURATION, SEARCH_VECTOR } from './postgres.ts';

/** The words searched for, as each dialect takes them. */
export interface FullTextWords {
  /** FTS5's MATCH expression of the words (SQLite). */
  match: string;
  /**
   * The words, each its tokens in order, folded (lower case, no diacritics) as the table's tokenizer does; every word
   * must occur, its tokens in a row; the last token of the last word matches as a prefix (PostgreSQL).
   */
  words: readonly (readonly string[])[];
}

export interface FullText {
  /** The value the condition and the rank bind for `words` (`term` in them). */
  term(words: FullTextWords): string;
  /** The condition "the row of `table` matches `term`". */
  matches(table: string, term: unknown): RawBuilder<boolean>;
  /**
   * The rank of a matching row of `table` (lower is better), the searched columns weighing `weights` (in the order
   * of `FullTextSpec.searched`).
   */
  rank(table: string, weights: readonly number[], term: unknown): RawBuilder<number>;
}

/** A lexeme quoted for `to_tsquery` (a quote doubled, a backslash escaped). */
const lexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * `to_tsquery`'s text of `words`: each word's tokens in a row (`<->`), every word required (`&`), the last token of
 * the last word a prefix (`:*`). Only quoted lexemes and these operators: no character of the words acts as syntax.
 */
export function tsqueryText(words: readonly (readonly string[])[]): string {
  const last = words.length - 1;
  return words
    .map((tokens, w) =>
      tokens
        .map((token, t) => `${lexeme(token)}${w === last && t === tokens.length - 1 ? ':*' : ''}`)
        .join(' <-> '),
    )
    .filter((word) => word !== '')
    .join(' & ');
}

// Tables are the code's own names, written as they are (`sql.raw`): SQLite's statements keep their text.
const sqliteFullText: FullText = {
  term: (words) => words.match,
  matches: (table, term) => sql<boolean>`${sql.raw(table)} MATCH ${term}`,
  rank: (table, weights) =>
    sql<number>`bm25(${sql.raw(table)}, ${sql.raw(weights.map((weight) => weight.toFixed(1)).join(', '))})`,
};

/** PostgreSQL's weights of A to D are given as {D, C, B, A}, each in [0, 1]: the heaviest column weighs 1. */
function rankWeights(weights: readonly number[]): string {
  const heaviest = Math.max(...weights);
  const byLetter = [0, 0, 0, 0];
  weights.forEach((weight, index) => (byLetter[3 - index] = weight / heaviest));
  return `{${byLetter.join(', ')}}`;
}

const tsquery = (term: unknown) => sql`to_tsquery('${sql.raw(SEARCH_CONFIGURATION)}', ${term})`;
const vector = (table: string) => sql.raw(`${table}.${SEARCH_VECTOR}`);

// float8: the rank is a cursor's key, compared with the next page's ranks as the same double.
const postgresFullText: FullText = {
  term: (words) => tsqueryText(words.words),
  matches: (table, term) => sql<boolean>`${vector(table)} @@ ${tsquery(term)}`,
  rank: (table, weights, term) =>
    sql<number>`-ts_rank('${sql.raw(rankWeights(weights))}', ${vector(table)}, ${tsquery(term)})::float8`,
};

/** The full-text queries of `dialect`. */
export function fullText(dialect: DialectName): FullText {
  return dialect === 'sqlite' ? sqliteFullText : postgresFullText;
}
