/**
 * The store's refusals over HTTP: a duplicate unique key written through `services.store` is a 409, a transaction
 * that kept failing to serialize a 503 with Retry-After, both in the API's error shape. The handlers here stand in
 * for converted ones (the routing layer's `handlers` option) on the real server and database.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { insertRow } from '../storage/prepared.ts';
import { BusyError } from '../storage/store/store.ts';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectError, send } from '../test/http-helpers.ts';
import type { Handlers } from './context.ts';

const teamIds = (server: TestServer, orgId: string) =>
  server.db
    .all(server.db.q.selectFrom('teams').select('id').where('organization_id', '=', orgId).orderBy('id'))
    .map((row) => row.id);

describe('store refusals over HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  let orgId: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = server.buildUser();
    orgId = server.buildOrg(admin).id;
    const handlers: Handlers = {
      // Two teams in one transaction, the second with the id of an existing team: the primary key refuses it.
      createOrganizationTeam: async ({ params, body, services: { store } }) => {
        await store.transaction(async (tx) => {
          const team = (id: string) => ({
            id,
            organization_id: params.organizationId,
            title: body.title,
            created_at: '2026-03-01T09:00:00.000Z',
          });
          await tx.run(insertRow('teams', team('written-first')));
          await tx.run(insertRow('teams', team('taken')));
        });
        throw new Error('unreachable: the transaction must have been refused');
      },
      updateTeamInOrganizationById: async ({ services: { store } }) =>
        store.transaction(async () => {
          throw new BusyError('could not serialize access due to concurrent update (8 attempts)');
        }),
    };
    app = buildApp({ ...server.appStorage, clock: server.clock, rateLimit: null, handlers });
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('answers 409 for a duplicate unique key, and writes nothing of the transaction', async () => {
    const existing = server.buildTeam(orgId, 'Existing').id;
    server.db.run(server.db.q.updateTable('teams').set({ id: 'taken' }).where('id', '=', existing));
    const answer = await send(baseUrl, 'PUT', `/v1/orgs/${orgId}/teams`, {
      token: admin.token,
      body: { title: 'Second' },
    });
    expect(expectError(answer, 409)).toMatch(/the unique key teams \(id\) is already taken/);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(teamIds(server, orgId)).toEqual(['taken']);
  });

  it('answers 503 with Retry-After: 1 for a transaction that kept failing to serialize', async () => {
    const team = server.buildTeam(orgId, 'Busy').id;
    const answer = await send(baseUrl, 'PATCH', `/v1/orgs/${orgId}/teams/${team}`, {
      token: admin.token,
      body: { title: 'Renamed' },
    });
    expect(expectError(answer, 503)).toMatch(/busy/);
    expect(answer.headers.get('retry-after')).toBe('1');
  });
});
