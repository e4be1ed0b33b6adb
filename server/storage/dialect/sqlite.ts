/** SQLite's DDL pieces (see ddl.ts). */
import { triggerEvent, type Ddl } from './ddl.ts';

export const sqliteDdl: Ddl = {
  name: 'sqlite',
  blob: 'BLOB',
  bigint: 'INTEGER',
  rowIdKey: 'INTEGER PRIMARY KEY',
  withoutRowId: ' WITHOUT ROWID',
  trigger: ({ name, table, on, when, body }) =>
    `CREATE TRIGGER ${name} AFTER ${triggerEvent(on)} ON ${table}${when === undefined ? '' : ` WHEN ${when}`} BEGIN
${body}
END;`,
  // Diacritics removed in both directions (`remove_diacritics 2`): "ecole" finds "École".
  fullText: ({ table, searched, stored }) =>
    `CREATE VIRTUAL TABLE ${table} USING fts5(
  ${[...searched, ...stored.map((column) => `${column} UNINDEXED`)].join(', ')},
  tokenize = 'unicode61 remove_diacritics 2'
);`,
};
