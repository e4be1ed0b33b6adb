/**
 * The custom field values of many spaces, read from the query cache (`spaceValuesQuery`, one query per space): the
 * grid asks only for the rows it renders (`useVisibleValues`); the rest of the screen reads what is in the cache
 * (`useSpaceValues`), re-rendered whenever a space's values change there. There is no store of our own: cell edits
 * write the cache optimistically (useCellEdits.ts), a field's change resets or trims it.
 */
import { useQueries, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { spaceValuesKey, spaceValuesQuery, type SpaceValues } from '../../queries/customFields.ts';

export type { SpaceValues } from '../../queries/customFields.ts';

/** What is known of one space. */
export type SpaceEntry =
  { state: 'loading' } | { state: 'loaded'; values: SpaceValues } | { state: 'failed'; message: string };

/** The values of an organization's spaces as the cache holds them, and what the screen does with them. */
export interface SpaceValuesView {
  profileId: string;
  orgId: string;
  /** What is known of a space (undefined: not asked for yet). */
  get: (spaceId: string) => SpaceEntry | undefined;
  /** A space's values once loaded. */
  values: (spaceId: string) => SpaceValues | undefined;
  /** How many spaces could not be read. */
  failedCount: number;
  /** Reads again the spaces whose read failed (those on screen now, the others when shown). */
  retryFailed: () => void;
  /** Reads every space not read yet, behind the rows on screen; resolves once all are settled. */
  loadAll: (spaceIds: readonly string[]) => Promise<void>;
  /** Forgets every value (a field's options changed on the server): the rows on screen are read again. */
  clear: () => void;
  /** Removes one field's values from every loaded space (the field was deleted). */
  dropField: (fieldName: string) => void;
}

const failed = (query: Query) => query.state.status === 'error';

// One entry object per answer, so that memoized cells re-render only when their space's values change.
const LOADING: SpaceEntry = { state: 'loading' };
const loadedEntries = new WeakMap<SpaceValues, SpaceEntry>();
const failedEntries = new WeakMap<object, SpaceEntry>();

function loadedEntry(values: SpaceValues): SpaceEntry {
  let entry = loadedEntries.get(values);
  if (entry === undefined) loadedEntries.set(values, (entry = { state: 'loaded', values }));
  return entry;
}

function failedEntry(error: unknown): SpaceEntry {
  const message = error instanceof Error ? error.message : '';
  const made: SpaceEntry = { state: 'failed', message: message !== '' ? message : 'Could not load.' };
  if (typeof error !== 'object' || error === null) return made;
  let entry = failedEntries.get(error);
  if (entry === undefined) failedEntries.set(error, (entry = made));
  return entry;
}

/** The values of the organization's spaces in the cache; the component re-renders when any of them changes. */
export function useSpaceValues(profileId: string, orgId: string): SpaceValuesView {
  const queryClient = useQueryClient();
  const prefix = useMemo(() => spaceValuesKey(profileId, orgId), [profileId, orgId]);
  const changes = useRef(0);
  const subscribe = useCallback(
    (listener: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        // State changes only: a query is added to the cache while a component renders.
        if (event.type !== 'updated' && event.type !== 'removed') return;
        const key = event.query.queryKey;
        if (key.length !== prefix.length + 1 || !prefix.every((part, index) => key[index] === part)) return;
        changes.current++;
        listener();
      }),
    [queryClient, prefix],
  );
  const version = useSyncExternalStore(subscribe, () => changes.current);

  return useMemo(() => {
    void version;
    const cache = queryClient.getQueryCache();
    const get = (spaceId: string): SpaceEntry | undefined => {
      const state = queryClient.getQueryState<SpaceValues>(spaceValuesKey(profileId, orgId, spaceId));
      if (state === undefined) return undefined;
      if (state.status === 'success' && state.data !== undefined) return loadedEntry(state.data);
      if (state.status === 'error') return failedEntry(state.error);
      return state.fetchStatus === 'idle' ? undefined : LOADING;
    };
    return {
      profileId,
      orgId,
      get,
      values: (spaceId) => {
        const entry = get(spaceId);
        return entry?.state === 'loaded' ? entry.values : undefined;
      },
      failedCount: cache.findAll({ queryKey: prefix, predicate: failed }).length,
      retryFailed: () => void queryClient.resetQueries({ queryKey: prefix, predicate: failed }),
      loadAll: async (spaceIds) => {
        await Promise.allSettled(
          spaceIds.map((spaceId) =>
            queryClient.fetchQuery(spaceValuesQuery(profileId, orgId, spaceId, true)),
          ),
        );
      },
      clear: () => void queryClient.resetQueries({ queryKey: prefix }),
      dropField: (fieldName) =>
        queryClient.setQueriesData<SpaceValues>({ queryKey: prefix }, (values) =>
          values === undefined || !(fieldName in values)
            ? values
            : Object.fromEntries(Object.entries(values).filter(([name]) => name !== fieldName)),
        ),
    };
  }, [queryClient, profileId, orgId, prefix, version]);
}

/** Keeps the values of `spaceIds` (the rows rendered, first to last) read; rows no longer rendered wait no more. */
export function useVisibleValues(
  view: Pick<SpaceValuesView, 'profileId' | 'orgId'>,
  spaceIds: readonly string[],
) {
  useQueries({ queries: spaceIds.map((spaceId) => spaceValuesQuery(view.profileId, view.orgId, spaceId)) });
}
