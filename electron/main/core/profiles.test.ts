// The profile store on a real temporary folder.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/bridge.ts';
import { createBridgeHandlers } from './bridge-handlers.ts';
import { PROFILES_FILE, ProfileStore, ProfileStoreError } from './profiles.ts';
import { ApiProxy } from './proxy.ts';
import { MemoryVault } from './vault.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-profiles-'));
  dirs.push(dir);
  return dir;
};
const fixedNow = () => new Date('2026-03-01T09:00:00.000Z');
const STAMP = '2026-03-01T09-00-00-000Z';
const profile = (id: string, name = `Profile ${id}`): Profile => ({
  id,
  name,
  baseUrl: 'https://api.example.com',
  kind: 'remote',
});
const open = (dataDir: string) => {
  const store = new ProfileStore({ dataDir, now: fixedNow });
  store.load();
  return store;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('ProfileStore', () => {
  it('starts empty without a file, and without problems', () => {
    const store = open(tempDir());
    expect(store.list()).toEqual([]);
    expect(store.problems()).toEqual([]);
  });

  it('saves { version: 1, profiles } and loads it back', () => {
    const dir = tempDir();
    const store = open(dir);
    store.add(profile('a'));
    store.add({ ...profile('b'), sessionOnly: true });
    expect(JSON.parse(readFileSync(join(dir, PROFILES_FILE), 'utf8'))).toEqual({
      version: 1,
      profiles: [profile('a'), { ...profile('b'), sessionOnly: true }],
    });
    const again = open(dir);
    expect(again.list()).toEqual([profile('a'), { ...profile('b'), sessionOnly: true }]);
    expect(again.rename('a', 'Alpha')?.name).toBe('Alpha');
    expect(again.remove('b')).toBe(true);
    expect(again.remove('b')).toBe(false);
    expect(open(dir).list()).toEqual([{ ...profile('a'), name: 'Alpha' }]);
  });

  it('writes atomically: a new file renamed over the old one, no temp file left', () => {
    const dir = tempDir();
    const store = open(dir);
    store.add(profile('a'));
    const before = statSync(join(dir, PROFILES_FILE)).ino;
    store.add(profile('b'));
    expect(statSync(join(dir, PROFILES_FILE)).ino).not.toBe(before);
    expect(readdirSync(dir)).toEqual([PROFILES_FILE]);
  });

  it('on a failed write changes nothing, on disk or in memory, and leaves no temp file', () => {
    const dir = tempDir();
    const store = open(dir);
    store.add(profile('a'));
    // Replace the file by a non-empty folder: the rename over it fails, for root too.
    rmSync(join(dir, PROFILES_FILE));
    mkdirSync(join(dir, PROFILES_FILE, 'in-the-way'), { recursive: true });
    expect(() => store.add(profile('b'))).toThrow(ProfileStoreError);
    expect(() => store.add(profile('b'))).toThrow(/could not be saved/);
    expect(store.list()).toEqual([profile('a')]);
    expect(readdirSync(dir)).toEqual([PROFILES_FILE]);
  });

  it('keeps a corrupt file aside, reports it, and starts empty', () => {
    const dir = tempDir();
    writeFileSync(join(dir, PROFILES_FILE), '{"version": 1, "profiles": [');
    const store = open(dir);
    expect(store.list()).toEqual([]);
    const aside = join(dir, `${PROFILES_FILE}.corrupt-${STAMP}`);
    expect(store.problems()).toHaveLength(1);
    expect(store.problems()[0]).toMatch(/is not valid JSON/);
    expect(store.problems()[0]).toContain(aside);
    expect(readFileSync(aside, 'utf8')).toBe('{"version": 1, "profiles": [');
    store.add(profile('a'));
    expect(open(dir).list()).toEqual([profile('a')]);
    expect(readFileSync(aside, 'utf8')).toBe('{"version": 1, "profiles": [');
  });

  it('keeps aside a file of the wrong shape, a stored local profile, duplicate ids, and never overwrites an earlier one', () => {
    const dir = tempDir();
    const bad = [
      JSON.stringify({ version: 2, profiles: [] }),
      JSON.stringify({ version: 1, profiles: [{ ...profile('a'), kind: 'local' }] }),
      JSON.stringify({ version: 1, profiles: [profile('a'), profile('a')] }),
      JSON.stringify({ version: 1, profiles: [{ id: 'x' }] }),
    ];
    const problems: string[] = [];
    for (const text of bad) {
      writeFileSync(join(dir, PROFILES_FILE), text);
      problems.push(...open(dir).problems());
    }
    expect(problems[0]).toMatch(/does not hold profiles as expected \(\/version/);
    expect(problems[1]).toMatch(/kind "local"/);
    expect(problems[2]).toMatch(/twice/);
    expect(problems[3]).toMatch(/\/profiles\/0\/name/);
    const kept = readdirSync(dir)
      .filter((name) => name.includes('.corrupt-'))
      .sort();
    expect(kept).toEqual([
      `${PROFILES_FILE}.corrupt-${STAMP}`,
      `${PROFILES_FILE}.corrupt-${STAMP}-2`,
      `${PROFILES_FILE}.corrupt-${STAMP}-3`,
      `${PROFILES_FILE}.corrupt-${STAMP}-4`,
    ]);
    expect(kept.map((name) => readFileSync(join(dir, name), 'utf8')).sort()).toEqual([...bad].sort());
  });

  it('keeps an unreadable file aside too', () => {
    const dir = tempDir();
    mkdirSync(join(dir, PROFILES_FILE)); // a folder where the file should be: reading it fails
    const store = open(dir);
    expect(store.problems()[0]).toMatch(/could not be read \(EISDIR/);
    expect(statSync(join(dir, `${PROFILES_FILE}.corrupt-${STAMP}`)).isDirectory()).toBe(true);
  });

  it('never carries fields a hand-edited file added', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, PROFILES_FILE),
      JSON.stringify({ version: 1, profiles: [{ ...profile('a'), token: 'hand-written-secret' }] }),
    );
    const store = open(dir);
    expect(store.list()).toEqual([profile('a')]);
    store.add(profile('b'));
    expect(readFileSync(join(dir, PROFILES_FILE), 'utf8')).not.toContain('hand-written-secret');
  });
});

