/**
 * Runs a move of the content tree: refused on the spot when it cannot work, otherwise optimistic, told either way;
 * a move that went through is told with Undo, which puts the items back where they were.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast, toastUndoable } from '../../ui/Toast.tsx';
import {
  movedRoots,
  planMoves,
  refusal,
  itemsPhrase,
  type MoveRequest,
  type MoveTarget,
} from '../../queries/contentTree/moves.ts';
import { runMoves } from './moveQueue.ts';
import { ancestorsOf, pathTitle, ROOT, type ContentTree } from '../../queries/contentTree/tree.ts';
import { undoRequests } from '../../queries/contentTree/undoMoves.ts';

/** What a move needs from the screen. */
export interface MoveContext {
  profileId: string;
  orgId: string;
  tree: ContentTree;
  /** Says something in the live region. */
  announce: (text: string) => void;
  /** Opens collections (the target and its ancestors), so the moved items stay in view. */
  reveal: (keys: string[]) => void;
}

/** Where a target is, in words: "into “Guides”", "to the top level", "before “Intro”". */
function whereWords(tree: ContentTree, target: MoveTarget): string {
  const into = target.parent === ROOT ? 'to the top level' : `into “${pathTitle(tree, target.parent)}”`;
  if (target.anchor === undefined) return into;
  const title = tree.nodes.get(target.anchor.key)?.title ?? '';
  return `${into}, ${target.anchor.side} “${title}”`;
}

/** The move function: resolves to whether the server accepted every request (false for a refusal on the spot). */
export function useMoves({ profileId, orgId, tree, announce, reveal }: MoveContext) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (requests: MoveRequest[]) => runMoves(queryClient, profileId, orgId, requests),
  });
  const undo = useMutation({
    mutationFn: ({ requests }: { requests: MoveRequest[]; phrase: string }) =>
      runMoves(queryClient, profileId, orgId, requests),
    onSuccess: (outcome, { phrase }) => {
      if (outcome.ok) {
        toast({
          tone: 'success',
          title: `${phrase} back where ${phrase.startsWith('“') ? 'it was' : 'they were'}`,
        });
        announce(`Undone: ${phrase} back in place.`);
      } else
        toast({
          tone: 'error',
          title: `“${outcome.failed.title}” not moved back`,
          description: outcome.message,
        });
    },
  });
  const { mutateAsync: sendMoves } = send;
  const { mutate: undoMoves } = undo;
  return useCallback(
    async (keys: readonly string[], target: MoveTarget, verb = 'Moved'): Promise<boolean> => {
      const roots = movedRoots(tree, keys);
      if (roots.length === 0) return false;
      const phrase = itemsPhrase(tree, roots);
      const refused = refusal(tree, roots, target.parent);
      if (refused !== undefined) {
        toast({ tone: 'error', title: `${phrase} not moved`, description: refused });
        announce(`Not moved: ${refused}`);
        return false;
      }
      const requests = planMoves(tree, roots, target);
      if (target.parent !== ROOT) reveal([target.parent, ...ancestorsOf(tree, target.parent)]);
      announce(`${verb} ${phrase} ${whereWords(tree, target)}.`);
      const outcome = await sendMoves(requests);
      if (outcome.ok) {
        toastUndoable({
          title: `${verb} ${phrase} ${whereWords(tree, target)}`,
          undo: () => undoMoves({ requests: undoRequests(tree, roots), phrase }),
        });
        return true;
      }
      const { failed, message } = outcome;
      toast({ tone: 'error', title: `“${failed.title}” not moved`, description: message });
      announce(`“${failed.title}” was not moved and is back in its place: ${message}`);
      return false;
    },
    [tree, announce, reveal, sendMoves, undoMoves],
  );
}
