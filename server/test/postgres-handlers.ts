/**
 * Handlers on PostgreSQL, without HTTP: a migrated database of the test cluster per file (`*.postgres.test.ts`,
 * the `postgres` project), services that hold only a `PostgresStore` and a clock (no synchronous `Database`: a
 * statement left on it fails here), and the context a handler is called with; every domain's file shares it.
 */
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ManualClock } from '../clock.ts';
import type { Services } from '../http/context.ts';
import type { TestDatabase } from '../storage/postgres/test-cluster.ts';
import { PostgresStore } from '../storage/store/postgres-store.ts';
import { createMigratedDatabase } from './postgres-server.ts';

/** Users admin, reader, other (members of o1: admin, read, read) and stranger (admin of o2). */
export const SEED = `
  INSERT INTO users (id, email, display_name, created_at) VALUES
    ('admin', 'admin@x.org', 'Admin', 't'), ('reader', 'reader@x.org', 'Reader', 't'),
    ('other', 'other@x.org', 'Other', 't'), ('stranger', 'stranger@x.org', 'Stranger', 't');
  INSERT INTO organizations (id, title, created_at, email_domains, type, sso, ai, invite_links, plan) VALUES
    ('o1', 'O1', 't', '[]', 'business', 0, 0, 1, 'free'), ('o2', 'O2', 't', '[]', 'business', 0, 0, 1, 'free');
  INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at) VALUES
    ('o1', 'admin', 'admin', 0, 0, 't'), ('o1', 'reader', 'read', 0, 0, 't'), ('o1', 'other', 'read', 0, 0, 't'),
    ('o2', 'stranger', 'admin', 0, 0, 't');
`;

const EMPTY_TREE = JSON.stringify({ pages: [], files: [] });

/**
 * `SEED`, and a space `s1` of `o1` whose change request 1 (`cr1`, open, by `reader`) has head `r1` over `r0`;
 * `reader` edits, `other` comments.
 */
export const CHANGE_REQUEST_SEED = `${SEED}
  INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, language,
    sort_key, revision_id, created_by, created_at, updated_at, deleted_at) VALUES
    ('s1', 'o1', NULL, 'S1', '', 'private', 'live', 'inherit', NULL, 'a', 'r0', 'admin', 't', 't', NULL);
  INSERT INTO revisions (id, space_id, type, parents, tree, created_by, created_at) VALUES
    ('r0', 's1', 'edits', '[]', '${EMPTY_TREE}', 'admin', 't'),
    ('r1', 's1', 'edits', '["r0"]', '${EMPTY_TREE}', 'reader', 't');
  INSERT INTO change_requests (id, space_id, number, status, subject, created_by, created_at, updated_at,
    revision_id, revision_initial, revision_merged) VALUES
    ('cr1', 's1', 1, 'open', 'One', 'reader', 't', 't', 'r1', 'r0', NULL);
  UPDATE members SET role = 'edit' WHERE user_id = 'reader';
  UPDATE members SET role = 'comment' WHERE user_id = 'other';
`;

export interface PostgresHandlers {
  /** The store (set before the first test). */
  readonly store: PostgresStore;
  readonly clock: ManualClock;
  /** A handler's context (typed loosely: each handler checks its own fields). */
  context(userId: string, params: object, body?: unknown, query?: object): never;
  /** Runs SQL text on a connection of its own (seeding, settings). */
  sql(text: string): Promise<void>;
}

/**
 * Registers the file's hooks: a migrated database before all tests, `TRUNCATE … CASCADE` of `truncate` then `seed`
 * before each, the database dropped after all.
 */
export function usePostgresHandlers(options: { truncate: string; seed?: string }): PostgresHandlers {
  let database: TestDatabase | undefined;
  let store: PostgresStore | undefined;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');
  const services = { clock } as unknown as Services;

  async function onClient(text: string): Promise<void> {
    const client = new Client(database!.config);
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createMigratedDatabase();
    store = PostgresStore.open(database.config);
    services.store = store;
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await onClient(`TRUNCATE ${options.truncate} CASCADE; ${options.seed ?? SEED}`);
  });

  return {
    get store() {
      return store!;
    },
    clock,
    context: (userId, params, body, query = {}) =>
      ({
        params,
        body,
        query,
        actor: { userId, tokenHash: 'h' },
        services,
        baseUrl: 'http://test',
      }) as never,
    sql: onClient,
  };
}

/** The HTTP status of an error a handler threw. */
export const statusOf = (error: unknown) => (error as { status?: number }).status;

/** Every page of a list handler, walked by its `next.page`: the items in order, and the count each page gave. */
export async function pages<T>(
  list: (page: string | undefined) => Promise<{ items: T[]; count: number; next?: { page: string } }>,
) {
  const items: T[] = [];
  const counts: number[] = [];
  let page: string | undefined;
  do {
    const answer = await list(page);
    items.push(...answer.items);
    counts.push(answer.count);
    page = answer.next?.page;
  } while (page !== undefined);
  return { items, counts };
}
