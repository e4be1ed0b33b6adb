import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectError, expectUnauthorized, send, UNKNOWN_ID } from '../../test/http-helpers.ts';

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

describe('GET /v1/users/{userId}', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers 401 without a valid token', async () => {
    await expectUnauthorized(server, 'getUserById', { params: { userId: UNKNOWN_ID } });
  });

  it('is where every user.urls.location points: the caller and the members of their organizations', async () => {
    const ada = server.buildUser({ name: 'Ada Lovelace', email: 'ada@example.org' });
    const org = server.buildOrg(ada);
    const grace = server.buildMember(org.id, 'read', { name: 'Grace Hopper' });
    const me = await ada.client.call('getAuthenticatedUser');
    const self = await send(server.baseUrl, 'GET', new URL(me.urls.location).pathname, { token: ada.token });
    expect(self.status).toBe(200);
    expect(self.body).toEqual(me);
    const colleague = await ada.client.call('getUserById', { params: { userId: grace.id } });
    expect(colleague).toMatchObject({ object: 'user', id: grace.id, displayName: 'Grace Hopper' });
    expect((await grace.client.call('getUserById', { params: { userId: ada.id } })).id).toBe(ada.id);
  });

  it('answers 404 alike for an unknown id and for a user who shares no organization with the caller', async () => {
    const ada = server.buildUser();
    server.buildOrg(ada);
    const stranger = server.buildUser();
    server.buildOrg(stranger);
    const unknown = await send(server.baseUrl, 'GET', `/v1/users/${UNKNOWN_ID}`, { token: ada.token });
    const hidden = await send(server.baseUrl, 'GET', `/v1/users/${stranger.id}`, { token: ada.token });
    expectError(unknown, 404);
    expectError(hidden, 404);
    expect(hidden.body).toEqual({
      error: { code: 404, message: `no user with id \`${stranger.id}\`` },
    });
  });
});
