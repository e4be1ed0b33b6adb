// The bridge handlers (rename, remove, test, API calls, links) with real profile files and a REAL server.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHandlerFixture, type HandlerFixture, type SetupOptions } from './bridge-handlers.fixture.ts';
import { PROFILES_FILE } from './profiles.ts';

let fx: HandlerFixture;
beforeAll(async () => {
  fx = await startHandlerFixture();
});
afterAll(() => fx.close());
const setup = (options?: SetupOptions) => fx.setup(options);
const add: HandlerFixture['add'] = (...args) => fx.add(...args);

describe('profiles.rename and profiles.remove', () => {
  it('renames, refusing conflicts (409), the local profile (400) and unknown ids (404)', async () => {
    const { handlers } = setup();
    const a = await add(handlers, 'Alpha');
    await add(handlers, 'Beta');
    if (!a.ok) throw new Error(a.error.message);
    expect(await handlers['profiles.rename']({ id: a.value.id, name: 'Gamma' })).toMatchObject({
      ok: true,
      value: { id: a.value.id, name: 'Gamma' },
    });
    expect(await handlers['profiles.rename']({ id: a.value.id, name: 'GAMMA' })).toMatchObject({ ok: true });
    expect(await handlers['profiles.rename']({ id: a.value.id, name: 'beta' })).toMatchObject({
      ok: false,
      error: { code: 409 },
    });
    expect(await handlers['profiles.rename']({ id: 'local', name: 'Mine' })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(await handlers['profiles.rename']({ id: 'nope', name: 'Mine' })).toMatchObject({
      ok: false,
      error: { code: 404 },
    });
  });

  it('removes the profile and deletes its vault item; refuses the local profile and unknown ids', async () => {
    const { handlers, vault, profiles } = setup();
    const a = await add(handlers, 'Alpha');
    if (!a.ok) throw new Error(a.error.message);
    expect(await handlers['profiles.remove']({ id: a.value.id })).toEqual({ ok: true, value: {} });
    expect(await vault.get(a.value.id)).toBeUndefined();
    expect(profiles.get(a.value.id)).toBeUndefined();
    expect(await handlers['profiles.remove']({ id: 'local' })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(await handlers['profiles.remove']({ id: a.value.id })).toMatchObject({
      ok: false,
      error: { code: 404 },
    });
  });

  it('puts the token back when the file cannot be saved', async () => {
    const { handlers, vault, dataDir, profiles } = setup();
    const a = await add(handlers, 'Alpha');
    if (!a.ok) throw new Error(a.error.message);
    rmSync(join(dataDir, PROFILES_FILE));
    mkdirSync(join(dataDir, PROFILES_FILE, 'in-the-way'), { recursive: true });
    expect(await handlers['profiles.remove']({ id: a.value.id })).toMatchObject({
      ok: false,
      error: { code: 500 },
    });
    expect(await vault.get(a.value.id)).toBe(fx.owner.token);
    expect(profiles.get(a.value.id)).toBeDefined();
  });
});

describe('profiles.test', () => {
  it('tests a base URL and token against the real API, storing nothing', async () => {
    const { handlers, profiles } = setup();
    const good = await handlers['profiles.test']({ baseUrl: fx.api.baseUrl, token: fx.owner.token });
    const me = await fx.owner.client.call('getAuthenticatedUser');
    expect(good).toEqual({
      ok: true,
      value: {
        ok: true,
        status: 200,
        message: `Connected as ${me.displayName} (${fx.owner.email}): the token sees 1 organization.`,
        organizations: 1,
        user: { displayName: me.displayName, email: fx.owner.email },
      },
    });
    const bad = await handlers['profiles.test']({ baseUrl: fx.api.baseUrl, token: 'wrong-token-000000' });
    expect(bad).toMatchObject({
      ok: true,
      value: {
        ok: false,
        status: 401,
        message: 'The API refused this token: check that it was copied whole and has not been revoked.',
        detail: expect.any(String) as unknown,
      },
    });
    const dead = await handlers['profiles.test']({ baseUrl: 'http://127.0.0.1:1', token: 'x' });
    expect(dead).toMatchObject({ ok: true, value: { ok: false, status: 0 } });
    if (dead.ok) expect(dead.value.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:1/);
    expect(await handlers['profiles.test']({ baseUrl: 'http://x.example', token: 'x' })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(profiles.list()).toEqual([]);
  });

  it('tests a saved profile and the local sandbox; an unknown id is 404', async () => {
    const { handlers } = setup();
    const a = await add(handlers, 'Alpha');
    if (!a.ok) throw new Error(a.error.message);
    expect(await handlers['profiles.test']({ profileId: a.value.id })).toMatchObject({
      ok: true,
      value: { ok: true },
    });
    expect(await handlers['profiles.test']({ profileId: 'local' })).toMatchObject({
      ok: true,
      value: { ok: true },
    });
    expect(await handlers['profiles.test']({ profileId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 404 },
    });
  });
});

describe('profiles.setToken', () => {
  it('replaces the token of a remote profile, in the keychain, without a trace in the answer', async () => {
    const { handlers, vault } = setup();
    const a = await add(handlers, 'Alpha');
    if (!a.ok) throw new Error(a.error.message);
    const other = fx.api.buildUser();
    expect(await handlers['profiles.setToken']({ id: a.value.id, token: ` ${other.token} ` })).toEqual({
      ok: true,
      value: {},
    });
    expect(await vault.get(a.value.id)).toBe(other.token);
    const tested = await handlers['profiles.test']({ profileId: a.value.id });
    expect(tested.ok && tested.value.user?.email).toBe(other.email);
  });

  it('refuses the local sandbox (400), an unknown profile (404) and a token with inner spaces (400)', async () => {
    const { handlers, vault } = setup();
    const a = await add(handlers, 'Alpha');
    if (!a.ok) throw new Error(a.error.message);
    expect(await handlers['profiles.setToken']({ id: 'local', token: 'x' })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(await handlers['profiles.setToken']({ id: 'nope', token: 'x' })).toMatchObject({
      ok: false,
      error: { code: 404 },
    });
    expect(await handlers['profiles.setToken']({ id: a.value.id, token: 'a b' })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(await vault.get(a.value.id)).toBe(fx.owner.token);
  });
});

describe('api.request, api.cancel, shell.openExternal', () => {
  it('calls the API through the proxy; refuses bad paths in the API error shape; 404 for an unknown profile', async () => {
    const { handlers } = setup();
    const call = await handlers['api.request']({ profileId: 'local', method: 'GET', path: '/v1/orgs' });
    expect(call).toMatchObject({ ok: true, value: { status: 200 } });
    const refused = await handlers['api.request']({
      profileId: 'local',
      method: 'GET',
      path: '//evil/v1/orgs',
    });
    expect(refused).toMatchObject({ ok: true, value: { status: 400, body: { error: { code: 400 } } } });
    const unknown = await handlers['api.request']({ profileId: 'nope', method: 'GET', path: '/v1/orgs' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 404 } });
    expect(await handlers['api.cancel']({ requestId: 'nothing-under-way' })).toEqual({ ok: true, value: {} });
  });

  it('tells what the API offers and how its calls are paced; 404 for an unknown profile, 400 for a bad one', async () => {
    const { handlers } = setup();
    // The local sandbox is our server: its /v1/openapi.json says every extension is there.
    expect(await handlers['api.capabilities']({ profileId: 'local' })).toEqual({
      ok: true,
      value: { source: 'openapi', absent: [] },
    });
    await handlers['api.request']({ profileId: 'local', method: 'GET', path: '/v1/orgs' });
    // This server sends no rate-limit headers: nothing is paced, nothing known of a limit.
    expect(await handlers['api.pacing']({ profileId: 'local' })).toEqual({
      ok: true,
      value: { queued: 0, waitMs: 0 },
    });
    for (const channel of ['api.capabilities', 'api.pacing'] as const) {
      expect(await handlers[channel]({ profileId: 'nope' })).toMatchObject({
        ok: false,
        error: { code: 404 },
      });
      expect(await handlers[channel]({ profile: 'local' })).toMatchObject({
        ok: false,
        error: { code: 400 },
      });
    }
  });

  it('opens https: and mailto: links only', async () => {
    const { handlers, opened } = setup();
    const open = async (url: string) => {
      const answer = await handlers['shell.openExternal']({ url });
      return answer.ok ? answer.value.opened : undefined;
    };
    expect(await open('https://docs.example.com/page?a=1')).toBe(true);
    expect(await open('mailto:someone@example.com')).toBe(true);
    for (const url of [
      'http://docs.example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'HTTPS//missing-colon',
      'https://user:pw@docs.example.com',
      'vbscript:x',
      'data:text/html,x',
    ]) {
      expect(await open(url), url).toBe(false);
    }
    expect(opened).toEqual(['https://docs.example.com/page?a=1', 'mailto:someone@example.com']);
    const failing = setup({ openFails: true });
    expect(await failing.handlers['shell.openExternal']({ url: 'https://x.example' })).toEqual({
      ok: true,
      value: { opened: false },
    });
  });
});

describe('token confinement', () => {
  it('no answer of any test above carries a token', () => {
    expect(fx.answers.length).toBeGreaterThan(20);
    expect(JSON.stringify(fx.answers)).not.toContain(fx.owner.token);
  });
});
