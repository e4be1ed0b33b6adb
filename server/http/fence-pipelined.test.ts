/**
 * Handlers not yet on the async store still run synchronous statements on the `Database`, which refuses them while
 * one of the store's transactions is open (`Database.fenced`). Requests parsed from one chunk of a connection are
 * handled in the same turn of the event loop, so without a gate an unconverted handler's statements could run
 * between two awaits of a converted handler's transaction and answer 500. Here converted team renames are pipelined
 * with reads of unconverted operations (organization, spaces, collections) on one connection: every answer is 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { pipelined } from '../test/http-helpers.ts';
import { buildAdminOrg } from '../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('converted and unconverted handlers pipelined on one connection', () => {
  it('answers every request 200: no synchronous statement meets an open transaction', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const teamId = server.buildTeam(orgId, 'Mixed').id;
    server.buildSpace(orgId, { title: 'A space' });
    const headers = `Host: test\r\nAuthorization: Bearer ${admin.token}\r\n`;
    const reads = [`/v1/orgs/${orgId}`, `/v1/orgs/${orgId}/spaces`, `/v1/orgs/${orgId}/collections`];
    const patch = (index: number) => {
      const body = JSON.stringify({ title: `Mixed ${index}` });
      return `PATCH /v1/orgs/${orgId}/teams/${teamId} HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    };
    const space = server.buildSpace(orgId, { title: 'Renamed' }).id;
    const spacePatch = (index: number) => {
      const body = JSON.stringify({ title: `Space ${index}` });
      return `PATCH /v1/spaces/${space} HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    };
    const get = (index: number) => `GET ${reads[index % reads.length]} HTTP/1.1\r\n${headers}\r\n`;
    const requests = Array.from({ length: 12 }, (_, index) => [
      get(index),
      patch(index),
      spacePatch(index),
      get(index + 1),
      patch(index + 100),
    ]).flat();
    expect(await pipelined(server.baseUrl, requests)).toEqual(requests.map(() => 200));
  });
});
