/** The shape (shape.ts) of a SQLite database, read from its catalog. */
import type { DatabaseSync } from 'node:sqlite';
import {
  byName,
  foreignKey,
  type ColumnShape,
  type ColumnType,
  type SchemaShape,
  type TableShape,
} from './shape.ts';

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface IndexListRow {
  name: string;
  unique: number;
  origin: string;
  partial: number;
}
interface IndexColumn {
  name: string | null;
  key: number;
}
interface ForeignKeyRow {
  id: number;
  table: string;
  from: string;
  to: string;
  on_delete: string;
}

const COLUMN_TYPES: Record<string, ColumnType> = {
  TEXT: 'text',
  INTEGER: 'integer',
  BLOB: 'blob',
  '': 'text',
};

function columnType(declared: string): ColumnType {
  const type = COLUMN_TYPES[declared.toUpperCase()];
  if (type === undefined) throw new Error(`column type ${declared} has no counterpart in the shape`);
  return type;
}

function tableShape(sqlite: DatabaseSync, name: string, fullText: boolean): TableShape {
  const pragma = <T>(text: string) => sqlite.prepare(text).all() as unknown as T[];
  const info = pragma<ColumnInfo>(`PRAGMA table_info(${name})`);
  const primaryKey = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
  const rowIdAlias = primaryKey.length === 1 && primaryKey[0]!.type.toUpperCase() === 'INTEGER';
  const columns: ColumnShape[] = info.map((column) => ({
    name: column.name,
    type: columnType(column.type),
    // A primary key column is taken as NOT NULL, as PostgreSQL makes it (SQLite lets a TEXT one hold NULL).
    nullable: column.notnull === 0 && column.pk === 0,
    hasDefault: column.dflt_value !== null || (rowIdAlias && column.pk > 0),
    numbered: rowIdAlias && column.pk > 0,
  }));
  const indexColumns = (index: string) =>
    pragma<IndexColumn>(`PRAGMA index_xinfo(${index})`)
      .filter((column) => column.key === 1)
      .map((column) => column.name ?? '(expression)');
  const indexList = pragma<IndexListRow>(`PRAGMA index_list(${name})`);
  const keys = new Map<number, ForeignKeyRow[]>();
  for (const row of pragma<ForeignKeyRow>(`PRAGMA foreign_key_list(${name})`))
    keys.set(row.id, [...(keys.get(row.id) ?? []), row]);
  const triggers = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name")
    .all(name) as { name: string }[];
  return {
    name,
    fullText,
    columns,
    primaryKey: primaryKey.map((column) => column.name),
    uniques: indexList
      .filter((index) => index.origin === 'u')
      .map((index) => indexColumns(index.name).join(', '))
      .sort(),
    foreignKeys: [...keys.values()]
      .map((rows) =>
        foreignKey(
          rows.map((row) => row.from),
          rows[0]!.table,
          rows.map((row) => row.to),
          rows[0]!.on_delete,
        ),
      )
      .sort(),
    indexes: byName(
      indexList
        .filter((index) => index.origin === 'c')
        .map((index) => ({
          name: index.name,
          unique: index.unique === 1,
          partial: index.partial === 1,
          columns: indexColumns(index.name),
        })),
    ),
    triggers: triggers.map((trigger) => trigger.name),
  };
}

/** The shape of every table but SQLite's own and FTS5's shadow tables (`<table>_data`, `_idx`, …). */
export function sqliteShape(sqlite: DatabaseSync): SchemaShape {
  const tables = sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string }[];
  const fullText = tables
    .filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql))
    .map((table) => table.name);
  const shadow = (name: string) => fullText.some((table) => name.startsWith(`${table}_`));
  const shape: SchemaShape = new Map();
  for (const table of tables)
    if (!shadow(table.name))
      shape.set(table.name, tableShape(sqlite, table.name, fullText.includes(table.name)));
  return shape;
}
