/**
 * Moves of the structure, on the shared optimistic queue (`queries/moveQueue.ts`): a refused move is taken back and
 * told with the server's message; once nothing is in flight the site is refetched. A move that went through is told
 * with Undo, which moves the item back to where it was.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { runMoves, usePendingMoves, type MoveQueueOptions } from '../../queries/moveQueue.ts';
import {
  absentOperation,
  invalidateSite,
  sendStructureRequest,
  siteStructureQuery,
} from '../../queries/siteStructure.ts';
import { toast, toastUndoable } from '../../ui/Toast.tsx';
import { applyMove } from './applyMove.ts';
import {
  planMove,
  refusal,
  whereWords,
  type StructureData,
  type StructureRequest,
  type StructureTarget,
  type StructureTree,
} from './model.ts';
import { formerPlace } from './formerPlace.ts';

/** A request of a move, with the move it makes: the optimistic display applies moves, not requests. */
interface StructureStep {
  key: string;
  target: StructureTarget;
  request: StructureRequest;
}

/** One move: the item, where it goes, and the requests that put it there. */
interface StructureMove {
  itemKey: string;
  target: StructureTarget;
  requests: StructureRequest[];
}

/** The queue of a site's structure. */
const queueId = (siteId: string) => `site-structure\n${siteId}`;

/** How many moves of the site are in flight. */
export function usePendingStructureMoves(siteId: string): number {
  return usePendingMoves(queueId(siteId));
}

/** The move function of the editor: refused on the spot when it cannot work, otherwise optimistic, told either way. */
export function useStructureMoves(
  ids: { profileId: string; orgId: string; siteId: string },
  tree: StructureTree | undefined,
  announce: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const { profileId, orgId, siteId } = ids;
  // The Undo plans its move on the structure as it is when pressed, not as it was when the move was made.
  const latest = useRef(tree);
  latest.current = tree;
  const send = useMutation({
    mutationFn: ({ itemKey, target, requests }: StructureMove) => {
      const moves: MoveQueueOptions<StructureData, StructureStep> = {
        id: queueId(siteId),
        queryKey: siteStructureQuery(profileId, orgId, siteId).queryKey,
        apply: (data, steps) => steps.reduce((shown, step) => applyMove(shown, step.key, step.target), data),
        send: (step) => sendStructureRequest(profileId, orgId, siteId, step.request),
        invalidate: () => invalidateSite(queryClient, profileId, orgId, siteId),
      };
      return runMoves(
        queryClient,
        moves,
        requests.map((request) => ({ key: itemKey, target, request })),
      );
    },
  });
  const { mutateAsync: sendMove, mutate: sendUndo } = send;
  const undo = useCallback(
    (itemKey: string, target: StructureTarget, title: string) => {
      const now = latest.current;
      const requests = now === undefined ? [] : planMove(now, itemKey, target);
      if (requests.length === 0) return;
      sendUndo(
        { itemKey, target, requests },
        {
          onSuccess: (outcome) =>
            outcome.ok
              ? toast({ tone: 'success', title: `${title} is back where it was` })
              : toast({ tone: 'error', title: `${title} not moved back`, description: outcome.message }),
        },
      );
    },
    [sendUndo],
  );
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
      const missing = await absentOperation(queryClient, profileId, requests);
      if (missing) {
        const note =
          'this profile\u2019s API cannot put a section into an empty group or take the last one out of a group: place it next to another section instead';
        toast({ tone: 'info', title: `${title} not moved`, description: note });
        announce(`Not moved: ${note}.`);
        return false;
      }
      announce(`${verb} ${title} ${whereWords(tree, target)}.`);
      // `planMove` makes one request per move, so a refused move has nothing done before the refusal.
      const back = formerPlace(tree, itemKey);
      const outcome = await sendMove({ itemKey, target, requests });
      if (outcome.ok) {
        toastUndoable({
          title: `${verb} ${title} ${whereWords(tree, target)}`,
          undo: () => {
            if (back !== undefined) undo(itemKey, back, title);
          },
        });
        return true;
      }
      const { message } = outcome;
      toast({ tone: 'error', title: `${title} not moved`, description: message });
      announce(`${title} was not moved and is back in its place: ${message}`);
      return false;
    },
    [tree, announce, sendMove, undo],
  );
}
