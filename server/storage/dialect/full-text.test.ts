/**
 * The full-text pieces of each dialect: SQLite's statement text as the search wrote it before (FTS5 `MATCH`,
 * `bm25`), PostgreSQL's `to_tsquery` text built of quoted lexemes only, and the integer lists both compare.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { builder } from '../database.ts';
import { compileFor, inJsonIntegers } from './compile.ts';
import { fullText, tsqueryText } from './full-text.ts';

const words = { match: '"zebra" "stri"*', words: [['zebra'], ['stri']] };
const statement = (dialect: 'sqlite' | 'postgres') => {
  const text = fullText(dialect);
  const term = text.term(words);
  const query = sql`SELECT ${text.rank('search_pages', [10, 1], term)} AS rank FROM search_pages WHERE ${text.matches('search_pages', term)}`;
  return compileFor(
    { compile: () => query.compile(builder), toOperationNode: () => query.toOperationNode() },
    dialect,
  );
};

describe('full-text queries', () => {
  it("writes SQLite's MATCH and bm25 with the FTS5 expression", () => {
    expect(statement('sqlite')).toMatchObject({
      sql: 'SELECT bm25(search_pages, 10.0, 1.0) AS rank FROM search_pages WHERE search_pages MATCH ?',
      parameters: ['"zebra" "stri"*'],
    });
  });

  it("writes PostgreSQL's @@ and a negated ts_rank, the heaviest column weighing 1", () => {
    expect(statement('postgres')).toMatchObject({
      sql:
        "SELECT -ts_rank('{0, 0, 0.1, 1}', search_pages.search_vector, to_tsquery('docs_admin_search', $1))::float8 AS rank " +
        "FROM search_pages WHERE search_pages.search_vector @@ to_tsquery('docs_admin_search', $2)",
      parameters: ["'zebra' & 'stri':*", "'zebra' & 'stri':*"],
    });
  });

  it('quotes every token as a lexeme: tokens of a word in a row, every word required, the last a prefix', () => {
    expect(tsqueryText([['don', 't'], ['x']])).toBe("'don' <-> 't' & 'x':*");
    expect(tsqueryText([["a'b"], ['c\\d', 'e']])).toBe("'a''b' & 'c\\\\d' <-> 'e':*");
    expect(tsqueryText([[], ['x']])).toBe("'x':*");
  });

  it('compares integer lists as BIGINT on both', () => {
    const query = builder
      .selectFrom('search_sections')
      .select('id')
      .where(inJsonIntegers(sql.ref('id'), '[1,2]'));
    expect(compileFor(query, 'sqlite').sql).toBe(
      'select "id" from "search_sections" where "id" IN (SELECT CAST(value AS BIGINT) FROM json_each(?))',
    );
    expect(compileFor(query, 'postgres').sql).toBe(
      'select "id" from "search_sections" where "id" IN (SELECT CAST(value AS BIGINT) FROM jsonb_array_elements_text(CAST($1 AS jsonb)))',
    );
  });
});
