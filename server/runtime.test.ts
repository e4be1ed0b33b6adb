import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './runtime.ts';

describe('the server process runtime', () => {
  it('starts Node with gc exposed, for the collection when the server falls idle', () => {
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'console.log(typeof gc)'], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('function');
  });
});
