/**
 * The palette's highlighted entry, held here rather than by cmdk: cmdk highlights the first entry when the search
 * changes, but not when results arrive later (people are searched by the server), so Enter ran an entry that was no
 * longer first. Until the user moves the highlight (arrow keys, the pointer), it follows the best match.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The keys with which cmdk moves the highlight (`vimBindings` is off). */
const MOVING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/** cmdk's `value` and `onValueChange`, following `best` (the first entry's id) until the user moves the highlight. */
export function useHighlight(best: string): {
  value: string;
  onValueChange: (value: string) => void;
  /** A new search or list: the highlight follows the best match again. */
  follow: () => void;
  /** Call on the palette's key presses: a moving key means the user chose the highlight. */
  onKey: (event: KeyboardEvent) => void;
  /** Call on a pointer move over the list, where cmdk highlights the entry under the pointer. */
  onPointerMove: () => void;
} {
  const [value, setValue] = useState('');
  const moved = useRef(false);
  useLayoutEffect(() => {
    if (!moved.current) setValue(best);
  }, [best]);
  return {
    value,
    onValueChange: setValue,
    follow: () => (moved.current = false),
    onKey: (event) => {
      if (MOVING_KEYS.has(event.key)) moved.current = true;
    },
    onPointerMove: () => (moved.current = true),
  };
}
