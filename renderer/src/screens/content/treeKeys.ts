/** The content tree's keyboard path: arrows, Home/End, Enter, Space, F2, M, Ctrl+A, Escape, Alt+arrows, Shift+F10. */
import type { KeyboardEvent } from 'react';
import { rangeBetween } from '../../ui/range.ts';
import { ROOT, type FlatRow } from '../../queries/contentTree/tree.ts';
import type { TreeSelection } from './ContentTree.tsx';

/** What a key press may read and do. */
export interface TreeKeyContext {
  rows: readonly FlatRow[];
  /** The focused row's index (0 when none is focused). */
  current: number;
  selection: TreeSelection;
  setSelection: (selection: TreeSelection) => void;
  toggle: (key: string, open?: boolean) => void;
  focusRow: (index: number) => void;
  focusKey: (key: string) => void;
  open: (index: number) => void;
  stepMove: (key: string, direction: 'up' | 'down') => void;
  startRename: (key: string) => void;
  openMoveDialog: (keys: string[]) => void;
  /** The items an action on `key` applies to. */
  subjectOf: (key: string) => string[];
}

/** Opens the tree's context menu for a row, at `at` (the row, or its ⋯ button). */
export function openMenuAt(at: HTMLElement): void {
  const box = at.getBoundingClientRect();
  at.dispatchEvent(
    new MouseEvent('contextmenu', {
      bubbles: true,
      cancelable: true,
      clientX: Math.min(box.left + 48, box.right),
      clientY: box.bottom,
    }),
  );
}

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

const toggled = (selected: ReadonlySet<string>, key: string): Set<string> => {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
};

/** Arrow Up and Down, with Shift extending the selection from its anchor. */
function stepFocus(event: KeyboardEvent<HTMLDivElement>, row: FlatRow, context: TreeKeyContext): void {
  const { rows, current, selection } = context;
  const to = Math.max(0, Math.min(rows.length - 1, current + (event.key === 'ArrowDown' ? 1 : -1)));
  context.focusRow(to);
  if (!event.shiftKey) return;
  const toKey = rows[to]!.key;
  const anchor = selection.anchor ?? row.key;
  context.setSelection({
    selected: new Set(
      rangeBetween(
        rows.map((r) => r.key),
        anchor,
        toKey,
      ),
    ),
    anchor,
  });
}

/** The keys that need no modifier but Shift (handled by the caller); returns whether the key was handled. */
function plainKey(event: KeyboardEvent<HTMLDivElement>, row: FlatRow, context: TreeKeyContext): boolean {
  const { rows, current, selection } = context;
  const key = event.key;
  const mod = event.ctrlKey || event.metaKey;
  if (key === 'ArrowDown' || key === 'ArrowUp') stepFocus(event, row, context);
  else if (key === 'Home' || key === 'End') context.focusRow(key === 'Home' ? 0 : rows.length - 1);
  else if (key === 'ArrowRight') {
    if (row.hasChildren && !row.expanded) context.toggle(row.key, true);
    else if (row.hasChildren) context.focusRow(current + 1);
  } else if (key === 'ArrowLeft') {
    if (row.hasChildren && row.expanded) context.toggle(row.key, false);
    else if (row.parentKey !== ROOT) context.focusKey(row.parentKey);
  } else if (key === 'Enter') {
    context.setSelection({ selected: new Set([row.key]), anchor: row.key });
    context.open(current);
  } else if (key === ' ') {
    context.setSelection({ selected: toggled(selection.selected, row.key), anchor: row.key });
  } else if (key === 'F2') context.startRename(row.key);
  else if ((key === 'm' || key === 'M') && !mod && !event.shiftKey)
    context.openMoveDialog(context.subjectOf(row.key));
  else if (mod && key.toLowerCase() === 'a')
    context.setSelection({ selected: new Set(rows.map((r) => r.key)), anchor: selection.anchor });
  else if (key === 'Escape' && selection.selected.size > 0)
    context.setSelection({ selected: new Set(), anchor: undefined });
  else return false;
  return true;
}

/** Handles a key press on a row of the tree. */
export function onTreeKeyDown(event: KeyboardEvent<HTMLDivElement>, context: TreeKeyContext): void {
  const target = event.target;
  if (!(target instanceof HTMLElement) || isTextEntry(target)) return;
  if (!event.currentTarget.contains(target) || target.getAttribute('role') !== 'treeitem') return;
  const row = context.rows[context.current];
  if (row === undefined) return;
  const key = event.key;
  const handled = () => {
    event.preventDefault();
    event.stopPropagation();
  };
  if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
    handled();
    context.stepMove(row.key, key === 'ArrowUp' ? 'up' : 'down');
    return;
  }
  if ((key === 'F10' && event.shiftKey) || key === 'ContextMenu') {
    handled();
    openMenuAt(target);
    return;
  }
  if (event.altKey) return;
  if (plainKey(event, row, context)) handled();
}