describe('no secret on disk', () => {
  it('keeps the token out of profiles.json and out of every file of the data folder', async () => {
    const dataDir = tempDir();
    const profiles = open(dataDir);
    const vault = new MemoryVault();
    const handlers = createBridgeHandlers({
      info: { version: '0.0.0', mode: 'browser', platform: 'test' },
      profiles,
      vault,
      sessionVault: new MemoryVault(),
      sandbox: { baseUrl: undefined, token: () => undefined, problem: () => undefined },
      proxy: new ApiProxy({ resolve: async () => ({ kind: 'unknown' }) }),
      openExternal: () => undefined,
    });
    const token = 'gb_api_SuperSecretToken_0123456789abcdef';
    const added = await handlers['profiles.add']({
      name: 'Hosted',
      baseUrl: 'https://api.gitbook.com/v1',
      token,
    });
    expect(added.ok).toBe(true);
    const session = await handlers['profiles.add']({
      name: 'Session',
      baseUrl: 'https://api.gitbook.com',
      token: `${token}-session`,
      sessionOnly: true,
    });
    expect(session.ok).toBe(true);
    if (!added.ok) return;
    expect(await vault.get(added.value.id)).toBe(token);
    expect(readFileSync(join(dataDir, PROFILES_FILE), 'utf8')).toContain('"Hosted"');
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const content = readFileSync(join(file.parentPath, file.name));
      expect(content.includes(token), file.name).toBe(false);
    }
  });
});
