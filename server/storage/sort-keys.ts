/**
 * Sibling order by fractional indexing: a key between two neighbours is computed without touching them, so a move
 * writes the moved row only. Keys compare as plain strings (byte order: SQLite's BINARY collation, `COLLATE "C"` on
 * PostgreSQL).
 */
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/** A key that sorts strictly between `before` and `after` (either may be absent: the start or the end). */
export function keyBetween(before: string | null | undefined, after: string | null | undefined): string {
  return generateKeyBetween(before ?? null, after ?? null);
}

/** `count` increasing keys between `before` and `after`, for inserting several siblings at once (seeds, copies). */
export function keysBetween(
  before: string | null | undefined,
  after: string | null | undefined,
  count: number,
): string[] {
  return generateNKeysBetween(before ?? null, after ?? null, count);
}
