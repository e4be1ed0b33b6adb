/** A stable function that always calls the latest version of a callback. */
import { useCallback, useEffect, useRef } from 'react';

/** Keeps `fn`'s latest version behind a stable function, so that memoised rows do not re-render for it. */
export function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
