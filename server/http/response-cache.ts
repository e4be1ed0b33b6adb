/**
 * Serialized answers of a few reads, kept while the database is unchanged: the members list's page (50 members, each
 * with its user, team count and space count) cost ~0.6 ms to read, present and serialize, most of it the query, and
 * the app asks the same pages again as it scrolls and comes back. A team's answer is kept too: its three reads and
 * their promises cost more than the lookup.
 *
 * An answer is kept under its data version (`Database.dataVersion`: the statements that may have written through
 * the server's connection, and SQLite's `data_version`, which moves when another connection commits), and handed out
 * only while that version is current: any write, of any organization, makes every kept answer stale. The version is
 * read before the handler runs, so an answer whose reads may have met a write is kept under a version already gone.
 * Only reads whose answer follows from the database, the caller, the URL and the base URL are cached (`CACHED_READS`);
 * authentication and rate limiting still run for every request.
 */
import type { FastifyReply } from 'fastify';
import type { Operation, OperationName } from '../../shared/contract/index.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import type { Store } from '../storage/store/store.ts';

/** The reads whose serialized answers are kept: each answers from the database, the caller and the URL alone. */
export const CACHED_READS: ReadonlySet<OperationName> = new Set<OperationName>([
  'listMembersInOrganizationById',
  'getTeamInOrganizationById',
]);

/** Bytes of kept answers (as UTF-16 code units, a string's length), beyond which the oldest are dropped. */
export const RESPONSE_CACHE_BYTES = 8 * 1024 * 1024;

export class ResponseCache {
  private readonly maxLength: number;
  /** The data version the kept answers were made at. */
  private version: string | undefined;
  private readonly answers = new Map<string, string>();
  private length = 0;

  constructor(maxLength: number) {
    this.maxLength = maxLength;
  }

  /** The answer kept under `key` at `version`, if any; a new version first drops every kept answer. */
  get(version: string, key: string): string | undefined {
    if (version !== this.version) {
      this.clear();
      this.version = version;
      return undefined;
    }
    return this.answers.get(key);
  }

  /** Keeps `body` under `key`, made at `version` (dropped at once if the version has moved since). */
  set(version: string, key: string, body: string): void {
    if (version !== this.version || body.length > this.maxLength) return;
    const previous = this.answers.get(key);
    if (previous !== undefined) {
      this.answers.delete(key);
      this.length -= previous.length;
    }
    this.answers.set(key, body);
    this.length += body.length;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, oldBody] of this.answers) {
      if (this.length <= this.maxLength) break;
      this.answers.delete(oldKey);
      this.length -= oldBody.length;
    }
  }

  /** How many answers are kept. */
  get size(): number {
    return this.answers.size;
  }

  private clear(): void {
    if (this.answers.size > 0) this.answers.clear();
    this.length = 0;
  }
}

/** The kept answers of one cached read, and where its data version is read. */
export interface CachedRead {
  answers: ResponseCache;
  store: SqliteStore;
}

/** The kept answers of `operation`, if it is a cached read on a store with a data version (SQLite's alone). */
export function cachedRead(operation: Operation, store: Store): CachedRead | undefined {
  if (!(CACHED_READS as ReadonlySet<string>).has(operation.name) || !(store instanceof SqliteStore))
    return undefined;
  return { answers: new ResponseCache(RESPONSE_CACHE_BYTES), store };
}

/** The media type of JSON answers, as Fastify writes it. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends the answer kept under `key` at the current data version, or else `run`'s answer serialized by the route's
 * serializer, and keeps it. The version is read, and the answer looked up, with no transaction of the store open.
 */
export async function sendCached(
  read: CachedRead,
  key: string,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<FastifyReply> {
  let version = '';
  const kept = await read.store.outsideTransactions(() => {
    version = read.store.db.dataVersion();
    return read.answers.get(version, key);
  });
  if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
  const body = reply.serialize(await run()) as string;
  read.answers.set(version, key, body);
  return reply.type(JSON_TYPE).send(body);
}
