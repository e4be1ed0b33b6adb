import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { builder } from '../database.ts';
import { compileFor, inJsonArray } from './compile.ts';

describe('inJsonArray', () => {
  const query = builder
    .selectFrom('users')
    .select('id')
    .where(inJsonArray(sql.ref('id'), '["a","b"]'));

  it('reads the JSON array with json_each on SQLite', () => {
    const compiled = compileFor(query, 'sqlite');
    expect(compiled.sql).toBe('select "id" from "users" where "id" IN (SELECT value FROM json_each(?))');
    expect(compiled.parameters).toEqual(['["a","b"]']);
  });

  it('reads it with jsonb_array_elements_text on PostgreSQL, one parameter whatever its length', () => {
    const compiled = compileFor(query, 'postgres');
    expect(compiled.sql).toBe(
      'select "id" from "users" where "id" IN (SELECT value FROM jsonb_array_elements_text(CAST($1 AS jsonb)))',
    );
    expect(compiled.parameters).toEqual(['["a","b"]']);
  });
});
