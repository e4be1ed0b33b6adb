// The bridge handlers (validation, listing, adding) with a real profile store, memory vaults and a REAL server.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../shared/bridge.ts';
import type { BridgeHandlers } from './bridge-handlers.ts';
import {
  startHandlerFixture,
  UnreachableVault,
  type HandlerFixture,
  type SetupOptions,
} from './bridge-handlers.fixture.ts';
import { PROFILES_FILE } from './profiles.ts';

let fx: HandlerFixture;
beforeAll(async () => {
  fx = await startHandlerFixture();
});
afterAll(() => fx.close());
const setup = (options?: SetupOptions) => fx.setup(options);
const add: HandlerFixture['add'] = (...args) => fx.add(...args);

describe('validation', () => {
  const cases: [string, unknown, RegExp][] = [
    ['app.info', null, /^request /],
    ['profiles.list', 'x', /^request /],
    ['sandbox.status', 'x', /^request /],
    ['profiles.add', {}, /^name is required$/],
    ['profiles.add', { name: '', baseUrl: 'https://x', token: 't' }, /^name must not be empty$/],
    [
      'profiles.add',
      { name: 'Evil\u202Eeman', baseUrl: 'https://x', token: 't' },
      /^name must have a visible/,
    ],
    ['profiles.add', { name: 'N', token: 't' }, /^baseUrl is required$/],
    ['profiles.add', { name: 'N', baseUrl: 'https://x' }, /^token is required$/],
    ['profiles.add', { name: 'N', baseUrl: 'https://x', token: 'a'.repeat(4097) }, /^token /],
    ['profiles.add', { name: 'N', baseUrl: 'https://x', token: 't', sessionOnly: 'yes' }, /^sessionOnly /],
    ['profiles.rename', { id: 'x' }, /^name is required$/],
    ['profiles.rename', { name: 'x' }, /^id is required$/],
    ['profiles.remove', {}, /^id is required$/],
    ['profiles.test', {}, /^baseUrl is required$/],
    ['profiles.test', { profileId: 5 }, /^profileId /],
    ['api.request', { profileId: 'local', method: 'GET' }, /^path is required$/],
    ['api.request', { profileId: 'local', method: 'TRACE', path: '/v1/orgs' }, /^method /],
    [
      'api.request',
      { profileId: 'local', method: 'GET', path: '/v1/orgs', query: { a: { b: 1 } } },
      /^query\.a /,
    ],
    ['api.cancel', {}, /^requestId is required$/],
    ['shell.openExternal', { url: 5 }, /^url /],
  ];

  it.each(cases)('%s refuses %j naming the field', async (channel, request, message) => {
    const { handlers } = setup();
    const answer = await handlers[channel as keyof BridgeHandlers](request);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe(400);
    expect(answer.error.message).toMatch(message);
  });

  it('never throws across the bridge, whatever comes in', async () => {
    const { handlers } = setup();
    for (const name of CHANNEL_NAMES) {
      for (const request of [undefined, 42, [], 'text', { __proto__: { name: 'x' } }]) {
        const answer = await handlers[name](request);
        expect(typeof answer.ok).toBe('boolean');
      }
    }
  });
});

describe('app.info and profiles.list', () => {
  it('answers the version, mode and platform', async () => {
    expect(await setup().handlers['app.info']({})).toEqual({
      ok: true,
      value: { version: '1.2.3', mode: 'desktop', platform: 'linux' },
    });
  });

  it('lists the local profile first, then stored ones, with the vault status and problems', async () => {
    const { handlers } = setup();
    await add(handlers, 'Second');
    const answer = await handlers['profiles.list']({});
    if (!answer.ok) throw new Error(answer.error.message);
    expect(
      answer.value.profiles.map((profile) => [profile.id === 'local', profile.name, profile.kind]),
    ).toEqual([
      [true, 'Local sandbox', 'local'],
      [false, 'Second', 'remote'],
    ]);
    expect(answer.value.profiles[0]?.baseUrl).toBe(fx.api.baseUrl);
    expect(answer.value.vault).toEqual({ available: true });
    expect(answer.value.problems).toEqual(['an extra problem']);
  });
});

