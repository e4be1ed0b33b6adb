/** The viewed marks of a request as React state, kept in localStorage (see viewed.ts for the rules). */
import { useCallback, useMemo, useState } from 'react';
import type { PageChange, ReviewTree } from './classify.ts';
import {
  isViewed,
  readMarks,
  viewedCount,
  viewedKey,
  withViewed,
  writeMarks,
  type ViewedMarks,
} from './viewed.ts';

/** Local storage, or nothing where it is disabled. */
function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** The marks of one request: whether a page is viewed, toggling, and the count over the changed pages. */
export function useViewedMarks(profileId: string, changeRequestId: string) {
  const key = viewedKey(profileId, changeRequestId);
  const [state, setState] = useState<{ key: string; marks: ViewedMarks }>(() => ({
    key,
    marks: readMarks(storage() ?? emptyStorage, key),
  }));
  // Another request (or profile) reads its own marks.
  const marks = state.key === key ? state.marks : readMarks(storage() ?? emptyStorage, key);

  const toggle = useCallback(
    (change: PageChange) => {
      const next = withViewed(marks, change, !isViewed(marks, change));
      const store = storage();
      if (store !== undefined) writeMarks(store, key, next);
      setState({ key, marks: next });
    },
    [marks, key],
  );
  return useMemo(
    () => ({
      isViewed: (change: PageChange) => isViewed(marks, change),
      toggle,
      count: (tree: ReviewTree) =>
        viewedCount(
          marks,
          tree.changed.map((id) => tree.nodes.get(id)!.change!),
        ),
    }),
    [marks, toggle],
  );
}

const emptyStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};
