// `serve --demo --hand-over-sandbox-token`, the desktop app's sandbox, run as the app runs it: a child process with
// an IPC channel. The token travels over that channel only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HAND_OVER_FLAG, isSandboxHandover, sandboxServeArgs, type SandboxHandover } from './runtime.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-admin-cli-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('serve --demo --hand-over-sandbox-token', () => {
  it('hands its address and a fresh demo-owner token to the parent, prints neither, and ends with its parent', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, [CLI, ...sandboxServeArgs(dataDir)], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const handover = await new Promise<SandboxHandover>((resolve, reject) => {
      child.on('message', (message) => {
        if (isSandboxHandover(message)) resolve(message);
      });
      void exited.then((code) => reject(new Error(`the server exited (code ${code}):\n${output}`)));
    });
    const orgs = await fetch(`${handover.baseUrl}/v1/orgs`, {
      headers: { authorization: `Bearer ${handover.token}` },
    });
    expect(orgs.status).toBe(200);
    expect(JSON.stringify(await orgs.json())).toContain('Acme Docs');
    expect(output).toContain('seeded the demo organizations');
    expect(output).not.toContain(handover.token);
    expect(existsSync(join(dataDir, 'demo-tokens.json'))).toBe(false);

    child.disconnect();
    expect(await exited).toBe(0);
    expect(output).not.toContain(handover.token);
  });

  it('refuses the flag without --demo, and without a parent to hand the token to', () => {
    const dataDir = tempDir();
    const run = (args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const noDemo = run(['serve', HAND_OVER_FLAG, '--port', '0', '--data-dir', dataDir]);
    expect(noDemo.status).toBe(2);
    expect(noDemo.stderr).toContain('--hand-over-sandbox-token goes with --demo');
    const noParent = run(sandboxServeArgs(dataDir));
    expect(noParent.status).toBe(2);
    expect(noParent.stderr).toContain('--hand-over-sandbox-token needs a parent process with an IPC channel');
    expect(existsSync(join(dataDir, 'docs-admin.sqlite'))).toBe(false);
  });
});
