import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { Database } from './database.ts';
import { migrate } from './migrations.ts';
import { declaredDifferences } from './shape/compare.ts';
import { declaredShape } from './shape/declared-shape.ts';
import { sqliteShape } from './shape/sqlite-shape.ts';

describe('schema.ts', () => {
  const db = new Database(new DatabaseSync(':memory:'));
  migrate(db);
  const declared = declaredShape();

  it('declares the tables and columns the migrations make, with their types, nullability and defaults', () => {
    expect(declaredDifferences(declared, sqliteShape(db.sqlite))).toEqual([]);
  });

  it('is caught when it drifts from the migrations', () => {
    const shape = sqliteShape(db.sqlite);
    const users = shape.get('users')!;
    users.columns = users.columns.filter((column) => column.name !== 'photo_url');
    users.columns.push({ name: 'locale', type: 'text', nullable: false, hasDefault: false, numbered: false });
    users.columns.find((column) => column.name === 'email')!.nullable = true;
    const spaces = shape.get('spaces')!;
    spaces.columns.find((column) => column.name === 'comments')!.hasDefault = false;
    shape.get('search_sections')!.columns.find((column) => column.name === 'id')!.numbered = false;
    shape.delete('blobs');
    expect(declaredDifferences(declared, shape)).toEqual([
      'users.locale: not declared',
      'users.email: declared not nullable, is the other',
      'users.photo_url: declared, not in the database',
      'spaces.comments: declared optional, but inserts must give it',
      'blobs: declared, not in the database',
      'search_sections.id: declared Generated, is not numbered',
    ]);
  });
});
