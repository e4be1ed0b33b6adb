import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../../shared/contract/common.ts';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectError, send } from '../test/http-helpers.ts';
import { afterKeys, decodeCursor, encodeCursor, orderByKeys, type SortKey } from './pagination.ts';
import { ApiError } from '../errors.ts';

interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}
interface TeamItem {
  id: string;
  title: string;
}
interface MemberItem {
  id: string;
}

describe('cursors', () => {
  it('round-trip key values', () => {
    const values = ['2026-03-01T09:00:00.000Z', 'ABC', 42, -1.5, '', 'ünïcødé ✓'];
    expect(decodeCursor(encodeCursor(values), values.length)).toEqual(values);
  });

  it('are absent when no page is asked for', () => {
    expect(decodeCursor(undefined, 2)).toBeUndefined();
  });

  it('refuse garbage with a 400 naming `page`', () => {
    const garbage = [
      'garbage',
      '%%%',
      encodeCursor(['only one']),
      encodeCursor(['a', 'b', 'c']),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[null,"x"]').toString('base64url'),
      Buffer.from('[[1],"x"]').toString('base64url'),
      Buffer.from('[1e999,"x"]').toString('base64url'),
      Buffer.from('"ab"').toString('base64url'),
    ];
    for (const page of garbage) {
      let thrown: unknown;
      try {
        decodeCursor(page, 2);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, page).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(400);
      expect((thrown as ApiError).message).toMatch(/`page`/);
    }
  });
});

describe('afterKeys on real SQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('selects the rows strictly after the key values, in both directions and across ties', () => {
    const owner = server.buildUser();
    const org = server.buildOrg(owner);
    for (const title of ['b', 'a', 'c', 'b2', 'a2']) server.buildTeam(org.id, title);
    const { db } = server;
    const titlesAfter = (keys: SortKey[], values: (string | number)[]) =>
      db
        .all(
          db.q
            .selectFrom('teams')
            .select('title')
            .where('organization_id', '=', org.id)
            .where(afterKeys(keys, values))
            .orderBy(orderByKeys(keys)),
        )
        .map((row) => row.title);
    const asc: SortKey[] = [{ column: 'title', direction: 'asc' }];
    const desc: SortKey[] = [{ column: 'title', direction: 'desc' }];
    expect(titlesAfter(asc, ['a2'])).toEqual(['b', 'b2', 'c']);
    expect(titlesAfter(desc, ['b'])).toEqual(['a2', 'a']);
    expect(titlesAfter(asc, ['zzz'])).toEqual([]);
    // Two keys: rows equal on the first key are ordered by the second.
    db.run(db.q.updateTable('teams').set({ created_at: 'same' }).where('organization_id', '=', org.id));
    const twoKeys: SortKey[] = [
      { column: 'created_at', direction: 'asc' },
      { column: 'title', direction: 'asc' },
    ];
    expect(titlesAfter(twoKeys, ['same', 'b'])).toEqual(['b2', 'c']);
    expect(titlesAfter(twoKeys, ['sama', 'zzz'])).toEqual(['a', 'a2', 'b', 'b2', 'c']);
  });
});

