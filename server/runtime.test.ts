import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverEnv } from './runtime.ts';

describe('the server process runtime', () => {
  it("sets glibc's allocator tunables, and leaves a user's own alone", () => {
    const env = serverEnv({ PATH: '/bin' });
    expect(env.PATH).toBe('/bin');
    expect(env.GLIBC_TUNABLES).toBe('glibc.malloc.mmap_threshold=32768:glibc.malloc.trim_threshold=65536');
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=1',
    );
  });

  it('starts Node with gc exposed and the environment it is given', () => {
    const out = execFileSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, '-e', 'console.log(typeof gc, process.env.GLIBC_TUNABLES)'],
      { env: serverEnv({}), encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function glibc.malloc.mmap_threshold=32768:glibc.malloc.trim_threshold=65536');
  });
});
