import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENV } from '../../../server/runtime.ts';
import { nodeSpawner } from './spawn.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A root whose server/cli.ts prints what the server would see of its environment, then exits. */
function rootPrintingEnv(): string {
  const root = mkdtempSync(join(tmpdir(), 'docs-admin-spawn-'));
  roots.push(root);
  mkdirSync(join(root, 'server'));
  writeFileSync(
    join(root, 'server', 'cli.ts'),
    'console.log(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX, cache: process.env.NODE_COMPILE_CACHE, args: process.argv.slice(2) }));\n',
  );
  return root;
}

/** The first line the spawned process prints, once it has exited. */
async function firstLine(spawned: ReturnType<ReturnType<typeof nodeSpawner>>): Promise<unknown> {
  const lines: string[] = [];
  spawned.onLine((line) => lines.push(line));
  const code = await new Promise<number | null>((resolve) => spawned.onExit(resolve));
  expect(code).toBe(0);
  return JSON.parse(lines[0] ?? 'null');
}

describe('nodeSpawner', () => {
  it('starts the server with the server environment (SERVER_ENV) added to its own', async () => {
    const spawned = nodeSpawner(rootPrintingEnv())(['serve', '--port', '0']);
    expect(await firstLine(spawned)).toEqual({
      arenas: SERVER_ENV.MALLOC_ARENA_MAX,
      args: ['serve', '--port', '0'],
    });
  });

  it('keeps the compile cache folder beside it', async () => {
    const spawned = nodeSpawner(rootPrintingEnv(), { compileCacheDir: '/tmp/cache-of-the-test' })([]);
    expect(await firstLine(spawned)).toEqual({
      arenas: SERVER_ENV.MALLOC_ARENA_MAX,
      cache: '/tmp/cache-of-the-test',
      args: [],
    });
  });
});
