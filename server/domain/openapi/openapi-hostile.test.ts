/**
 * Hostile OpenAPI documents over HTTP: a document whose references expand exponentially, a run over its budget, and
 * restarts on the same data. Each ends in a coded error the spec shows (`lastProcessErrorCode`,
 * `lastProcessedErrors`), while the server goes on answering; no restart runs a job that keeps killing the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStorage, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  buildAdminOrg,
  createProcessed,
  expectCall,
  exponentialDocument,
  type Fixture,
  getSpec,
  OPENAPI_30_YAML,
  startFixture,
} from '../../test/factories.ts';

let server: TestServer;
let fixture: Fixture;
let admin: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateFetch: true });
  fixture = await startFixture();
  ({ admin, orgId } = buildAdminOrg(server));
});
afterAll(async () => {
  await fixture.close();
  await server.close();
});

/** Creates a spec from a held URL and waits until its run fetches it (the job is running then). */
async function createHeld(on: TestServer, user: TestUser, org: string, slug: string) {
  fixture.set(`/${slug}.json`, exponentialDocument(40));
  const held = fixture.hold(`/${slug}.json`);
  await expectCall(
    on,
    user,
    'createOpenAPISpec',
    { params: { organizationId: org }, body: { slug, source: { url: fixture.url(`/${slug}.json`) } } },
    201,
  );
  await held.arrived;
  return held;
}

/** The server answers: a list and a read, as any client would send meanwhile. */
async function expectAnswering(on: TestServer, user: TestUser, org: string): Promise<void> {
  await expectCall(on, user, 'listOpenAPISpecs', { params: { organizationId: org } }, 200);
  await expectCall(on, user, 'getOrganizationById', { params: { organizationId: org } }, 200);
}

describe('an OpenAPI document whose references expand exponentially', () => {
  it('ends in PARSE_ERROR naming the expansion, and the server answers other requests while it is processed', async () => {
    const held = await createHeld(server, admin, orgId, 'exponential');
    expect((await getSpec(server, admin, orgId, 'exponential')).processingState).toBe('progress');
    await expectAnswering(server, admin, orgId);
    held.release();
    // Sent while the released document is parsed and expanded (or just after): answered either way.
    await expectAnswering(server, admin, orgId);
    await server.whenJobsIdle();
    const spec = await getSpec(server, admin, orgId, 'exponential');
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec).not.toHaveProperty('lastVersion');
    expect(spec.lastProcessedErrors).toEqual([
      { code: 'PARSE_ERROR', message: expect.stringMatching(/references expand to more than [\d,]+ values/) },
    ]);
  });

  it('sent as text (about 5 KB, accepted with 201): the same error', async () => {
    const text = JSON.stringify(exponentialDocument(40));
    expect(text.length).toBeLessThan(8_000);
    const spec = await createProcessed(server, admin, orgId, 'exponential-text', { text });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec.lastProcessedErrors?.[0]?.message).toMatch(/references expand/);
  });

  it('a short chain of the same shape is a valid document', async () => {
    const spec = await createProcessed(server, admin, orgId, 'short-chain', {
      text: JSON.stringify(exponentialDocument(6)),
    });
    expect(spec).toMatchObject({ processingState: 'complete' });
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
  });
});

describe('a run over its budget', () => {
  it('is stopped with its worker, tried 3 times, then failed with a coded error; the server answers throughout', async () => {
    const limited = await startTestServer({
      jobs: { runner: { budgets: { 'openapi.process': { timeMs: 1 } } }, queue: { retryDelayMs: 0 } },
    });
    try {
      const { admin: owner, orgId: org } = buildAdminOrg(limited);
      await expectCall(
        limited,
        owner,
        'createOpenAPISpec',
        { params: { organizationId: org }, body: { slug: 'slow', source: { text: OPENAPI_30_YAML } } },
        201,
      );
      await expectAnswering(limited, owner, org);
      await limited.whenJobsIdle();
      const spec = await getSpec(limited, owner, org, 'slow');
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
      expect(spec.lastProcessedErrors?.[0]?.message).toBe(
        'processing the document took longer than the server allows; it was stopped after 3 attempts',
      );
      expect(
        limited.db.all(limited.db.q.selectFrom('jobs').selectAll().where('kind', '=', 'openapi-process')),
      ).toEqual([]);
      await expectAnswering(limited, owner, org);
    } finally {
      await limited.close();
    }
  });
});

describe('restarts on the same data', () => {
  it('a server started while a hostile document was being processed answers at once, and the document still fails', async () => {
    const first = await startTestServer({ allowPrivateFetch: true });
    const { admin: owner, orgId: org } = buildAdminOrg(first);
    const held = await createHeld(first, owner, org, 'restarted');
    await first.close({ keepData: true });
    held.release();
    const second = await startTestServer({ allowPrivateFetch: true, dataDir: first.dataDir });
    try {
      await expectAnswering(second, owner, org);
      await second.whenJobsIdle();
      const spec = await getSpec(second, owner, org, 'restarted');
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
      expect(spec.lastProcessedErrors?.[0]?.message).toMatch(/references expand/);
    } finally {
      await second.close();
    }
  });

  it('a job whose runs kept killing the server is failed at the next start, without running again', async () => {
    const first = await startTestServer({ allowPrivateFetch: true });
    const { admin: owner, orgId: org } = buildAdminOrg(first);
    const held = await createHeld(first, owner, org, 'killer');
    await first.close({ keepData: true });
    held.release();
    // As a process killed during the job's last allowed run leaves it: running, 3 attempts, its lease expired.
    const stopped = await openTestStorage(first.dataDir);
    const { db } = stopped;
    db.run(
      db.q
        .updateTable('jobs')
        .set({
          state: 'running',
          attempts: 3,
          lease_owner: 'a dead process',
          lease_until: '2000-01-01T00:00:00.000Z',
        })
        .where('kind', '=', 'openapi-process'),
    );
    await stopped.close(true);
    const fetchesBefore = fixture.requested.filter((path) => path === '/killer.json').length;
    const second = await startTestServer({ allowPrivateFetch: true, dataDir: first.dataDir });
    try {
      await expectAnswering(second, owner, org);
      await second.whenJobsIdle();
      const spec = await getSpec(second, owner, org, 'killer');
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
      expect(spec.lastProcessedErrors?.[0]?.message).toMatch(/stopped after 3 attempts$/);
      expect(fixture.requested.filter((path) => path === '/killer.json')).toHaveLength(fetchesBefore);
    } finally {
      await second.close();
    }
  });
});
