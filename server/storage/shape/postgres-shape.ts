/** The shape (shape.ts) of a PostgreSQL database's `public` schema, read from its catalog. */
import type { ClientBase } from 'pg';
import {
  byName,
  foreignKey,
  type ColumnType,
  type IndexShape,
  type SchemaShape,
  type TableShape,
} from './shape.ts';

const COLUMN_TYPES: Record<string, ColumnType> = {
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  bytea: 'blob',
};
const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

interface ColumnRow {
  table: string;
  name: string;
  type: string;
  nullable: boolean;
  has_default: boolean;
  numbered: boolean;
  generated: boolean;
}
interface ConstraintRow {
  table: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  target: string | null;
  target_columns: string[] | null;
  on_delete: string;
}
interface IndexRow extends IndexShape {
  table: string;
}

const COLUMNS = `
  SELECT table_name AS "table", column_name AS name, data_type AS type, is_nullable = 'YES' AS nullable,
    column_default IS NOT NULL OR is_identity = 'YES' AS has_default, is_identity = 'YES' AS numbered,
    is_generated = 'ALWAYS' AS generated
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`;
// Column names in the order of the key (`unnest … WITH ORDINALITY`).
const names = (relation: string, keys: string) => `ARRAY(
    SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY AS k(n, o)
    JOIN pg_attribute AS a ON a.attrelid = ${relation} AND a.attnum = k.n ORDER BY k.o)`;
const CONSTRAINTS = `
  SELECT t.relname AS "table", c.contype AS type, ${names('c.conrelid', 'c.conkey')} AS columns,
    f.relname AS target, CASE WHEN c.contype = 'f' THEN ${names('c.confrelid', 'c.confkey')} END AS target_columns,
    c.confdeltype AS on_delete
  FROM pg_constraint AS c JOIN pg_class AS t ON t.oid = c.conrelid
  LEFT JOIN pg_class AS f ON f.oid = c.confrelid
  WHERE t.relnamespace = 'public'::regnamespace AND c.contype IN ('p', 'u', 'f')`;
const INDEXES = `
  SELECT t.relname AS "table", i.relname AS name, x.indisunique AS "unique", x.indpred IS NOT NULL AS partial,
    ARRAY(SELECT CASE WHEN k.n = 0 THEN '(expression)' ELSE a.attname::text END
      FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(n, o)
      LEFT JOIN pg_attribute AS a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS columns
  FROM pg_index AS x JOIN pg_class AS i ON i.oid = x.indexrelid JOIN pg_class AS t ON t.oid = x.indrelid
  WHERE t.relnamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = x.indexrelid)`;
const TRIGGERS = `
  SELECT t.relname AS "table", g.tgname AS name FROM pg_trigger AS g JOIN pg_class AS t ON t.oid = g.tgrelid
  WHERE t.relnamespace = 'public'::regnamespace AND NOT g.tgisinternal ORDER BY g.tgname`;

function columnType(type: string): ColumnType {
  const found = COLUMN_TYPES[type];
  if (found === undefined) throw new Error(`column type ${type} has no counterpart in the shape`);
  return found;
}

/**
 * The shape of every table. A full-text table (one with a generated `tsvector`) is given as FTS5's: its searched
 * and stored columns, without its vector and its `rowid` (implicit in FTS5, as in every SQLite table).
 */
export async function postgresShape(client: ClientBase): Promise<SchemaShape> {
  // One query at a time: a connection runs one (node-postgres deprecates queuing them).
  const columns = await client.query<ColumnRow>(COLUMNS);
  const constraints = await client.query<ConstraintRow>(CONSTRAINTS);
  const indexes = await client.query<IndexRow>(INDEXES);
  const triggers = await client.query<{ table: string; name: string }>(TRIGGERS);
  const shape: SchemaShape = new Map();
  const table = (name: string): TableShape => {
    let found = shape.get(name);
    if (!found) {
      found = {
        name,
        fullText: false,
        columns: [],
        primaryKey: [],
        uniques: [],
        foreignKeys: [],
        indexes: [],
        triggers: [],
      };
      shape.set(name, found);
    }
    return found;
  };
  for (const row of columns.rows) {
    const found = table(row.table);
    if (row.generated) found.fullText = true;
    else
      found.columns.push({
        name: row.name,
        type: columnType(row.type),
        nullable: row.nullable,
        hasDefault: row.has_default,
        numbered: row.numbered,
      });
  }
  for (const row of constraints.rows) {
    const found = table(row.table);
    if (row.type === 'p') found.primaryKey = row.columns;
    else if (row.type === 'u') found.uniques.push(row.columns.join(', '));
    else
      found.foreignKeys.push(
        foreignKey(row.columns, row.target!, row.target_columns!, ON_DELETE[row.on_delete]!),
      );
  }
  for (const { table: name, ...index } of indexes.rows) table(name).indexes.push(index);
  for (const row of triggers.rows) table(row.table).triggers.push(row.name);
  for (const found of shape.values()) {
    found.uniques.sort();
    found.foreignKeys.sort();
    found.indexes = byName(found.indexes);
    if (found.fullText) found.columns = found.columns.filter((column) => column.name !== 'rowid');
  }
  return shape;
}
