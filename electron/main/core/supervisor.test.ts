// The local sandbox supervisor with the REAL server (`serve --demo`) in a child process (nodeSpawner): no fake of
// the server anywhere. States are awaited, never timed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { nodeSpawner } from './spawn.ts';
import {
  LocalServerSupervisor,
  RESTART_MESSAGES,
  type SandboxStatus,
  type SupervisorOptions,
} from './supervisor.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dirs: string[] = [];
const supervisors: LocalServerSupervisor[] = [];
const frozen: number[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-supervisor-'));
  dirs.push(dir);
  return dir;
};
const supervise = (dataDir: string, options: Partial<SupervisorOptions> = {}) => {
  const supervisor = new LocalServerSupervisor({
    dataDir,
    spawnServer: nodeSpawner(root),
    backoff: { initialMs: 50, maxMs: 400 },
    startTimeoutMs: 30_000,
    ...options,
  });
  supervisors.push(supervisor);
  return supervisor;
};
const WAIT = { timeout: 60_000, interval: 50 };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // Gone: a frozen process that is gone needs no cleanup (and its pid may be reused).
    const index = frozen.indexOf(pid);
    if (index >= 0) frozen.splice(index, 1);
    return false;
  }
};

/** Freezes a process (SIGSTOP): it holds its port and connections but answers nothing and handles no signal. */
const freeze = (pid: number) => {
  frozen.push(pid);
  process.kill(pid, 'SIGSTOP');
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
  // A test that failed midway must not leave a frozen process behind.
  for (const pid of frozen) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('LocalServerSupervisor', () => {
  const dataDir = tempDir();
  const lines: string[] = [];
  const supervisor = supervise(dataDir, { log: (line) => lines.push(line) });
  const changes: SandboxStatus[] = [];
  supervisor.onChange((status) => changes.push(status));
  let firstToken = '';

  it('starts `serve --demo` with the demo seeded, healthy, and receives a working token over IPC', async () => {
    const first = supervisor.start();
    // A second start while the first is under way (browser mode starts it before the core does) waits for that one.
    expect(supervisor.start()).toBe(first);
    await first;
    expect(supervisor.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await healthy(supervisor.baseUrl)).toBe(true);
    firstToken = supervisor.token() ?? '';
    expect(firstToken).not.toBe('');
    const orgs = await orgTitles(supervisor.baseUrl!, firstToken);
    expect(orgs.status).toBe(200);
    expect(orgs.titles).toContain('Acme Docs');
    expect(changes.map((change) => change.state)).toEqual(['starting', 'running']);
    expect(lines).toContain('[sandbox] seeded the demo organizations');
    expect(lines.some((line) => line.startsWith('the local sandbox is running at'))).toBe(true);
    expect(existsSync(join(dataDir, 'sandbox', 'docs-admin.sqlite'))).toBe(true);
    // The demo users' tokens are not written for the sandbox: it uses only the token it is handed.
    expect(existsSync(join(dataDir, 'sandbox', 'demo-tokens.json'))).toBe(false);
  });

  it('keeps the token out of the logs and out of the child’s command line', async () => {
    expect(lines.join('\n')).not.toContain(firstToken);
    // Skipped off Linux: the command line is read from /proc; the argv is built the same way everywhere.
    if (process.platform !== 'linux') return;
    const argv = readFileSync(`/proc/${supervisor.pid!}/cmdline`, 'utf8').split('\0');
    expect(argv).toContain('--demo');
    expect(argv.join(' ')).not.toContain(firstToken);
  });

  it('restarts a killed server; the new base URL and its new token work, the old token no longer does', async () => {
    const oldPid = supervisor.pid!;
    const oldUrl = supervisor.baseUrl;
    process.kill(oldPid, 'SIGKILL');
    await vi.waitFor(async () => {
      expect(supervisor.pid).toBeDefined();
      expect(supervisor.pid).not.toBe(oldPid);
      expect(await healthy(supervisor.baseUrl)).toBe(true);
    }, WAIT);
    expect(alive(oldPid)).toBe(false);
    expect(changes.some((change) => change.state === 'restarting')).toBe(true);
    expect(changes.at(-1)?.state).toBe('running');
    expect(changes.at(-1)?.baseUrl).toBe(supervisor.baseUrl);
    if (oldUrl !== supervisor.baseUrl) expect(await healthy(oldUrl)).toBe(false);
    const orgs = await orgTitles(supervisor.baseUrl!, supervisor.token()!);
    expect(orgs.titles).toContain('Acme Docs');
    expect((await orgTitles(supervisor.baseUrl!, firstToken)).status).toBe(401);
    expect(supervisor.lastRestart()).toMatchObject({ id: 1, message: RESTART_MESSAGES.exited });
    expect(lines.filter((line) => line === '[sandbox] seeded the demo organizations')).toHaveLength(1);
  });

  it('stops the server and does not restart it', async () => {
    const pid = supervisor.pid!;
    await supervisor.stop();
    expect(alive(pid)).toBe(false);
    expect(supervisor.baseUrl).toBeUndefined();
    expect(supervisor.token()).toBeUndefined();
    expect(supervisor.status().state).toBe('stopped');
    expect(supervisor.pid).toBeUndefined();
  });

  describe('on a later start on the same data', () => {
    const logged: string[] = [];
    const again = supervise(dataDir, {
      log: (line) => logged.push(line),
      // Quick, yet a healthy server on a busy machine may miss a probe or two (never three in a row).
      health: { intervalMs: 1_000, misses: 3 },
    });

    it('keeps the data, does not seed again and mints a new token', async () => {
      await again.start();
      const fresh = again.token()!;
      expect(fresh).not.toBe(firstToken);
      const orgs = await orgTitles(again.baseUrl!, fresh);
      expect(orgs.titles.filter((title) => title === 'Acme Docs')).toHaveLength(1);
      expect((await orgTitles(again.baseUrl!, firstToken)).status).toBe(401);
      expect(logged.some((line) => line.includes('seeded'))).toBe(false);
    });

    it('kills a server that stopped answering (SIGSTOP) with SIGKILL, restarts it and says so', async () => {
      const hungPid = again.pid!;
      freeze(hungPid);
      await vi.waitFor(async () => {
        expect(again.lastRestart()?.message).toBe(RESTART_MESSAGES.hung);
        expect(again.pid).not.toBe(hungPid);
        expect(await healthy(again.baseUrl)).toBe(true);
      }, WAIT);
      expect(alive(hungPid)).toBe(false);
      expect(logged.some((line) => /^the local sandbox missed a health probe \(1 of 3\)/.test(line))).toBe(
        true,
      );
      expect(logged).toContain(
        `the local sandbox stopped answering (3 health probes missed in a row); killing it (pid ${hungPid}) and restarting it`,
      );
      const orgs = await orgTitles(again.baseUrl!, again.token()!);
      expect(orgs.titles).toContain('Acme Docs');
    });

    it('still kills a frozen server when it is stopped (the stop does not wait on its event loop)', async () => {
      const pid = again.pid!;
      freeze(pid);
      await again.stop();
      expect(alive(pid)).toBe(false);
      expect(again.status().state).toBe('stopped');
    });
  });

  it('gives the command line a sandbox token of its own: the app’s, minted before, keeps working', async () => {
    const dataDir = tempDir();
    const app = supervise(dataDir);
    await app.start();
    const appToken = app.token()!;
    const cli = supervise(dataDir, { tokenFor: 'cli' });
    await cli.start();
    const cliToken = cli.token()!;
    expect(cliToken).not.toBe(appToken);
    expect((await orgTitles(app.baseUrl!, appToken)).status).toBe(200);
    expect((await orgTitles(cli.baseUrl!, cliToken)).status).toBe(200);
    await cli.stop();
    // A second command's start replaces the first command's token, not the app's.
    await cli.start();
    expect((await orgTitles(cli.baseUrl!, cliToken)).status).toBe(401);
    expect((await orgTitles(app.baseUrl!, appToken)).status).toBe(200);
    await Promise.all([cli.stop(), app.stop()]);
  });

  it('reports a server that exits before it is ready, with its reason', async () => {
    // A real refusal of the real server: the sandbox's folder holds a database without the demo owner.
    const dataDir = tempDir();
    execFileSync(process.execPath, [
      join(root, 'server', 'cli.ts'),
      'org',
      'create',
      '--title',
      'Not the demo',
      '--owner',
      'someone@example.com',
      '--data-dir',
      join(dataDir, 'sandbox'),
    ]);
    const lines: string[] = [];
    const broken = supervise(dataDir, { log: (line) => lines.push(line) });
    const started = broken.start();
    await expect(broken.start()).rejects.toThrow(/could not start/);
    await expect(started).rejects.toThrow(
      /could not start: the server exited \(code 1\) before it was ready: .*has data but not the demo owner/,
    );
    expect(broken.status().state).toBe('failed');
    expect(broken.problem()).toMatch(/code 1/);
    expect(lines.some((line) => /^\[sandbox\] .*has data but not the demo owner$/.test(line))).toBe(true);
  });
});