describe('profiles.add', () => {
  it('stores the token in the vault and the profile in the file', async () => {
    const { handlers, vault, profiles } = setup();
    const answer = await add(handlers, '  Hosted  ');
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value).toMatchObject({ name: 'Hosted', baseUrl: fx.api.baseUrl, kind: 'remote' });
    expect(answer.value.sessionOnly).toBeUndefined();
    expect(await vault.get(answer.value.id)).toBe(fx.owner.token);
    expect(profiles.get(answer.value.id)).toEqual(answer.value);
  });

  it.each([
    ['http://docs.example.com', 400, /https/],
    ['ftp://docs.example.com', 400, /https/],
    ['not a url', 400, /not a URL/],
    ['https://user:pass@docs.example.com', 400, /user name or password/],
    ['https://docs.example.com/?a=1', 400, /query/],
    ['https://docs.example.com/#top', 400, /fragment/],
    ['https://docs.example.com?', 400, /query/],
  ])('refuses the base URL %s', async (baseUrl, code, message) => {
    const answer = await setup().handlers['profiles.add']({ name: 'X', baseUrl, token: 'tok' });
    expect(answer).toMatchObject({ ok: false, error: { code } });
    if (!answer.ok) expect(answer.error.message).toMatch(message);
  });

  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:9000/', 'http://localhost:9000'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['https://api.gitbook.com/v1', 'https://api.gitbook.com'],
    ['https://api.gitbook.com/v1/', 'https://api.gitbook.com'],
    ['  https://Docs.Example.com/api/  ', 'https://docs.example.com/api'],
  ])('accepts the base URL %s as %s', async (baseUrl, stored) => {
    const answer = await setup().handlers['profiles.add']({ name: 'X', baseUrl, token: 'tok' });
    expect(answer).toMatchObject({ ok: true, value: { baseUrl: stored } });
  });

  it('trims the token and refuses one with inner spaces', async () => {
    const { handlers, vault } = setup();
    const answer = await handlers['profiles.add']({
      name: 'T',
      baseUrl: 'https://x.example',
      token: '  abc\n',
    });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(await vault.get(answer.value.id)).toBe('abc');
    const spaced = await handlers['profiles.add']({ name: 'U', baseUrl: 'https://x.example', token: 'a b' });
    expect(spaced).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('refuses a name in use, whatever its case (409), the local one included', async () => {
    const { handlers } = setup();
    await add(handlers, 'Production');
    expect(await add(handlers, 'production')).toMatchObject({ ok: false, error: { code: 409 } });
    expect(await add(handlers, 'LOCAL SANDBOX')).toMatchObject({ ok: false, error: { code: 409 } });
  });

  it('lets only one of two simultaneous adds of the same name through, leaving no stray token', async () => {
    let n = 0;
    const { handlers, vault, profiles } = setup({ newId: () => `twin-${++n}` });
    const results = await Promise.all([add(handlers, 'Twin'), add(handlers, 'twin')]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ error: { code: 409 } }]);
    expect(profiles.list()).toHaveLength(1);
    const kept = profiles.list()[0]!.id;
    const other = kept === 'twin-1' ? 'twin-2' : 'twin-1';
    expect(await vault.get(kept)).toBe(fx.owner.token);
    expect(await vault.get(other)).toBeUndefined();
  });

  it('without a keychain refuses with 503 and offers the session only; with sessionOnly keeps it in memory', async () => {
    const first = setup({ vault: new UnreachableVault() });
    const refused = await add(first.handlers, 'No keychain');
    expect(refused).toMatchObject({ ok: false, error: { code: 503 } });
    if (!refused.ok) expect(refused.error.message).toMatch(/No keychain is reachable.*session only/);
    expect(first.profiles.list()).toEqual([]);

    const kept = await add(first.handlers, 'No keychain', { sessionOnly: true });
    if (!kept.ok) throw new Error(kept.error.message);
    expect(kept.value.sessionOnly).toBe(true);
    expect(await first.sessionVault.get(kept.value.id)).toBe(fx.owner.token);
    const call = await first.handlers['api.request']({
      profileId: kept.value.id,
      method: 'GET',
      path: '/v1/orgs',
    });
    expect(call).toMatchObject({ ok: true, value: { status: 200 } });

    // After a restart the profile is still there, without its token, and says so.
    const later = setup({ vault: new UnreachableVault(), dataDir: first.dataDir });
    const again = await later.handlers['api.request']({
      profileId: kept.value.id,
      method: 'GET',
      path: '/v1/orgs',
    });
    expect(again).toMatchObject({ ok: true, value: { status: 401 } });
    if (again.ok) expect(JSON.stringify(again.value.body)).toMatch(/earlier session only/);
    const tested = await later.handlers['profiles.test']({ profileId: kept.value.id });
    expect(tested).toMatchObject({ ok: true, value: { ok: false, status: 0 } });
  });

  it('writes nothing half: when the file cannot be saved the token is deleted again', async () => {
    const { handlers, vault, dataDir, profiles } = setup({ newId: () => 'fixed-id' });
    rmSync(join(dataDir, PROFILES_FILE), { force: true });
    mkdirSync(join(dataDir, PROFILES_FILE, 'in-the-way'), { recursive: true });
    const answer = await add(handlers, 'Doomed');
    expect(answer).toMatchObject({ ok: false, error: { code: 500 } });
    if (!answer.ok) expect(answer.error.message).toMatch(/could not be saved/);
    expect(await vault.get('fixed-id')).toBeUndefined();
    expect(profiles.list()).toEqual([]);
  });
});

describe('token confinement', () => {
  it('no answer of any test above carries a token', () => {
    expect(fx.answers.length).toBeGreaterThan(20);
    expect(JSON.stringify(fx.answers)).not.toContain(fx.owner.token);
  });
});
