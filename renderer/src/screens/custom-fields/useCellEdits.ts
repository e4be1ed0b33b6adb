/**
 * The grid's unsaved cells and their sending: typed or pasted cells are read per type (changes.ts); an invalid cell
 * keeps its text with the reason and is not sent; the valid ones go one PATCH per space (at most 4 at a time); a
 * refused PATCH keeps every typed text of that space with the server's message. Nothing typed is dropped until the
 * server has taken it (or the person typed the value back). Each PATCH is a mutation that shows its values in the
 * query cache at once (`onMutate`) and puts back the cells it changed when the server refuses it (`onError`).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { patchSpaceValues, spaceValuesKey } from '../../queries/customFields.ts';
import { sameValue, type CellField } from './cellValues.ts';
import { applyPatch, planChanges, type ChangePlan, type SpacePatch } from './changes.ts';
import type { SpaceValues, SpaceValuesView } from './useSpaceValues.ts';

/** A cell whose typed text is not (yet) the space's value. */
export interface Draft {
  text: string;
  /** `invalid`: refused before sending; `saving`: sent; `failed`: refused by the server (or unreachable). */
  state: 'invalid' | 'saving' | 'failed';
  message?: string;
}

/** A cell to write: its space, its field, the text typed (empty: remove the value). */
export interface CellWrite {
  spaceId: string;
  field: CellField;
  text: string;
}

/** The key of a cell in the drafts map. */
export const cellKey = (spaceId: string, fieldName: string) => `${spaceId}\u0000${fieldName}`;

/** Reads of the key back. */
export function splitCellKey(key: string): { spaceId: string; fieldName: string } {
  const [spaceId = '', fieldName = ''] = key.split('\u0000');
  return { spaceId, fieldName };
}

const PATCHES_AT_ONCE = 4;

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Unsaved cells of each organization, kept for the session when the screen is left: coming back shows them again.
 * A cell that was being sent when the screen closed comes back as failed, to be sent again (a PATCH of the same
 * values changes nothing if the first one did land).
 */
const keptDrafts = new Map<string, ReadonlyMap<string, Draft>>();

function restoredDrafts(key: string): ReadonlyMap<string, Draft> {
  const kept = keptDrafts.get(key);
  if (kept === undefined) return new Map();
  return new Map(
    [...kept].map(([cell, draft]) => [
      cell,
      draft.state === 'saving'
        ? {
            ...draft,
            state: 'failed',
            message: 'Not confirmed: the screen was left while it was being sent.',
          }
        : draft,
    ]),
  );
}

/** Puts back the cells of a refused patch, unless a later write changed them since. */
function rollBack(queryClient: QueryClient, key: readonly unknown[], patch: SpacePatch, before: SpaceValues) {
  queryClient.setQueryData<SpaceValues>(key, (now) => {
    if (now === undefined) return now;
    const next: Record<string, SpaceValues[string]> = { ...now };
    const unset = new Set<string>();
    for (const cell of patch.cells) {
      if (!sameValue(now[cell.fieldName], cell.value)) continue;
      const old = before[cell.fieldName];
      if (old === undefined) unset.add(cell.fieldName);
      else next[cell.fieldName] = old;
    }
    return unset.size === 0
      ? next
      : Object.fromEntries(Object.entries(next).filter(([name]) => !unset.has(name)));
  });
}

/** One space's PATCH, shown in the cache while it is on its way and put back if refused. */
function useWriteValues(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SpacePatch) => patchSpaceValues(profileId, patch.spaceId, patch.body),
    onMutate: async (patch) => {
      const key = spaceValuesKey(profileId, orgId, patch.spaceId);
      const before = queryClient.getQueryData<SpaceValues>(key);
      if (before === undefined) return { before };
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<SpaceValues>(key, (now) => applyPatch(now ?? before, patch));
      return { before };
    },
    onError: (_error, patch, context) => {
      if (context?.before !== undefined)
        rollBack(queryClient, spaceValuesKey(profileId, orgId, patch.spaceId), patch, context.before);
    },
    onSuccess: (_answer, patch, context) => {
      // The space was not loaded when the write left: what a read in flight answers may predate it.
      if (context?.before === undefined)
        void queryClient.invalidateQueries({ queryKey: spaceValuesKey(profileId, orgId, patch.spaceId) });
    },
  });
}

