// The purge of deleted spaces and its scheduler, on the test server's storage (SQLite, or PostgreSQL in the
// server-postgres project).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { purgeDeletedSpaces, startPurgeScheduler } from './purge.ts';

const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const server = await startTestServer();
  const owner = server.buildUser();
  const org = server.buildOrg(owner);
  const space = (title: string) =>
    server.buildSpace(org.id, { title, pages: [{ title: 'Introduction', markdown: 'hello' }] }).id;
  const trash = (id: string) =>
    server.db.run(
      server.db.q
        .updateTable('spaces')
        .set({ deleted_at: server.clock.now().toISOString() })
        .where('id', '=', id),
    );
  return { server, clock: server.clock, space, trash };
}

const remaining = ({ db }: TestServer) => db.all(db.q.selectFrom('spaces').select('id')).map((row) => row.id);

describe('purgeDeletedSpaces', () => {
  it('removes only the spaces deleted more than 7 days ago, with their revisions', async () => {
    const { server, clock, space, trash } = await setup();
    const { db } = server;
    try {
      const old = space('Old');
      const recent = space('Recent');
      const live = space('Live');
      // Spaces created with a page or two are indexed for search at once: each has its rows.
      const indexed = () =>
        new Set(db.all(db.q.selectFrom('search_pages').select('space_id')).map((row) => row.space_id));
      expect(indexed()).toEqual(new Set([old, recent, live]));
      trash(old);
      clock.advance(3 * DAY);
      trash(recent);
      clock.advance(4 * DAY);
      expect(await purgeDeletedSpaces(server.store, clock)).toBe(0);
      clock.advance(1);
      expect(await purgeDeletedSpaces(server.store, clock)).toBe(1);
      expect(new Set(remaining(server))).toEqual(new Set([recent, live]));
      expect(db.all(db.q.selectFrom('revisions').select('id').where('space_id', '=', old))).toEqual([]);
      expect(indexed()).toEqual(new Set([recent, live]));
    } finally {
      await server.close();
    }
  });
});

describe('startPurgeScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges at start and then every interval until stopped', async () => {
    const { server, clock, space, trash } = await setup();
    // The scheduler's interval only: the store's connections keep their own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const first = space('First');
      trash(first);
      clock.advance(8 * DAY);
      const scheduler = startPurgeScheduler(server.store, clock, { intervalMs: 1000 });
      await scheduler.running();
      expect(remaining(server)).toEqual([]);
      const second = space('Second');
      trash(second);
      clock.advance(8 * DAY);
      vi.advanceTimersByTime(1000);
      await scheduler.running();
      expect(remaining(server)).toEqual([]);
      scheduler.stop();
      const third = space('Third');
      trash(third);
      clock.advance(8 * DAY);
      vi.advanceTimersByTime(5000);
      await scheduler.running();
      expect(remaining(server)).toEqual([third]);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });
});
