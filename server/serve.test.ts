// `npm run serve` (server/serve.ts): the server in a child process with the flags and environment of runtime.ts, as
// the app and the benchmark start it; a SIGTERM to the launcher stops the server, and the launcher ends with it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './runtime.ts';

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-serve-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pids of `pid`'s children (Linux: /proc). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

describe('npm run serve', () => {
  it.runIf(existsSync('/proc/self/environ'))(
    "starts the server with runtime.ts' flags and environment, and stops it on SIGTERM",
    async () => {
      const launcher = spawn(
        process.execPath,
        [SERVE, '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      launcher.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
      launcher.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
      const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
      const baseUrl = await new Promise<string>((resolve, reject) => {
        launcher.stdout.on('data', () => {
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (found) resolve(found[1]!);
        });
        void exited.then((code) => reject(new Error(`the launcher exited (code ${code}):\n${output}`)));
      });
      expect((await fetch(`${baseUrl}/v1/orgs`)).status).toBe(401);

      const [server] = childrenOf(launcher.pid!);
      expect(server).toBeDefined();
      const argv = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
      expect(argv.slice(1, 1 + SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
      expect(argv.slice(1 + SERVER_NODE_FLAGS.length, 3 + SERVER_NODE_FLAGS.length)).toEqual([
        fileURLToPath(new URL('./cli.ts', import.meta.url)),
        'serve',
      ]);
      const environ = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(SERVER_ENV)) expect(environ).toContain(`${name}=${value}`);

      launcher.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(`/proc/${server}`)).toBe(false);
    },
  );
});
