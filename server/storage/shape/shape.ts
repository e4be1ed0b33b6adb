/**
 * The shape of a migrated database (tables, columns, keys, indexes, triggers), read the same way from SQLite
 * (sqlite-shape.ts), from PostgreSQL (postgres-shape.ts) and from the row types Kysely is given (declared-shape.ts),
 * so that tests check that the one migration source gives both dialects the same schema, and that `schema.ts`
 * says what the migrations made.
 */

/** Text, integer or bytes: what a column holds, as both dialects and TypeScript can say it. */
export type ColumnType = 'text' | 'integer' | 'blob';

export interface ColumnShape {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** Whether an insert may leave it out and get a value: a default, or a number given by the database. */
  hasDefault: boolean;
  /** Numbered by the database (SQLite's rowid alias, PostgreSQL's identity). */
  numbered: boolean;
}

export interface IndexShape {
  name: string;
  unique: boolean;
  partial: boolean;
  /** Column names, `(expression)` for an expression. */
  columns: string[];
}

export interface TableShape {
  name: string;
  /** A full-text table (FTS5's virtual table, PostgreSQL's table of its twin): its columns only are compared. */
  fullText: boolean;
  columns: ColumnShape[];
  primaryKey: string[];
  /** Column lists of UNIQUE constraints, sorted. */
  uniques: string[];
  /** `from columns -> table(columns) ON DELETE action`, sorted. */
  foreignKeys: string[];
  /** Indexes made by CREATE INDEX (not those of keys and constraints), sorted by name. */
  indexes: IndexShape[];
  /** Names of the triggers on the table, sorted. */
  triggers: string[];
}

/** The tables of a database by name. */
export type SchemaShape = Map<string, TableShape>;

export const byName = <T extends { name: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The spelling of a foreign key in `TableShape.foreignKeys`. */
export const foreignKey = (from: string[], table: string, to: string[], onDelete: string) =>
  `${from.join(', ')} -> ${table}(${to.join(', ')}) ON DELETE ${onDelete.toUpperCase()}`;
