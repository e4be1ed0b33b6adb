/**
 * Moves of the structure in flight, the content tree's way (`content/moveQueue.ts`): each move changes the cached
 * structure at once and its requests go one at a time, moves in order; a refused move is taken back (the structure
 * as the server last confirmed it, plus the moves still waiting) and told with the server's message; once nothing
 * is in flight the site is refetched.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { invalidateSite, sendStructureRequest, siteStructureQuery } from '../../queries/siteStructure.ts';
import { toast } from '../../ui/Toast.tsx';
import {
  applyMove,
  planMove,
  refusal,
  whereWords,
  type StructureData,
  type StructureTarget,
  type StructureTree,
} from './model.ts';

interface Move {
  key: string;
  target: StructureTarget;
  requests: ReturnType<typeof planMove>;
  done: (message: string | undefined) => void;
}

interface Queue {
  base: StructureData;
  moves: Move[];
}

const queues = new Map<string, Queue>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** How many moves of the site are in flight. */
export function usePendingStructureMoves(siteId: string): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queues.get(siteId)?.moves.length ?? 0,
  );
}

async function drain(
  queryClient: QueryClient,
  ids: { profileId: string; orgId: string; siteId: string },
  queue: Queue,
) {
  const key = siteStructureQuery(ids.profileId, ids.orgId, ids.siteId).queryKey;
  while (queue.moves.length > 0) {
    const move = queue.moves[0]!;
    let message: string | undefined;
    for (const request of move.requests) {
      try {
        await sendStructureRequest(ids.profileId, ids.orgId, ids.siteId, request);
      } catch (error) {
        message = errorMessage(error);
        break;
      }
    }
    queue.moves.shift();
    if (message === undefined) queue.base = applyMove(queue.base, move.key, move.target);
    else {
      let shown = queue.base;
      for (const waiting of queue.moves) shown = applyMove(shown, waiting.key, waiting.target);
      queryClient.setQueryData(key, shown);
    }
    if (queue.moves.length === 0) queues.delete(ids.siteId);
    notify();
    move.done(message);
  }
  await invalidateSite(queryClient, ids.profileId, ids.orgId, ids.siteId);
}

/** The move function of the editor: refused on the spot when it cannot work, otherwise optimistic, told either way. */
export function useStructureMoves(
  ids: { profileId: string; orgId: string; siteId: string },
  tree: StructureTree | undefined,
  announce: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const { profileId, orgId, siteId } = ids;
  return useCallback(
    async (itemKey: string, target: StructureTarget, verb = 'Moved'): Promise<boolean> => {
      if (tree === undefined) return false;
      const title = `“${tree.nodes.get(itemKey)?.title ?? ''}”`;
      const refused = refusal(tree, itemKey, target);
      if (refused !== undefined) {
        toast({ tone: 'error', title: `${title} not moved`, description: refused });
        announce(`Not moved: ${refused}`);
        return false;
      }
      const requests = planMove(tree, itemKey, target);
      if (requests.length === 0) {
        announce(`${title} is already there. Nothing changed.`);
        return true;
      }
      const key = siteStructureQuery(profileId, orgId, siteId).queryKey;
      const data = queryClient.getQueryData(key);
      if (data === undefined) return false;
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, applyMove(data, itemKey, target));
      announce(`${verb} ${title} ${whereWords(tree, target)}.`);
      let queue = queues.get(siteId);
      const start = queue === undefined;
      if (queue === undefined) {
        queue = { base: data, moves: [] };
        queues.set(siteId, queue);
      }
      const running = queue;
      const message = await new Promise<string | undefined>((done) => {
        running.moves.push({ key: itemKey, target, requests, done });
        notify();
        if (start) void drain(queryClient, { profileId, orgId, siteId }, running);
      });
      if (message === undefined) return true;
      toast({ tone: 'error', title: `${title} not moved`, description: message });
      announce(`${title} was not moved and is back in its place: ${message}`);
      return false;
    },
    [queryClient, profileId, orgId, siteId, tree, announce],
  );
}
