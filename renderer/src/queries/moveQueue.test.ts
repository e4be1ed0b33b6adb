import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../shared/client.ts';

/** A promise and its resolve function (what `Promise.withResolvers` gives, which ES2022 lacks). */
function deferred(): { promise: Promise<undefined>; resolve: (value: undefined) => void } {
  let resolve!: (value: undefined) => void;
  const promise = new Promise<undefined>((done) => (resolve = done));
  return { promise, resolve };
}
import { pendingMoves, runMoves, type MoveQueueOptions } from './moveQueue.ts';

/** Puts `id` at `to` in the list. */
interface Move {
  id: string;
  to: number;
}

interface Call {
  request: Move;
  accept: () => void;
  refuse: (error: Error) => void;
}

const KEY = ['letters'] as const;

/**
 * A queue over a cached list of letters whose server answers only when told: `next()` resolves with each request
 * as it is sent, `idle` once the queue asks for a refetch.
 */
function setup(letters: string[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, letters);
  const calls: Call[] = [];
  const waiters: ((call: Call) => void)[] = [];
  let refetches = 0;
  let idle = deferred();
  const options: MoveQueueOptions<string[], Move> = {
    id: 'letters',
    queryKey: KEY,
    apply: (data, requests) =>
      requests.reduce((list, { id, to }) => {
        const rest = list.filter((letter) => letter !== id);
        return [...rest.slice(0, to), id, ...rest.slice(to)];
      }, data),
    send: (request) =>
      new Promise<void>((accept, refuse) => {
        const call = { request, accept: () => accept(), refuse };
        const waiter = waiters.shift();
        if (waiter === undefined) calls.push(call);
        else waiter(call);
      }),
    invalidate: () => {
      refetches += 1;
      idle.resolve(undefined);
      return Promise.resolve();
    },
  };
  return {
    queryClient,
    run: (requests: Move[]) => runMoves(queryClient, options, requests),
    shown: () => queryClient.getQueryData<string[]>(KEY),
    pending: () => pendingMoves(queryClient, 'letters'),
    refetches: () => refetches,
    next: () => {
      const call = calls.shift();
      return call !== undefined
        ? Promise.resolve(call)
        : new Promise<Call>((resolve) => waiters.push(resolve));
    },
    idle: () => {
      const done = idle.promise;
      idle = deferred();
      return done;
    },
  };
}

describe('runMoves', () => {
  it('shows every batch at once and sends the requests one at a time, batches in order', async () => {
    const queue = setup(['a', 'b', 'c', 'd']);
    const first = queue.run([
      { id: 'd', to: 0 },
      { id: 'c', to: 1 },
    ]);
    const second = queue.run([{ id: 'a', to: 3 }]);
    expect(queue.shown()).toEqual(['d', 'c', 'b', 'a']);
    expect(queue.pending()).toBe(2);

    const sent: Move[] = [];
    for (let i = 0; i < 3; i += 1) {
      const call = await queue.next();
      sent.push(call.request);
      // The next request waits for this one's answer.
      call.accept();
    }
    expect(sent).toEqual([
      { id: 'd', to: 0 },
      { id: 'c', to: 1 },
      { id: 'a', to: 3 },
    ]);
    await expect(first).resolves.toEqual({ ok: true });
    await expect(second).resolves.toEqual({ ok: true });
    await queue.idle();
    expect(queue.pending()).toBe(0);
    expect(queue.shown()).toEqual(['d', 'c', 'b', 'a']);
  });

  it('takes a refused batch back, keeping its requests before the refusal and the batches still waiting', async () => {
    const queue = setup(['a', 'b', 'c', 'd']);
    const first = queue.run([{ id: 'b', to: 0 }]);
    const second = queue.run([
      { id: 'c', to: 0 },
      { id: 'd', to: 0 },
      { id: 'a', to: 3 },
    ]);
    const third = queue.run([{ id: 'a', to: 0 }]);
    expect(queue.shown()).toEqual(['a', 'd', 'c', 'b']);

    (await queue.next()).accept();
    await expect(first).resolves.toEqual({ ok: true });
    (await queue.next()).accept();
    (await queue.next()).refuse(new ApiClientError(409, 'body field `position`: no such sibling'));
    await expect(second).resolves.toEqual({
      ok: false,
      failed: { id: 'd', to: 0 },
      message: 'body field `position`: no such sibling',
    });
    // The server's b, then c moved, then the third batch on top; the refused d and the a after it are not shown.
    expect(queue.shown()).toEqual(['a', 'c', 'b', 'd']);
    expect(queue.pending()).toBe(1);
    expect(queue.refetches()).toBe(0);

    const last = await queue.next();
    expect(last.request).toEqual({ id: 'a', to: 0 });
    last.accept();
    await expect(third).resolves.toEqual({ ok: true });
    await queue.idle();
    expect(queue.shown()).toEqual(['a', 'c', 'b', 'd']);
  });

  it('counts the batches in flight and refetches once, when none is left', async () => {
    const queue = setup(['a', 'b']);
    expect(queue.pending()).toBe(0);
    const first = queue.run([{ id: 'b', to: 0 }]);
    const second = queue.run([{ id: 'a', to: 0 }]);
    expect(queue.pending()).toBe(2);

    (await queue.next()).accept();
    await first;
    expect(queue.pending()).toBe(1);
    expect(queue.refetches()).toBe(0);
    (await queue.next()).accept();
    await second;
    expect(queue.pending()).toBe(0);
    await queue.idle();
    expect(queue.refetches()).toBe(1);

    // A batch after the refetch starts a queue of its own, refetched in its turn.
    const third = queue.run([{ id: 'b', to: 0 }]);
    expect(queue.pending()).toBe(1);
    (await queue.next()).accept();
    await third;
    await queue.idle();
    expect(queue.refetches()).toBe(2);
    expect(queue.pending()).toBe(0);
  });

  it('does nothing for no requests or no cached data, and keeps the queues of query clients apart', async () => {
    const queue = setup(['a', 'b']);
    await expect(queue.run([])).resolves.toEqual({ ok: true });
    queue.queryClient.removeQueries({ queryKey: KEY });
    await expect(queue.run([{ id: 'b', to: 0 }])).resolves.toEqual({ ok: true });
    expect(queue.refetches()).toBe(0);

    const other = setup(['a', 'b']);
    const moved = other.run([{ id: 'b', to: 0 }]);
    expect(other.pending()).toBe(1);
    expect(queue.pending()).toBe(0);
    (await other.next()).accept();
    await moved;
  });
});
