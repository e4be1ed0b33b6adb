/**
 * `serve` (server/cli.ts) as a child process, for tests that run the server as a person does: started on port 0,
 * its address read from the line it prints, stopped with SIGTERM. `testDatabaseUrl` names a database of the
 * PostgreSQL test cluster for `--database`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testClusterAddress, type TestDatabase } from '../storage/postgres/test-cluster.ts';

export const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/** A `postgres://` URL of a database of the test cluster (its Unix socket folder goes in the `host` parameter). */
export function testDatabaseUrl(database: TestDatabase): string {
  const { host, port, user } = testClusterAddress();
  return `postgres://${user}@localhost:${port}/${database.config.database}?host=${encodeURIComponent(host)}`;
}

/** `serve` in a child process; resolves with its base URL once it listens. */
export function startServe(
  args: string[],
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ child, baseUrl: match[1] as string, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`serve exited (code ${code}) before listening:\n${output}`)),
    );
  });
}

/** Stops a `serve` child (SIGTERM) and waits for its exit code. */
export function stopServe(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
