/**
 * Large OpenAPI source texts, stored in parts (migration 16), so that no single write holds the thread that answers
 * requests: a 5 MB text written in one statement took it for 50-70 ms (SQLite writing some 1,300 overflow pages).
 *
 * Rules:
 * - A text of `STAGED_TEXT` characters or more is written before the transaction that creates or changes its spec,
 *   in parts of `PART_CHARS` characters under a new upload id, each part in a transaction of its own, and the thread
 *   goes back to other requests between two parts. Parts are cut between UTF-16 code units that are not a surrogate
 *   pair, so the parts' UTF-8 bytes, joined in order, are the text's. Nothing names the upload yet: the API shows
 *   nothing of it.
 * - The transaction that creates or changes the spec then only names the upload (`openapi_spec_sources.upload_id`):
 *   the spec and its source appear together, or not at all. A request that fails after its parts were written
 *   removes them; parts that no source names and older than `ORPHAN_AGE_MS` (a request cut by a stop) go with the
 *   purge. Parts go with the source row that names them (a trigger).
 * - A smaller text is written in the spec's own transaction, as before.
 */
import type { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { newId } from '../../ids.ts';
import type { Statements, Store } from '../../storage/store/store.ts';

/** Texts this long or longer are written in parts, before the spec's transaction. */
export const STAGED_TEXT = 256 * 1024;
/** Characters of a part (at most 384 KB of UTF-8). */
export const PART_CHARS = 128 * 1024;
/** Parts no source names are purged once this old. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** A source as the spec's transaction writes it: a URL, a text, or the upload whose parts hold the text. */
export type StoredSource = { url: string } | { text: string } | { upload: string };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where the part starting at `start` ends: `PART_CHARS` later, one sooner when that would split a surrogate pair. */
function partEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + PART_CHARS);
  if (end === text.length) return end;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * Writes a large text's parts (see the rules) and answers the upload naming them; a URL or a smaller text is
 * answered as it is, written later by the spec's transaction.
 */
export async function stageSource(
  store: Store,
  now: Date,
  source: { url: string } | { text: string },
): Promise<StoredSource> {
  if (!('text' in source) || source.text.length < STAGED_TEXT) return source;
  const upload = newId();
  const at = now.toISOString();
  const { text } = source;
  try {
    for (let start = 0, seq = 0; start < text.length; seq++) {
      const end = partEnd(text, start);
      const part = text.slice(start, end);
      await store.transaction((tx) =>
        tx.run(
          tx.q
            .insertInto('openapi_source_parts')
            .values({ upload_id: upload, seq, text: part, created_at: at }),
        ),
      );
      start = end;
      if (start < text.length) await nextTurn();
    }
  } catch (error) {
    await discardStaged(store, { upload });
    throw error;
  }
  return { upload };
}

/** Removes the parts of an upload no spec will name (its request failed). */
export async function discardStaged(store: Store, source: StoredSource): Promise<void> {
  if ('upload' in source)
    await store.transaction((tx) =>
      tx.run(tx.q.deleteFrom('openapi_source_parts').where('upload_id', '=', source.upload)),
    );
}

/** Runs the spec's transaction on a staged source; when it fails, the staged parts are removed. */
export async function withStaged<T>(store: Store, source: StoredSource, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardStaged(store, source);
    throw error;
  }
}

/** Removes the parts that no source names, written more than `ORPHAN_AGE_MS` before `now`; answers how many. */
export function purgeOrphanSourceParts(on: Statements, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS).toISOString();
  return on.transaction((tx) =>
    tx.run(
      tx.q
        .deleteFrom('openapi_source_parts')
        .where('created_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('openapi_spec_sources')
                .select('spec_id')
                .whereRef('openapi_spec_sources.upload_id', '=', 'openapi_source_parts.upload_id'),
            ),
          ),
        ),
    ),
  );
}

/**
 * The source text of a spec as UTF-8 bytes, from its row or its parts: null for a URL source or a spec that is
 * gone. Plain SQL on a connection, so that a worker thread reads it on its own (process-task.ts).
 */
export function readSourceBytes(sqlite: DatabaseSync, specId: string): Uint8Array | null {
  const row = sqlite
    .prepare('SELECT CAST(text AS BLOB) AS bytes, upload_id FROM openapi_spec_sources WHERE spec_id = ?')
    .get(specId);
  if (row === undefined) return null;
  if (typeof row.upload_id !== 'string') return bytesOf(row.bytes);
  return joined(
    sqlite
      .prepare(
        'SELECT CAST(text AS BLOB) AS bytes FROM openapi_source_parts WHERE upload_id = ? ORDER BY seq',
      )
      .all(row.upload_id)
      .map((part) => bytesOf(part.bytes)),
  );
}

/**
 * As `readSourceBytes`, through the store, in one transaction (the main thread's read, when no worker can open the
 * database: an in-memory SQLite database, or PostgreSQL).
 */
export function sourceBytesIn(store: Statements, specId: string): Promise<Uint8Array | null> {
  const bytes = (column: 'text' | 'openapi_source_parts.text') =>
    (store.dialect === 'postgres'
      ? sql<Uint8Array>`convert_to(${sql.ref(column)}, 'UTF8')`
      : sql<Uint8Array>`CAST(${sql.ref(column)} AS BLOB)`
    ).as('bytes');
  return store.transaction(async (tx) => {
    const row = await tx.first(
      tx.q
        .selectFrom('openapi_spec_sources')
        .select([bytes('text'), 'upload_id'])
        .where('spec_id', '=', specId),
    );
    if (row === undefined) return null;
    if (row.upload_id === null) return bytesOf(row.bytes);
    const parts = await tx.all(
      tx.q
        .selectFrom('openapi_source_parts')
        .select(bytes('openapi_source_parts.text'))
        .where('upload_id', '=', row.upload_id)
        .orderBy('seq'),
    );
    return joined(parts.map((part) => bytesOf(part.bytes)));
  });
}

const bytesOf = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array(0));

/** Parts' bytes, joined in order. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
