import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock.ts';
import { createSpaceRecord } from '../domain/spaces/records.ts';
import { createOrganization, ensureUser } from '../domain/organizations/commands.ts';
import { openDatabase, type Database } from '../storage/database.ts';
import { SqliteStore } from '../storage/store/sqlite-store.ts';
import { purgeDeletedSpaces, startPurgeScheduler } from './purge.ts';

const DAY = 24 * 60 * 60 * 1000;

function setup() {
  const db = openDatabase(':memory:');
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const owner = ensureUser(db, clock.now(), 'owner@example.com');
  const org = createOrganization(db, clock.now(), { title: 'Acme', ownerId: owner.id });
  const space = (title: string) =>
    createSpaceRecord(db, clock.now(), {
      organizationId: org.id,
      parentId: null,
      title,
      pages: [{ title: 'Introduction', markdown: 'hello' }],
      actorId: owner.id,
    });
  const trash = (id: string) =>
    db.run(db.q.updateTable('spaces').set({ deleted_at: clock.now().toISOString() }).where('id', '=', id));
  return { db, clock, space, trash };
}

const remaining = (db: Database) => db.all(db.q.selectFrom('spaces').select('id')).map((row) => row.id);

describe('purgeDeletedSpaces', () => {
  it('removes only the spaces deleted more than 7 days ago, with their revisions', async () => {
    const { db, clock, space, trash } = setup();
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
    const store = new SqliteStore(db);
    expect(await purgeDeletedSpaces(store, clock)).toBe(0);
    clock.advance(1);
    expect(await purgeDeletedSpaces(store, clock)).toBe(1);
    expect(new Set(remaining(db))).toEqual(new Set([recent, live]));
    expect(db.all(db.q.selectFrom('revisions').select('id').where('space_id', '=', old))).toEqual([]);
    expect(indexed()).toEqual(new Set([recent, live]));
    db.close();
  });
});

describe('startPurgeScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges at start and then every interval until stopped', async () => {
    vi.useFakeTimers();
    const { db, clock, space, trash } = setup();
    const first = space('First');
    trash(first);
    clock.advance(8 * DAY);
    const scheduler = startPurgeScheduler(new SqliteStore(db), clock, { intervalMs: 1000 });
    await scheduler.running();
    expect(remaining(db)).toEqual([]);
    const second = space('Second');
    trash(second);
    clock.advance(8 * DAY);
    vi.advanceTimersByTime(1000);
    await scheduler.running();
    expect(remaining(db)).toEqual([]);
    scheduler.stop();
    const third = space('Third');
    trash(third);
    clock.advance(8 * DAY);
    vi.advanceTimersByTime(5000);
    await scheduler.running();
    expect(remaining(db)).toEqual([third]);
    db.close();
  });
});
