import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectUnauthorized } from '../../test/http-helpers.ts';

describe('GET /v1/user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers 401 without a valid token', async () => {
    await expectUnauthorized(server, 'getAuthenticatedUser', {});
  });

  it('answers the user the token acts as, and nobody else', async () => {
    const ada = server.buildUser({ name: 'Ada Lovelace', email: 'ada@example.org' });
    const bob = server.buildUser({ name: 'Bob Builder' });
    const me = await ada.client.call('getAuthenticatedUser');
    expect(me).toMatchObject({
      object: 'user',
      id: ada.id,
      displayName: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect((await bob.client.call('getAuthenticatedUser')).id).toBe(bob.id);
  });
});
