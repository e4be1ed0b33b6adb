/** Lazily loaded values: a limit on reads in flight, each space read once, rows scrolled past not read. */
import { describe, expect, it } from 'vitest';
import { SpaceValuesStore, type SpaceValues } from './valuesStore.ts';

/** A fetch whose answers the test releases, recording the peak of reads in flight. */
function controlledFetch() {
  const pending = new Map<string, { resolve: (values: SpaceValues) => void; reject: (e: Error) => void }>();
  const calls: string[] = [];
  let peak = 0;
  const fetch = (spaceId: string) =>
    new Promise<SpaceValues>((resolve, reject) => {
      calls.push(spaceId);
      pending.set(spaceId, { resolve, reject });
      peak = Math.max(peak, pending.size);
    });
  const answer = async (spaceId: string, values: SpaceValues = { owner: spaceId }) => {
    const entry = pending.get(spaceId)!;
    pending.delete(spaceId);
    entry.resolve(values);
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (spaceId: string) => {
    const entry = pending.get(spaceId)!;
    pending.delete(spaceId);
    entry.reject(new Error(`no ${spaceId}`));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { fetch, calls, pending, answer, fail, peak: () => peak };
}

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `s${i + from}`);

describe('SpaceValuesStore', () => {
  it('reads at most `concurrency` spaces at a time and each space once', async () => {
    const remote = controlledFetch();
    const store = new SpaceValuesStore(remote.fetch, 3);
    store.request(ids(8));
    expect(remote.calls).toEqual(['s0', 's1', 's2']);
    await remote.answer('s1');
    expect(remote.calls).toEqual(['s0', 's1', 's2', 's3']);
    expect(store.values('s1')).toEqual({ owner: 's1' });
    for (const id of ['s0', 's2', 's3', 's4', 's5', 's6', 's7']) {
      if (!remote.pending.has(id)) store.request(ids(8));
      await remote.answer(id);
    }
    expect(remote.peak()).toBe(3);
    store.request(ids(8));
    expect(remote.calls).toHaveLength(8);
  });

  it('drops rows scrolled past before their turn', async () => {
    const remote = controlledFetch();
    const store = new SpaceValuesStore(remote.fetch, 2);
    store.request(ids(10));
    store.request(ids(3, 100));
    await remote.answer('s0');
    await remote.answer('s1');
    await remote.answer('s100');
    expect(remote.calls).toEqual(['s0', 's1', 's100', 's101', 's102']);
  });

  it('keeps a failed read until asked to retry, and a write over a running read', async () => {
    const remote = controlledFetch();
    const store = new SpaceValuesStore(remote.fetch, 2);
    store.request(['a', 'b']);
    await remote.fail('a');
    expect(store.get('a')).toEqual({ state: 'failed', message: 'no a' });
    store.set('b', { owner: 'written' });
    await remote.answer('b', { owner: 'stale' });
    expect(store.values('b')).toEqual({ owner: 'written' });
    store.request(['a']);
    expect(remote.calls).toEqual(['a', 'b']);
    store.retryFailed();
    store.request(['a']);
    expect(remote.calls).toEqual(['a', 'b', 'a']);
  });

  it('loads every space behind the visible ones, and says when done', async () => {
    const remote = controlledFetch();
    const store = new SpaceValuesStore(remote.fetch, 2);
    let done = false;
    void store.loadAll(ids(3)).then(() => (done = true));
    store.request(['v']);
    expect(remote.calls).toEqual(['s0', 's1']);
    await remote.answer('s0');
    expect(remote.calls).toEqual(['s0', 's1', 'v']);
    await remote.answer('s1');
    await remote.answer('v');
    await remote.answer('s2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(true);
  });

  it('drops a deleted field from every loaded space, and forgets everything on clear', async () => {
    const remote = controlledFetch();
    const store = new SpaceValuesStore(remote.fetch, 2);
    store.request(['a']);
    await remote.answer('a', { owner: 'x', days: 3 });
    const before = store.version;
    store.dropField('days');
    expect(store.values('a')).toEqual({ owner: 'x' });
    expect(store.version).toBeGreaterThan(before);
    store.request(['b']);
    store.clear();
    await remote.answer('b');
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeUndefined();
  });
});
