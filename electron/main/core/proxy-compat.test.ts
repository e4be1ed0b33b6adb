// The proxy against REAL servers in GitBook-compatible and normal mode: it learns what each offers, and paces its
// calls by the rate-limit headers so that a burst, or a budget spent by another client, never answers 429.
// The server's windows and the pacer run on one clock the test moves, so nothing here waits for real time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../../shared/bridge.ts';
import { startTestServer, type TestServer, type TestUser } from '../../../server/test/harness.ts';
import { Pacer, type PacerClock } from './pacer.ts';
import { ApiProxy, type ProxyTarget } from './proxy.ts';

/** The servers' manual clock, with timers for the pacer that fire when the test moves it. */
function sharedClock(server: TestServer) {
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  const clock: PacerClock = {
    now: () => server.clock.now().getTime(),
    setTimeout: (run, ms) => {
      const id = ++next;
      timers.push({ at: clock.now() + ms, run, id });
      return id;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle);
    },
  };
  /** Moves the clock to the earliest timer and runs it; false when none is set. */
  const fireNext = (): boolean => {
    const due = [...timers].sort((a, b) => a.at - b.at)[0];
    if (due === undefined) return false;
    timers = timers.filter((timer) => timer !== due);
    const now = clock.now();
    if (due.at > now) server.clock.advance(due.at - now);
    due.run();
    return true;
  };
  return { clock, fireNext };
}

/** Waits for every answer, moving the clock whenever the calls under way have all been answered or queued. */
async function settle(answers: Promise<ApiResponse>[], fireNext: () => boolean): Promise<ApiResponse[]> {
  let done = false;
  const all = Promise.all(answers).finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (!done) fireNext();
  }
  return all;
}

describe('ApiProxy and a GitBook-compatible API', () => {
  let compat: TestServer;
  let admin: TestUser;
  let orgId: string;
  let proxy: ApiProxy;
  let fireNext: () => boolean;

  beforeAll(async () => {
    compat = await startTestServer({ compat: 'gitbook', rateLimit: { requests: 5, windowMs: 10_000 } });
    admin = compat.buildUser();
    orgId = compat.buildOrg(admin).id;
    const shared = sharedClock(compat);
    fireNext = shared.fireNext;
    const target: ProxyTarget = { baseUrl: compat.baseUrl, token: admin.token };
    proxy = new ApiProxy({
      pacer: new Pacer(shared.clock),
      resolve: async (profileId) =>
        profileId === 'gitbook' ? { kind: 'target', target } : { kind: 'unknown' },
    });
  });
  afterAll(async () => compat.close());

  it('answers a burst of 17 calls over a limit of 5 per window, none with 429', async () => {
    const started = compat.clock.now().getTime();
    const answers = await settle(
      Array.from({ length: 17 }, () =>
        proxy.request({ profileId: 'gitbook', method: 'GET', path: '/v1/orgs' }),
      ),
      fireNext,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(17).fill(200));
    // Four windows at least: 5 + 5 + 5 + 2.
    expect(compat.clock.now().getTime() - started).toBeGreaterThanOrEqual(30_000);
  });

  it('retries a 429 after the reset when another client spent the budget', async () => {
    // Another client with the same token spends a fresh window behind the pacer's back.
    compat.clock.advance(10_000);
    const before = compat.clock.now().getTime();
    for (let i = 0; i < 5; i++)
      await fetch(`${compat.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${admin.token}` } });
    const answers = await settle(
      [proxy.request({ profileId: 'gitbook', method: 'GET', path: `/v1/orgs/${orgId}` })],
      fireNext,
    );
    expect(answers[0]!.status).toBe(200);
    // It was refused first, then sent again once that window had reset.
    expect(compat.clock.now().getTime() - before).toBeGreaterThanOrEqual(10_000);
  });

  it('learns from the first 404 that an extension is absent, and answers it itself from then on', async () => {
    // Optional writes are absent from the start (a change is never sent to find out); reads wait for their 404.
    const writes = [
      'addSectionToGroup',
      'createOrganizationCustomField',
      'deleteOrganizationCustomField',
      'deleteSpacePermanently',
      'importContentInChangeRequest',
      'removeSectionFromGroup',
      'resendOrganizationEmailInvite',
      'revokeOrganizationEmailInvite',
      'transferSpace',
      'updateOrganizationCustomField',
      'updateSpaceCustomFields',
    ];
    expect(await proxy.capabilitiesOf('gitbook')).toEqual({ source: 'probing', absent: writes });
    const path = `/v1/orgs/${orgId}/custom-fields`;
    const [probe] = await settle([proxy.request({ profileId: 'gitbook', method: 'GET', path })], fireNext);
    expect(probe).toEqual({ status: 404, body: { error: { code: 404, message: 'Not found' } } });
    expect(await proxy.capabilitiesOf('gitbook')).toEqual({
      source: 'probing',
      absent: [...writes, 'listOrganizationCustomFields'].sort(),
    });
    const [again] = await settle([proxy.request({ profileId: 'gitbook', method: 'GET', path })], fireNext);
    expect(again).toEqual({
      status: 404,
      body: {
        error: { code: 404, message: 'This API does not offer list the custom fields of an organization.' },
      },
    });
    // A 404 of an operation GitBook publishes is about the resource, not the operation.
    await settle([proxy.request({ profileId: 'gitbook', method: 'GET', path: '/v1/spaces/nope' })], fireNext);
    expect((await proxy.capabilitiesOf('gitbook')).absent).toEqual(
      [...writes, 'listOrganizationCustomFields'].sort(),
    );
    expect(proxy.pacing('gitbook')).toMatchObject({ queued: 0, waitMs: 0, limit: 5 });
  });

  it('asks the API once when several calls of an unknown optional operation come at once', async () => {
    const path = `/v1/spaces/nope/links`;
    const calls = Array.from({ length: 4 }, () =>
      proxy.request({ profileId: 'gitbook', method: 'GET', path }),
    );
    const answers = await settle(calls, fireNext);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    // One went to the API (GitBook's 404), the others were answered here.
    expect(answers.filter((answer) => JSON.stringify(answer.body).includes('Not found'))).toHaveLength(1);
    expect((await proxy.capabilitiesOf('gitbook')).absent).toContain('listSpaceLinks');
  });
});

describe('ApiProxy and our own API', () => {
  let server: TestServer;
  let proxy: ApiProxy;
  beforeAll(async () => {
    server = await startTestServer({ rateLimit: { requests: 1000, windowMs: 60_000 } });
    const user = server.buildUser();
    const target: ProxyTarget = { baseUrl: server.baseUrl, token: user.token };
    proxy = new ApiProxy({ resolve: async () => ({ kind: 'target', target }) });
  });
  afterAll(async () => server.close());

  it('learns from /v1/openapi.json that every extension is offered, and reads the rate headers', async () => {
    expect(await proxy.capabilitiesOf('local')).toEqual({ source: 'openapi', absent: [] });
    expect(proxy.pacing('local')).toMatchObject({ queued: 0, waitMs: 0, limit: 1000, remaining: 1000 });
  });
});
