import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../../../shared/client.ts';
import { runBulk } from './bulk.ts';
import { rangeBetween } from '../../../ui/range.ts';

describe('runBulk', () => {
  it('keeps at most the limit in flight and reports each target in order', async () => {
    let inFlight = 0;
    let most = 0;
    const targets = Array.from({ length: 10 }, (_, i) => ({ userId: `u${i}`, name: `User ${i}` }));
    const results = await runBulk(targets, async (userId) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      if (userId === 'u3') throw new ApiClientError(409, 'last admin');
    });
    expect(most).toBe(4);
    expect(results.map((r) => r.userId)).toEqual(targets.map((t) => t.userId));
    expect(results.filter((r) => !r.ok)).toEqual([
      { userId: 'u3', name: 'User 3', ok: false, message: 'last admin' },
    ]);
  });
});

describe('rangeBetween', () => {
  it('spans the anchor and the target in either direction', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(rangeBetween(ids, 'c', 'a')).toEqual(['a', 'b', 'c']);
    expect(rangeBetween(ids, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(ids, undefined, 'b')).toEqual(['b']);
  });
});
