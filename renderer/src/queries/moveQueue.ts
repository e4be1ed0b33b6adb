/**
 * Optimistic moves of a cached tree (the content tree, a site's structure): each batch (one drop, one "Move to…")
 * changes the cached data at once and is sent one request at a time, batches in order. A refused batch is taken
 * back (the data as the server last confirmed it, plus the batches still waiting), the requests before the refused
 * one standing. Once nothing is in flight the data is refetched to match the server.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../bridge/errors.ts';

/** What a queue moves and how. */
export interface MoveQueueOptions<Data, Request> {
  /** Names the queue (per query client): its batches wait for each other; `usePendingMoves(id)` counts them. */
  id: string;
  /** The cached data the moves change. */
  queryKey: QueryKey;
  /** The data once `requests` are done, in order (any prefix of a batch, after a refusal). */
  apply: (data: Data, requests: readonly Request[]) => Data;
  /** Sends one request; a rejection refuses it. */
  send: (request: Request) => Promise<unknown>;
  /** Refetches the data (and whatever else the moves change) once nothing is in flight. */
  invalidate: () => Promise<void>;
}

/** How a batch ended: done, or refused at one request with the server's message. */
export type MoveOutcome<Request> = { ok: true } | { ok: false; failed: Request; message: string };

interface Batch<Request> {
  requests: readonly Request[];
  done: (outcome: MoveOutcome<Request>) => void;
}

interface Queue<Data, Request> {
  /** The data with every finished batch applied (the refused parts left out). */
  base: Data;
  batches: Batch<Request>[];
}

// Per query client, so that clients (tests) never share moves; a queue's types are those of the options naming it.
const queues = new WeakMap<QueryClient, Map<string, Queue<unknown, unknown>>>();
const listeners = new Set<() => void>();

function queuesOf(queryClient: QueryClient): Map<string, Queue<unknown, unknown>> {
  let map = queues.get(queryClient);
  if (map === undefined) {
    map = new Map();
    queues.set(queryClient, map);
  }
  return map;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** How many batches of the queue `id` are in flight (0 when the data is settled). */
export function pendingMoves(queryClient: QueryClient, id: string): number {
  return queues.get(queryClient)?.get(id)?.batches.length ?? 0;
}

/** `pendingMoves` in the current query client, re-rendering when it changes. */
export function usePendingMoves(id: string): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingMoves(queryClient, id),
  );
}

async function drain<Data, Request>(
  queryClient: QueryClient,
  options: MoveQueueOptions<Data, Request>,
  queue: Queue<Data, Request>,
): Promise<void> {
  const { queryKey, apply, send } = options;
  while (queue.batches.length > 0) {
    const batch = queue.batches[0]!;
    let outcome: MoveOutcome<Request> = { ok: true };
    let sent = 0;
    for (const request of batch.requests) {
      try {
        await send(request);
      } catch (error) {
        outcome = { ok: false, failed: request, message: errorMessage(error) };
        break;
      }
      sent += 1;
    }
    queue.batches.shift();
    queue.base = apply(queue.base, batch.requests.slice(0, sent));
    if (!outcome.ok) {
      let shown = queue.base;
      for (const waiting of queue.batches) shown = apply(shown, waiting.requests);
      queryClient.setQueryData(queryKey, shown);
    }
    if (queue.batches.length === 0) queuesOf(queryClient).delete(options.id);
    notify();
    batch.done(outcome);
  }
  await options.invalidate();
}

/**
 * Runs a batch of requests: the cache shows their result at once; resolves once the server has answered every
 * request of the batch (after the batches before it). Nothing to do (no requests, no data cached) is done at once.
 */
export function runMoves<Data, Request>(
  queryClient: QueryClient,
  options: MoveQueueOptions<Data, Request>,
  requests: readonly Request[],
): Promise<MoveOutcome<Request>> {
  const { queryKey } = options;
  const data = queryClient.getQueryData<Data>(queryKey);
  if (data === undefined || requests.length === 0) return Promise.resolve({ ok: true });
  // A refetch landing now would show the data without the move: cancel it (synchronously reverted).
  void queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, options.apply(data, requests));
  const map = queuesOf(queryClient);
  let queue = map.get(options.id) as Queue<Data, Request> | undefined;
  const start = queue === undefined;
  if (queue === undefined) {
    queue = { base: data, batches: [] };
    map.set(options.id, queue as Queue<unknown, unknown>);
  }
  const running = queue;
  const outcome = new Promise<MoveOutcome<Request>>((done) => running.batches.push({ requests, done }));
  notify();
  if (start) void drain(queryClient, options, running);
  return outcome;
}
