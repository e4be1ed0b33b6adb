/**
 * Moves in flight: each batch (one drop, one "Move to…") changes the cached tree at once and is sent one request at
 * a time, batches in order. A refused batch is taken back (the lists as the server last confirmed them, plus the
 * batches still waiting), the others stand. Once nothing is in flight the tree is refetched to match the server.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import {
  contentKey,
  contentQuery,
  invalidateContent,
  moveContentItem,
  type ContentData,
} from '../../queries/content.ts';
import { applyMoves, type MoveRequest } from './moves.ts';

/** How a batch ended: done, or refused at one request with the server's message. */
export type MoveOutcome = { ok: true } | { ok: false; failed: MoveRequest; message: string };

interface Batch {
  requests: MoveRequest[];
  done: (outcome: MoveOutcome) => void;
}

interface Queue {
  /** The lists with every finished batch applied (the refused ones left out). */
  base: ContentData;
  batches: Batch[];
}

const queues = new Map<string, Queue>();
const listeners = new Set<() => void>();

function queueId(profileId: string, orgId: string): string {
  return `${profileId}\n${orgId}`;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** How many move batches of the organization are in flight (0 when the tree is settled). */
export function pendingMoves(profileId: string, orgId: string): number {
  return queues.get(queueId(profileId, orgId))?.batches.length ?? 0;
}

/** `pendingMoves`, re-rendering when it changes. */
export function usePendingMoves(profileId: string, orgId: string): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingMoves(profileId, orgId),
  );
}

async function drain(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  queue: Queue,
): Promise<void> {
  const key = contentQuery(profileId, orgId).queryKey;
  while (queue.batches.length > 0) {
    const batch = queue.batches[0]!;
    let outcome: MoveOutcome = { ok: true };
    for (const request of batch.requests) {
      try {
        await moveContentItem(profileId, request.kind, request.id, request.body);
      } catch (error) {
        outcome = { ok: false, failed: request, message: errorMessage(error) };
        break;
      }
    }
    queue.batches.shift();
    if (outcome.ok) {
      queue.base = applyMoves(queue.base, batch.requests);
    } else {
      // Requests before the refused one did move: keep them, and redraw the rest of the queue on top.
      const index = batch.requests.indexOf(outcome.failed);
      queue.base = applyMoves(queue.base, batch.requests.slice(0, index));
      let shown = queue.base;
      for (const waiting of queue.batches) shown = applyMoves(shown, waiting.requests);
      queryClient.setQueryData(key, shown);
    }
    if (queue.batches.length === 0) queues.delete(queueId(profileId, orgId));
    notify();
    batch.done(outcome);
  }
  await invalidateContent(queryClient, profileId, orgId);
}

/**
 * Moves items: the cache shows the result at once; resolves once the server has answered every request of this
 * batch (after the batches before it).
 */
export function runMoves(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  requests: MoveRequest[],
): Promise<MoveOutcome> {
  const key = contentQuery(profileId, orgId).queryKey;
  const data = queryClient.getQueryData(key);
  if (data === undefined || requests.length === 0) return Promise.resolve({ ok: true });
  // A refetch landing now would show the tree without the move: cancel it (synchronously reverted).
  void queryClient.cancelQueries({ queryKey: contentKey(profileId, orgId) });
  queryClient.setQueryData(key, applyMoves(data, requests));
  const id = queueId(profileId, orgId);
  let queue = queues.get(id);
  const start = queue === undefined;
  if (queue === undefined) {
    queue = { base: data, batches: [] };
    queues.set(id, queue);
  }
  const running = queue;
  const outcome = new Promise<MoveOutcome>((done) => running.batches.push({ requests, done }));
  notify();
  if (start) void drain(queryClient, profileId, orgId, running);
  return outcome;
}
