/** Comparisons of shapes (shape.ts) that tests assert on. */
import type { DeclaredShape } from './declared-shape.ts';
import type { SchemaShape, TableShape } from './shape.ts';

/**
 * A shape as two dialects must agree on it, sorted by table: everything of a table, but of a full-text table only
 * its columns' names and types (FTS5 has no keys, indexes or NOT NULL; PostgreSQL's twin has them).
 */
export function comparable(
  shape: SchemaShape,
): (TableShape | { name: string; fullText: true; columns: string[] })[] {
  return [...shape.values()]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((table) =>
      table.fullText
        ? {
            name: table.name,
            fullText: true as const,
            columns: table.columns.map((column) => `${column.name} ${column.type}`),
          }
        : table,
    );
}

/** What `schema.ts` says otherwise than the database: one line per difference, none when they agree. */
export function declaredDifferences(declared: DeclaredShape, shape: SchemaShape): string[] {
  const differences: string[] = [];
  for (const name of shape.keys()) if (!declared.has(name)) differences.push(`${name}: not in DB`);
  for (const [name, declaredColumns] of declared) {
    const table = shape.get(name);
    if (table === undefined) {
      differences.push(`${name}: declared, not in the database`);
      continue;
    }
    // FTS5's rowid is implicit (every SQLite table has one); its columns have no NOT NULL to compare.
    const columns = table.fullText
      ? declaredColumns.filter((column) => column.name !== 'rowid')
      : declaredColumns;
    for (const column of table.columns)
      if (!columns.some((declaredColumn) => declaredColumn.name === column.name))
        differences.push(`${name}.${column.name}: not declared`);
    for (const column of columns) {
      const actual = table.columns.find((candidate) => candidate.name === column.name);
      const where = `${name}.${column.name}`;
      if (actual === undefined) {
        differences.push(`${where}: declared, not in the database`);
        continue;
      }
      if (column.type !== actual.type)
        differences.push(`${where}: declared ${column.type}, is ${actual.type}`);
      if (!table.fullText && column.nullable !== actual.nullable)
        differences.push(`${where}: declared ${column.nullable ? '' : 'not '}nullable, is the other`);
      // A numbered column may be declared a plain number that inserts give (migrations.version).
      if (column.numbered && !actual.numbered)
        differences.push(`${where}: declared Generated, is not numbered`);
      if (column.optional && !actual.nullable && !actual.hasDefault)
        differences.push(`${where}: declared optional, but inserts must give it`);
    }
  }
  return differences;
}
