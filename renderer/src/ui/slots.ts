/**
 * Recycled row slots for virtualized lists: each mounted row is keyed by a slot number instead of its own key, a row
 * keeps its slot while it stays in the window, and a row entering the window takes a slot a row leaving it freed. React
 * then updates the freed row's elements in place instead of dropping them and creating new ones, which on a fast scroll
 * was most of a frame's DOM work and garbage (bench people and tree: a viewport of rows replaced every frame).
 */
import { useRef } from 'react';

/**
 * The slot of each key: a key that had one in `previous` keeps it, the others take the lowest free ones. Slots are
 * distinct within one call, whatever `previous` holds.
 */
export function assignSlots(
  previous: ReadonlyMap<string, number>,
  keys: readonly string[],
): Map<string, number> {
  const next = new Map<string, number>();
  const taken = new Set<number>();
  for (const key of keys) {
    const slot = previous.get(key);
    if (slot !== undefined && !taken.has(slot) && !next.has(key)) {
      next.set(key, slot);
      taken.add(slot);
    }
  }
  let free = 0;
  for (const key of keys) {
    if (next.has(key)) continue;
    while (taken.has(free)) free++;
    next.set(key, free);
    taken.add(free);
  }
  return next;
}

/**
 * The order in which to mount a list's rows: by index (the order they show in) at rest, by slot while the list scrolls.
 * Rows keyed by slot but mounted by index move in the DOM whenever a slot changes hands (a row leaving at the top takes
 * the place of one entering at the bottom), and Chromium rebuilds a moved row's style and layout objects: on a scroll
 * of a viewport per frame that was a third of each frame's main-thread time (bench people, traced: 9.8 → 6.6 ms per
 * frame mounted by slot). While it scrolls, rows are mounted by slot, so that none moves (each shows its place through
 * its transform, and `aria-rowindex` where it has one); once the scroll stops (the virtualizer's `isScrolling` resets),
 * they are mounted by index again, so that at rest the DOM's order, which assistive technology and tests read, is the
 * order on the screen.
 */
export function mountOrder<T>(
  items: readonly T[],
  slotOf: (item: T) => number,
  scrolling: boolean,
): readonly T[] {
  return scrolling ? [...items].sort((a, b) => slotOf(a) - slotOf(b)) : items;
}

/**
 * The slots of the keys rendered now, remembered from the previous render: `slotOf(key)` is the React key for the row
 * of `key`. A row that must keep its element (the focused one, the one dragged) should stay among `keys`.
 */
export function useSlots(keys: readonly string[]): (key: string) => number {
  const previous = useRef<ReadonlyMap<string, number>>(new Map());
  // Recomputed from the last render's slots: rendering the same keys twice (Strict Mode) gives the same slots.
  const slots = assignSlots(previous.current, keys);
  previous.current = slots;
  return (key) => slots.get(key) ?? -1;
}