describe('pagination over HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = server.buildUser();
  });
  afterAll(async () => server.close());

  async function page<T>(path: string, query: Record<string, string>): Promise<Page<T>> {
    const search = new URLSearchParams(query).toString();
    const answer = await send(server.baseUrl, 'GET', `${path}${search ? `?${search}` : ''}`, {
      token: admin.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Page<T>;
  }

  it(`returns ${LIST_LIMIT_DEFAULT} items by default and accepts up to ${LIST_LIMIT_MAX}`, async () => {
    const org = server.buildOrg(admin);
    for (let i = 0; i < LIST_LIMIT_DEFAULT + 5; i++)
      server.buildTeam(org.id, `Team ${String(i).padStart(3, '0')}`);
    const path = `/v1/orgs/${org.id}/teams`;
    const first = await page<TeamItem>(path, {});
    expect(first.items).toHaveLength(LIST_LIMIT_DEFAULT);
    expect(first.count).toBe(LIST_LIMIT_DEFAULT + 5);
    expect(first.next?.page).toEqual(expect.any(String));
    const rest = await page<TeamItem>(path, { page: first.next?.page ?? '' });
    expect(rest.items).toHaveLength(5);
    expect(rest.next).toBeUndefined();
    const all = await page<TeamItem>(path, { limit: String(LIST_LIMIT_MAX) });
    expect(all.items).toHaveLength(LIST_LIMIT_DEFAULT + 5);
    expect(all.next).toBeUndefined();
    expect(all.items.map((t) => t.title)).toEqual([...all.items.map((t) => t.title)].sort());
  });

  it('answers only the count for limit=0, as GitBook (its minimum is 0)', async () => {
    const org = server.buildOrg(admin);
    for (const title of ['A', 'B', 'C']) server.buildTeam(org.id, title);
    const teams = await page<TeamItem>(`/v1/orgs/${org.id}/teams`, { limit: '0' });
    expect(teams).toEqual({ items: [], count: 3 });
    const members = await page<MemberItem>(`/v1/orgs/${org.id}/members`, { limit: '0' });
    expect(members).toEqual({ items: [], count: 1 });
    const spaces = await page<MemberItem>(`/v1/orgs/${org.id}/spaces`, { limit: '0' });
    expect(spaces.items).toEqual([]);
    expect(spaces.next).toBeUndefined();
  });

  it('has no next page when the last page is exactly full', async () => {
    const org = server.buildOrg(admin);
    for (const title of ['A', 'B', 'C']) server.buildTeam(org.id, title);
    const path = `/v1/orgs/${org.id}/teams`;
    const first = await page<TeamItem>(path, { limit: '3' });
    expect(first.items).toHaveLength(3);
    expect(first.next).toBeUndefined();
  });

  it('keeps the team list stable when teams are inserted and deleted between pages', async () => {
    const org = server.buildOrg(admin);
    const ids = new Map<string, string>();
    for (const title of ['B', 'D', 'F', 'H', 'J', 'L']) ids.set(title, server.buildTeam(org.id, title).id);
    const path = `/v1/orgs/${org.id}/teams`;
    const first = await page<TeamItem>(path, { limit: '2' });
    expect(first.items.map((t) => t.title)).toEqual(['B', 'D']);

    // Between pages: one team before the cursor, one after; the cursor's own row and the next one disappear.
    server.buildTeam(org.id, 'A');
    server.buildTeam(org.id, 'G');
    await admin.client.call('removeTeamFromOrganizationById', {
      params: { organizationId: org.id, teamId: ids.get('D') ?? '' },
    });
    await admin.client.call('removeTeamFromOrganizationById', {
      params: { organizationId: org.id, teamId: ids.get('F') ?? '' },
    });

    const second = await page<TeamItem>(path, { limit: '2', page: first.next?.page ?? '' });
    expect(second.items.map((t) => t.title)).toEqual(['G', 'H']);
    expect(second.count).toBe(6);
    const third = await page<TeamItem>(path, { limit: '2', page: second.next?.page ?? '' });
    expect(third.items.map((t) => t.title)).toEqual(['J', 'L']);
    expect(third.next).toBeUndefined();
  });

  it('walks members sorted newest first, with ties broken by id, each exactly once', async () => {
    const org = server.buildOrg(admin);
    const joined: string[] = [admin.id];
    for (let i = 0; i < 7; i++) {
      // Pairs of members join at the same instant: the cursor must break ties.
      if (i % 2 === 0) server.clock.advance(1000);
      joined.push(server.buildMember(org.id, 'read').id);
    }
    const path = `/v1/orgs/${org.id}/members`;
    const seen: string[] = [];
    let cursor: string | undefined;
    let inserted = false;
    do {
      const result: Page<MemberItem> = await page<MemberItem>(path, {
        limit: '3',
        ...(cursor ? { page: cursor } : {}),
      });
      seen.push(...result.items.map((m) => m.id));
      cursor = result.next?.page;
      if (!inserted) {
        // A member who joins now sorts before every cursor of a newest-first list: not seen in this walk.
        server.clock.advance(1000);
        server.buildMember(org.id, 'read');
        inserted = true;
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(joined));
    const all = await page<MemberItem>(path, { limit: '100' });
    expect(all.items.slice(1).map((m) => m.id)).toEqual(seen);
  });

  it('walks members sorted by name, with equal names, in both orders', async () => {
    const org = server.buildOrg(admin);
    for (let i = 0; i < 5; i++)
      server.buildMember(org.id, 'edit', { name: i < 3 ? 'Same Name' : `Name ${i}` });
    const path = `/v1/orgs/${org.id}/members`;
    for (const order of ['asc', 'desc']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const result: Page<MemberItem> = await page<MemberItem>(path, {
          limit: '2',
          sort: 'name',
          order,
          ...(cursor ? { page: cursor } : {}),
        });
        seen.push(...result.items.map((m) => m.id));
        cursor = result.next?.page;
      } while (cursor);
      const all = await page<MemberItem>(path, { limit: '100', sort: 'name', order });
      expect(seen, order).toEqual(all.items.map((m) => m.id));
      expect(seen).toHaveLength(6);
    }
  });

  it('answers a garbage cursor with a 400 naming `page`', async () => {
    const org = server.buildOrg(admin);
    for (const path of [`/v1/orgs/${org.id}/teams`, `/v1/orgs/${org.id}/members`, '/v1/orgs']) {
      for (const garbage of ['garbage', encodeCursor(['x']), encodeCursor([1, 2, 3]), 'x'.repeat(600), '']) {
        const answer = await send(server.baseUrl, 'GET', `${path}?page=${encodeURIComponent(garbage)}`, {
          token: admin.token,
        });
        expect(expectError(answer, 400), `${path} ${garbage.slice(0, 20)}`).toContain('page');
      }
    }
  });
});