/** The unsaved cells, and `commit` to read and send cells. */
export function useCellEdits(spaceValues: SpaceValuesView) {
  const { profileId, orgId } = spaceValues;
  const keepKey = `${profileId}\u0000${orgId}`;
  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(() => restoredDrafts(keepKey));
  useEffect(() => {
    if (drafts.size === 0) keptDrafts.delete(keepKey);
    else keptDrafts.set(keepKey, drafts);
  }, [drafts, keepKey]);
  const latestDrafts = useRef(drafts);
  latestDrafts.current = drafts;
  const write = useWriteValues(profileId, orgId);
  const { mutateAsync } = write;
  const valuesOf = useRef(spaceValues.values);
  valuesOf.current = spaceValues.values;

  const update = useCallback((change: (next: Map<string, Draft>) => void) => {
    setDrafts((old) => {
      const next = new Map(old);
      change(next);
      return next;
    });
  }, []);

  const send = useCallback(
    async (patch: SpacePatch) => {
      try {
        await mutateAsync(patch);
        update((next) => {
          for (const cell of patch.cells) {
            const key = cellKey(patch.spaceId, cell.fieldName);
            // Typed again while this was on its way: the newer text stays.
            if (next.get(key)?.text === cell.text) next.delete(key);
          }
        });
      } catch (error) {
        const message = errorMessage(error);
        update((next) => {
          for (const cell of patch.cells) {
            const key = cellKey(patch.spaceId, cell.fieldName);
            if (next.get(key)?.text === cell.text)
              next.set(key, { text: cell.text, state: 'failed', message });
          }
        });
      }
    },
    [mutateAsync, update],
  );

  /**
   * A space's values as the server has them, or undefined (every cell is sent): the cache already shows cells
   * on their way, so while one of the space's cells is saving nothing of it counts as unchanged (typed again, a
   * cell is sent again rather than dropped, and stays if the first write is refused).
   */
  const confirmed = useCallback((spaceId: string): SpaceValues | undefined => {
    for (const [key, draft] of latestDrafts.current)
      if (draft.state === 'saving' && splitCellKey(key).spaceId === spaceId) return undefined;
    return valuesOf.current(spaceId);
  }, []);

  /** Reads the cells, marks the invalid ones, and sends the others; answers the plan once every PATCH settled. */
  const commit = useCallback(
    async (cells: readonly CellWrite[]): Promise<ChangePlan> => {
      const plan = planChanges(cells.map((cell) => ({ ...cell, current: confirmed(cell.spaceId) })));
      update((next) => {
        for (const cell of plan.unchanged) next.delete(cellKey(cell.spaceId, cell.fieldName));
        for (const cell of plan.invalid)
          next.set(cellKey(cell.spaceId, cell.fieldName), {
            text: cell.text,
            state: 'invalid',
            message: cell.reason,
          });
        for (const patch of plan.patches)
          for (const cell of patch.cells)
            next.set(cellKey(patch.spaceId, cell.fieldName), { text: cell.text, state: 'saving' });
      });
      await eachLimited(plan.patches, PATCHES_AT_ONCE, send);
      return plan;
    },
    [confirmed, send, update],
  );

  /** Forgets the typed text of some cells (the person chose to drop it). */
  const discard = useCallback(
    (keys: readonly string[]) =>
      update((next) => {
        for (const key of keys) next.delete(key);
      }),
    [update],
  );

  return { drafts, commit, discard };
}
