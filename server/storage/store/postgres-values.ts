/**
 * How PostgreSQL's values reach the server: as SQLite's do, so that a handler sees the same JS values on either.
 * SQLite answers integers (COUNT, SUM, BIGINT keys) as numbers, comparisons as 0 or 1 (the schema's `Flag`
 * columns are INTEGER on both), blobs as Uint8Array and every date as the TEXT it stored. node-postgres answers
 * int8 and numeric as strings, booleans as true/false, bytea as Buffer and dates as Date: the parsers below turn
 * them into SQLite's values, for this store's pool only (pg's global parsers are left alone).
 */
import pg, { type CustomTypesConfig } from 'pg';

/** PostgreSQL's type oids (pg_type). */
const OID = {
  bool: 16,
  bytea: 17,
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

/** An int8 as a number; one past 2^53 is refused, as node:sqlite refuses it, rather than rounded. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`Value is too large to be represented as a JavaScript number: ${text}`);
  return value;
}

/** A numeric as a number: a fraction as the nearest double (as SQLite's REAL), an integer only when exact. */
export function parseNumeric(text: string): number {
  const value = Number(text);
  const integral = /^-?\d+$/.test(text);
  if (!Number.isFinite(value) || (integral && !Number.isSafeInteger(value)))
    throw new RangeError(`Value is too large to be represented as a JavaScript number: ${text}`);
  return value;
}

const parseBytea = pg.types.getTypeParser(OID.bytea, 'text') as (text: string) => Buffer;

const parsers = new Map<number, (text: string) => unknown>([
  [OID.bool, (text) => (text === 't' ? 1 : 0)],
  // A Uint8Array of its own, as node:sqlite answers a blob (a Buffer compares unequal to it, and may share a pool).
  [OID.bytea, (text) => new Uint8Array(parseBytea(text))],
  [OID.int8, parseInt8],
  [OID.numeric, parseNumeric],
  [OID.date, (text) => text],
  [OID.timestamp, (text) => text],
  [OID.timestamptz, (text) => text],
]);

/** The type parsers of the store's pool: the ones above for text results, pg's own for the rest. */
export const storeTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text'
      ? (parsers.get(oid) ?? pg.types.getTypeParser(oid, 'text'))
      : pg.types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};
