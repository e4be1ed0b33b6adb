/**
 * Moving the focus to a row of a virtualized grid (`role="row"` with `data-index`): the row is scrolled into view,
 * then focused once it is rendered (the virtualizer renders it within a few frames). For the grids of `gridKeys.ts`.
 */
import { useCallback, type RefObject } from 'react';

/** A stable function that makes row `index` the focused one: `setFocused`, scrolled to, and focused. */
export function useFocusRow(
  virtualizer: { scrollToIndex(index: number, options: { align: 'auto' }): void },
  scrollRef: RefObject<HTMLDivElement | null>,
  setFocused: (index: number) => void,
) {
  return useCallback(
    (index: number) => {
      setFocused(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
        if (row) row.focus({ preventScroll: true });
        else if (tries++ < 6) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [virtualizer, scrollRef, setFocused],
  );
}
