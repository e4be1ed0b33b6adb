/**
 * The rate limit of requests without a valid token, per client address, over HTTP: 401s until the address is over
 * its limit, then 429 with `Retry-After` in the error shape; a valid token from the same address is not held back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { ensureUser, issueToken } from '../domain/organizations/commands.ts';
import { openDatabase, type Database } from '../storage/database.ts';
import { expectError, send } from '../test/http-helpers.ts';
import { addressKey } from './anonymous-limit.ts';

const LIMIT = { requests: 5, windowMs: 60_000 };
let dir: string;
let db: Database;
let app: FastifyInstance;
let baseUrl: string;
const clock = new ManualClock('2026-03-01T09:00:00.000Z');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docs-admin-anonymous-'));
  db = openDatabase(dir);
  app = buildApp({ db, clock, anonymousRateLimit: LIMIT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits until the address's bucket is full again. */
const refill = () => clock.advance(LIMIT.windowMs);

describe('requests without a valid token, per client address', () => {
  it('answers 401 up to the limit, then 429 with Retry-After in the error shape', async () => {
    refill();
    const attempts = [
      {},
      { token: 'x'.repeat(40) },
      { headers: { authorization: 'Basic abc' } },
      { token: 'unknown-token-0000000000' },
      {},
    ];
    for (const attempt of attempts) expectError(await send(baseUrl, 'GET', '/v1/orgs', attempt), 401);
    const refused = await send(baseUrl, 'GET', '/v1/orgs');
    expectError(refused, 429, 'without a valid token');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter)).toBe(true);
    // Still refused until the wait is over, whatever the path or the bad token.
    expectError(await send(baseUrl, 'POST', '/v1/collections/x/move', { body: { parent: null } }), 429);
    expectError(await send(baseUrl, 'GET', '/v1/orgs', { token: 'still-unknown-token-000' }), 429);
    clock.advance(retryAfter * 1000);
    expectError(await send(baseUrl, 'GET', '/v1/orgs'), 401);
  });

  it('does not hold back a valid token from the same address', async () => {
    refill();
    const { id } = ensureUser(db, clock.now(), 'valid@example.com');
    const token = issueToken(db, clock.now(), id, 'test');
    for (let i = 0; i < LIMIT.requests + 3; i++) await send(baseUrl, 'GET', '/v1/orgs');
    expectError(await send(baseUrl, 'GET', '/v1/orgs'), 429);
    const answer = await send(baseUrl, 'GET', '/v1/orgs', { token });
    expect(answer.status).toBe(200);
  });

  it('counts /v1/openapi.json, which takes no token', async () => {
    refill();
    for (let i = 0; i < LIMIT.requests; i++)
      expect((await send(baseUrl, 'GET', '/v1/openapi.json')).status).toBe(200);
    const refused = await send(baseUrl, 'GET', '/v1/openapi.json');
    expectError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is off when rate limiting is off, unless asked for', () => {
    const off = buildApp({ db, clock, rateLimit: null });
    const on = buildApp({ db, clock, rateLimit: null, anonymousRateLimit: LIMIT });
    return Promise.all([checkLimited(off, false), checkLimited(on, true)]);
  });
});

/** Whether `LIMIT.requests + 1` requests without a token end in a 429, with `inject` (no socket). */
async function checkLimited(candidate: FastifyInstance, limited: boolean): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT.requests; i++)
    statuses.push((await candidate.inject({ method: 'GET', url: '/v1/orgs' })).statusCode);
  await candidate.close();
  expect(statuses.at(-1)).toBe(limited ? 429 : 401);
}

describe('addressKey', () => {
  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
