// The local sandbox supervisor with the REAL server in a child process (nodeSpawner).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { nodeSpawner } from './spawn.ts';
import { LocalServerSupervisor, type SandboxStatus } from './supervisor.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dirs: string[] = [];
const supervisors: LocalServerSupervisor[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-supervisor-'));
  dirs.push(dir);
  return dir;
};
const supervise = (dataDir: string, spawnRoot = root) => {
  const supervisor = new LocalServerSupervisor({
    dataDir,
    spawnServer: nodeSpawner(spawnRoot),
    backoff: { initialMs: 50, maxMs: 400 },
    startTimeoutMs: 30_000,
  });
  supervisors.push(supervisor);
  return supervisor;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function healthy(baseUrl: string | undefined): Promise<boolean> {
  if (baseUrl === undefined) return false;
  try {
    return (await fetch(`${baseUrl}/health`)).status === 200;
  } catch {
    return false;
  }
}

async function orgTitles(baseUrl: string, token: string): Promise<{ status: number; titles: string[] }> {
  const response = await fetch(`${baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { items?: { title: string }[] };
  return { status: response.status, titles: (body.items ?? []).map((org) => org.title) };
}

afterAll(async () => {
  await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('LocalServerSupervisor', () => {
  const dataDir = tempDir();
  const supervisor = supervise(dataDir);
  const changes: SandboxStatus[] = [];
  supervisor.onChange((status) => changes.push(status));
  let firstToken = '';

  it('starts the server with the demo seeded, healthy, with a working sandbox token', async () => {
    await supervisor.start();
    expect(supervisor.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await healthy(supervisor.baseUrl)).toBe(true);
    firstToken = supervisor.token() ?? '';
    expect(firstToken).not.toBe('');
    const orgs = await orgTitles(supervisor.baseUrl!, firstToken);
    expect(orgs.status).toBe(200);
    expect(orgs.titles).toContain('Acme Docs');
    expect(changes.map((change) => change.state)).toEqual(['starting', 'running']);
  });

  it('restarts a killed server, and the new base URL and the token work', async () => {
    const oldPid = supervisor.pid!;
    const oldUrl = supervisor.baseUrl;
    process.kill(oldPid, 'SIGKILL');
    await vi.waitFor(
      async () => {
        expect(supervisor.pid).toBeDefined();
        expect(supervisor.pid).not.toBe(oldPid);
        expect(await healthy(supervisor.baseUrl)).toBe(true);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(alive(oldPid)).toBe(false);
    expect(changes.some((change) => change.state === 'restarting')).toBe(true);
    expect(changes.at(-1)?.state).toBe('running');
    expect(changes.at(-1)?.baseUrl).toBe(supervisor.baseUrl);
    if (oldUrl !== supervisor.baseUrl) expect(await healthy(oldUrl)).toBe(false);
    const orgs = await orgTitles(supervisor.baseUrl!, supervisor.token()!);
    expect(orgs.titles).toContain('Acme Docs');
  });

  it('stops the server and does not restart it', async () => {
    const pid = supervisor.pid!;
    await supervisor.stop();
    expect(alive(pid)).toBe(false);
    expect(supervisor.baseUrl).toBeUndefined();
    expect(supervisor.status().state).toBe('stopped');
    expect(supervisor.pid).toBeUndefined();
  });

  it('on a later start keeps the data, does not seed again and mints a new token', async () => {
    const again = supervise(dataDir);
    await again.start();
    const fresh = again.token()!;
    expect(fresh).not.toBe(firstToken);
    const orgs = await orgTitles(again.baseUrl!, fresh);
    expect(orgs.titles.filter((title) => title === 'Acme Docs')).toHaveLength(1);
    expect((await orgTitles(again.baseUrl!, firstToken)).status).toBe(401);
    const pid = again.pid!;
    await again.stop();
    expect(alive(pid)).toBe(false);
  });

  it('reports a server that exits before it is ready', async () => {
    const fakeRoot = tempDir();
    mkdirSync(join(fakeRoot, 'server'));
    writeFileSync(join(fakeRoot, 'server', 'cli.ts'), 'console.error("boom"); process.exit(3);\n');
    const lines: string[] = [];
    const broken = new LocalServerSupervisor({
      dataDir: tempDir(),
      spawnServer: nodeSpawner(fakeRoot),
      log: (line) => lines.push(line),
    });
    supervisors.push(broken);
    await expect(broken.start()).rejects.toThrow(/could not start: the server exited \(code 3\)/);
    expect(broken.status().state).toBe('failed');
    expect(broken.problem()).toMatch(/code 3/);
    expect(lines).toContain('[sandbox] boom');
  });
});
