/** Keyboard operation of a grid of rows (members, audit events): arrows move the focused row, Space selects, Enter opens, Ctrl/Cmd+A, Escape. */
import type { KeyboardEvent } from 'react';

/** What the keys do. */
export interface GridKeyActions {
  focused: number;
  last: number;
  pageSize: number;
  moveTo: (index: number) => void;
  toggle: (index: number) => void;
  open: (index: number) => void;
  selectAll: () => void;
  clear: () => boolean;
}

function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox')
  );
}

/** The grid's keydown handler; only events whose target is inside the grid (not a portalled menu) count. */
export function gridKeyDown(event: KeyboardEvent<HTMLElement>, a: GridKeyActions): void {
  const target = event.target;
  if (!(target instanceof HTMLElement) || !event.currentTarget.contains(target)) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === 'a' && !isTextEntry(target)) {
    event.preventDefault();
    a.selectAll();
    return;
  }
  if (event.key === 'Escape' && !isTextEntry(target)) {
    if (a.clear()) event.preventDefault();
    return;
  }
  if (target.getAttribute('role') !== 'row' || target.dataset.index === undefined) return;
  const moves: Record<string, number> = {
    ArrowDown: a.focused + 1,
    ArrowUp: a.focused - 1,
    PageDown: a.focused + a.pageSize,
    PageUp: a.focused - a.pageSize,
    Home: 0,
    End: a.last,
  };
  const to = moves[event.key];
  if (to !== undefined && !mod) {
    event.preventDefault();
    a.moveTo(Math.max(0, Math.min(a.last, to)));
  } else if (event.key === ' ') {
    event.preventDefault();
    a.toggle(a.focused);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    a.open(a.focused);
  }
}
