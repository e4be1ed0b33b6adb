// The wired core: real sandbox server in a child process, real profile file, the bridge handlers end to end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCore, type Core } from './core.ts';
import { nodeSpawner } from './spawn.ts';
import { RESTART_MESSAGES } from './supervisor.ts';
import { MemoryVault } from './vault.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let dataDir: string;
let core: Core;
const opened: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-core-'));
  core = await startCore({
    dataDir,
    mode: 'browser',
    version: '0.1.0',
    platform: process.platform,
    spawnServer: nodeSpawner(root),
    vault: new MemoryVault(),
    openExternal: (url) => {
      opened.push(url);
    },
    backoff: { initialMs: 50, maxMs: 200 },
  });
  // Generous: the sandbox is a child process that loads the whole server, and the machine may be busy.
}, 60_000);

afterAll(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const orgTitles = async (profileId: string) => {
  const answer = await core.handlers['api.request']({ profileId, method: 'GET', path: '/v1/orgs' });
  if (!answer.ok) throw new Error(answer.error.message);
  expect(answer.value.status).toBe(200);
  return (answer.value.body as { items: { title: string }[] }).items.map((org) => org.title);
};

describe('startCore', () => {
  it('lists the local sandbox at the supervisor base URL and reaches its demo organization', async () => {
    const list = await core.handlers['profiles.list']({});
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.profiles[0]).toEqual({
      id: 'local',
      name: 'Local sandbox',
      baseUrl: core.supervisor.baseUrl,
      kind: 'local',
    });
    expect(list.value.problems).toEqual([]);
    expect(core.problems()).toEqual([]);
    expect(await orgTitles('local')).toContain('Acme Docs');
  });

  it('adds a remote profile (the sandbox itself, by URL and token) and calls it', async () => {
    const token = core.supervisor.token()!;
    const added = await core.handlers['profiles.add']({
      name: 'Loopback',
      baseUrl: core.supervisor.baseUrl!,
      token,
    });
    if (!added.ok) throw new Error(added.error.message);
    expect(await orgTitles(added.value.id)).toContain('Acme Docs');
    for (const file of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expect(readFileSync(join(file.parentPath, file.name)).includes(token)).toBe(false);
    }
  });

  it('follows the sandbox to its new base URL after a restart, and sandbox.status tells of the restart', async () => {
    expect(await core.handlers['sandbox.status']({})).toEqual({ ok: true, value: { running: true } });
    const pid = core.supervisor.pid!;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(
      async () => {
        expect(core.supervisor.pid).not.toBe(pid);
        expect(await orgTitles('local')).toContain('Acme Docs');
      },
      { timeout: 30_000, interval: 50 },
    );
    const status = await core.handlers['sandbox.status']({});
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value).toEqual({
      running: true,
      lastRestart: { id: 1, at: expect.any(String), message: RESTART_MESSAGES.exited },
    });
  });

  it('answers app.info', async () => {
    expect(await core.handlers['app.info']({})).toEqual({
      ok: true,
      value: { version: '0.1.0', mode: 'browser', platform: process.platform },
    });
  });
});
