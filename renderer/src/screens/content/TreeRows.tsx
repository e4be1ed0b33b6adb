/**
 * The content tree's virtualized rows, a component of their own: the virtualizer re-renders this on every frame of a
 * scroll, and only this (not the drag context, the context menu and the tree's own element). Rows are keyed by
 * recycled slots (`ui/slots.ts`); the focused row and the dragged one stay mounted when scrolled away, so that the
 * focus stays on its row and dnd-kit keeps its node.
 */
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, type ReactNode, type RefObject } from 'react';
import type { FlatRow } from '../../queries/contentTree/tree.ts';
import { mountOrder, useSlots } from '../../ui/slots.ts';
import { ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import { TreeRow, type TreeRowHandlers } from './TreeRow.tsx';

/** The tree's virtualizer, as the tree uses it (scrolling to a row). */
export type TreeVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** Props of `TreeRows`. */
export interface TreeRowsProps {
  rows: readonly FlatRow[];
  /** The tree's scroll container, once attached (`useScrollElement`). */
  scrollElement: HTMLDivElement | null;
  /** Receives the virtualizer, for the tree's keyboard (scrolling to a row). */
  virtualizerRef: RefObject<TreeVirtualizer | null>;
  selected: ReadonlySet<string>;
  /** The row holding the roving tab stop. */
  current: number;
  /** Rows kept mounted when scrolled away (-1: none): the focused row, the dragged one. */
  focusedIndex: number;
  activeIndex: number;
  renaming: string | undefined;
  /** The rows being dragged (dimmed). */
  dragKeys: readonly string[] | undefined;
  handlers: TreeRowHandlers;
  /** Drawn over the rows (the drop indicator). */
  children?: ReactNode;
}

/** The body of the tree: its rows, at their places in the whole list's height. */
export const TreeRows = memo(function TreeRows(props: TreeRowsProps) {
  const { rows, scrollElement, virtualizerRef, selected, current, focusedIndex, activeIndex, renaming } =
    props;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    // Rows mounted beyond each edge (as the members grid): fewer rows to style, lay out and paint on every frame.
    overscan: 6,
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        for (const kept of [focusedIndex, activeIndex])
          if (kept !== -1 && kept < range.count && !indexes.includes(kept)) indexes.push(kept);
        return indexes.sort((a, b) => a - b);
      },
      [focusedIndex, activeIndex],
    ),
  });
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  }, [virtualizerRef, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const dragged = useMemo(() => new Set(props.dragKeys ?? []), [props.dragKeys]);
  const slotOf = useSlots(items.map((item) => rows[item.index]?.key ?? ''));
  const scrolling = virtualizer.isScrolling;
  return (
    <div
      role="none"
      className="content-tree-body"
      style={{ height: virtualizer.getTotalSize() }}
      // Rows mounted by slot, not in the order shown, while this is set (`mountOrder`).
      data-scrolling={scrolling || undefined}
    >
      {mountOrder(items, (item) => slotOf(rows[item.index]?.key ?? ''), scrolling).map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <TreeRow
            key={slotOf(row.key)}
            row={row}
            index={item.index}
            start={item.start}
            selected={selected.has(row.key)}
            tabbable={item.index === current}
            renaming={renaming === row.key}
            dimmed={dragged.has(row.key)}
            handlers={props.handlers}
          />
        );
      })}
      {props.children}
    </div>
  );
});
