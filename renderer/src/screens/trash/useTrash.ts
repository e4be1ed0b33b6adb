/**
 * The Trash's actions, each a mutation over one or several spaces (one request each): restore, and delete for good
 * (admins). A refused space stays selected, so that the selection still says what is left to do.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { deleteSpaceForGood, restoreSpace } from '../../queries/spaces.ts';
import { toast } from '../../ui/Toast.tsx';
import { restoreReport } from './restoreReport.ts';

/** The outcome of one action over some spaces: the refused ones with the server's message. */
interface Outcome {
  spaces: Space[];
  refused: Map<string, string>;
}

/** Runs `work` for each space at once and collects the refusals. */
async function eachSpace(spaces: Space[], work: (space: Space) => Promise<unknown>): Promise<Outcome> {
  const results = await Promise.allSettled(spaces.map(work));
  const refused = new Map<string, string>();
  results.forEach((result, index) => {
    if (result.status === 'rejected') refused.set(spaces[index]!.id, errorMessage(result.reason));
  });
  return { spaces, refused };
}

const titled = (space: Space) => `“${space.title === '' ? 'Untitled' : space.title}”`;

/** The selection, the restore and the permanent delete of the Trash of one organization. */
export function useTrash(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const keepRefused = ({ spaces, refused }: Outcome) => {
    const tried = new Set(spaces.map((space) => space.id));
    setSelected((old) => new Set([...old].filter((id) => !tried.has(id) || refused.has(id))));
  };
  const restore = useMutation({
    mutationFn: (spaces: Space[]) =>
      eachSpace(spaces, (space) => restoreSpace(queryClient, profileId, orgId, space.id)),
    onSuccess: (outcome) => {
      keepRefused(outcome);
      const lines = outcome.spaces.map((space) => ({
        title: space.title,
        error: outcome.refused.get(space.id),
      }));
      for (const line of restoreReport(lines)) toast(line);
    },
  });
  const purge = useMutation({
    mutationFn: (spaces: Space[]) =>
      eachSpace(spaces, (space) => deleteSpaceForGood(queryClient, profileId, orgId, space.id)),
    onSuccess: (outcome) => {
      keepRefused(outcome);
      const done = outcome.spaces.filter((space) => !outcome.refused.has(space.id));
      if (done.length > 0)
        toast({
          tone: 'success',
          title:
            done.length === 1
              ? `${titled(done[0]!)} deleted for good`
              : `${done.length} spaces deleted for good`,
        });
      for (const space of outcome.spaces.filter((s) => outcome.refused.has(s.id)))
        toast({
          tone: 'error',
          title: `${titled(space)} was not deleted`,
          description: outcome.refused.get(space.id),
        });
    },
  });
  const busy = (mutation: typeof restore, spaceId: string) =>
    mutation.isPending && mutation.variables.some((space) => space.id === spaceId);
  return {
    selected,
    setSelected,
    restore: (spaces: Space[]) => restore.mutate(spaces),
    purge: (spaces: Space[]) => purge.mutateAsync(spaces),
    restoring: (spaceId: string) => busy(restore, spaceId),
    purging: purge.isPending,
  };
}
