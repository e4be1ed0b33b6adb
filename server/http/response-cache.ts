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
import type { FastifyInstance, FastifyReply } from 'fastify';
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

  /** Drops every answer kept at another version than `version` (`get` would never hand them out again). */
  dropStale(version: string): void {
    if (version !== this.version) this.clear();
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

/**
 * The kept answers of `operation`, if it is a cached read on a store with a data version (SQLite's alone), listed in
 * `all` (an app's, for `dropStaleAnswers`).
 */
export function cachedRead(operation: Operation, store: Store, all: ResponseCache[]): CachedRead | undefined {
  if (!(CACHED_READS as ReadonlySet<string>).has(operation.name) || !(store instanceof SqliteStore))
    return undefined;
  const answers = new ResponseCache(RESPONSE_CACHE_BYTES);
  all.push(answers);
  return { answers, store };
}

/**
 * Drops the kept answers a write made stale, once it is answered. A stale answer is never handed out, but it stayed
 * in memory until its read was asked again: under a stream of writes (the benchmark's PATCH load after its reads),
 * the 201 pages of a 10,000-member list and 500 teams, 3.5 MB of strings, stayed live in a heap that V8 then let
 * grow by half as much again before collecting. One read of the data version, when some answer is kept.
 */
export function dropStaleAnswers(all: readonly ResponseCache[], store: Store): void {
  if (!(store instanceof SqliteStore) || all.every((answers) => answers.size === 0)) return;
  const version = store.db.dataVersion();
  for (const answers of all) answers.dropStale(version);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The kept answers of the app's cached reads (`keepAnswers`; tests look at what they hold). */
    keptAnswers: ResponseCache[];
  }
}

/**
 * An app's list of kept answers, `app.keptAnswers` (filled by `cachedRead` as its routes are registered), their
 * stale ones dropped once each request that may write (not a GET) is answered.
 */
export function keepAnswers(app: FastifyInstance, store: Store): void {
  const all: ResponseCache[] = [];
  app.decorate('keptAnswers', all);
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET') dropStaleAnswers(all, store);
    done();
  });
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
