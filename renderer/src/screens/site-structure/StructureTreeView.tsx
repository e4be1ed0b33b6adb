/**
 * The structure tree: an ARIA tree over a virtualized list (as the content tree: a site can hold a thousand rows)
 * with roving focus, one DndContext whose drop spot is computed from the pointer's place among the fixed-height rows
 * and the scroll offset (`usePointerDrag`), and a keyboard path for every drag (`useKeyboardMoves`): Space or Enter
 * picks the focused row up, arrows walk the drop places (the same indicator), Space or Enter drops, Escape cancels.
 */
import { DndContext, DragOverlay, type Announcements, type ScreenReaderInstructions } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, type CSSProperties } from 'react';
import { DropIndicator, ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import { cx } from '../../ui/cx.ts';
import { ROOT, type StructureRow, type StructureTarget, type StructureTree } from './model.ts';
import { rowView } from './rowView.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';
import { StructureRowView } from './StructureRowView.tsx';
import { useKeyboardMoves } from './useKeyboardMoves.ts';
import { usePointerDrag, type Indicator } from './usePointerDrag.ts';

/** Props of `StructureTreeView`. */
export interface StructureTreeViewProps {
  tree: StructureTree;
  rows: readonly StructureRow[];
  focusedKey: string | undefined;
  setFocusedKey: (key: string) => void;
  toggle: (key: string, open?: boolean) => void;
  move: (key: string, target: StructureTarget, verb?: string) => Promise<boolean>;
  announce: (text: string) => void;
  pending: number;
}

/** What dnd-kit tells a screen reader. */
const dndAccessibility = (
  titleOf: (key: string) => string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } => ({
  announcements: {
    onDragStart: ({ active }) => `Picked up ${titleOf(String(active.id))}.`,
    onDragOver: () => undefined,
    onDragEnd: () => undefined,
    onDragCancel: () => 'Drag cancelled. Nothing changed.',
  },
  screenReaderInstructions: {
    draggable:
      'To move by keyboard, press Space or Enter to pick up, arrows to choose the place, Space or Enter to drop; or Alt+Arrow Up and Down to reorder.',
  },
});

/** How deep the drop line is drawn: one level below a row it goes into the end of, else at the row's depth. */
function indicatorDepth(indicator: Indicator | undefined, indicatorRow: StructureRow | undefined): number {
  if (indicator === undefined || indicator.target.parent === ROOT) return 0;
  return indicatorRow !== undefined &&
    indicator.target.parent === indicatorRow.key &&
    indicator.placement !== 'inside'
    ? indicatorRow.depth + 1
    : (indicatorRow?.depth ?? 0);
}

/** The tree. */
export function StructureTreeView(props: StructureTreeViewProps) {
  const { tree, rows, focusedKey } = props;
  const ref = useRef<HTMLDivElement>(null);
  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const focusedIndex = focusedKey === undefined ? -1 : (indexOf.get(focusedKey) ?? -1);
  const current = focusedIndex === -1 ? 0 : focusedIndex;
  const titleOf = (key: string) => `“${tree.nodes.get(key)?.title ?? ''}”`;
  const drag = usePointerDrag({ tree, rows, indexOf, ref, move: props.move, announce: props.announce });
  const dragKey = drag.dragKey;
  const draggedIndex = dragKey === undefined ? -1 : (indexOf.get(dragKey) ?? -1);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => ref.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The dragged row stays mounted when scrolled away (dnd-kit holds on to its node), and so does the focused
    // one: scrolling with the wheel must not drop the keyboard focus to the page.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        for (const index of [draggedIndex, current])
          if (index !== -1 && index < range.count && !indexes.includes(index)) indexes.push(index);
        return indexes.sort((a, b) => a - b);
      },
      [draggedIndex, current],
    ),
  });
  const items = virtualizer.getVirtualItems();
  const keys = useKeyboardMoves({
    ...props,
    indexOf,
    current,
    ref,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    titleOf,
  });
  const { carry } = keys;
  const indicator = keys.carriedSpot ?? drag.pointerSpot;
  const dragged = dragKey ?? carry?.key;
  const indicatorRow = indicator === undefined ? undefined : rows[indicator.index];

  return (
    <DndContext
      sensors={drag.sensors}
      autoScroll={{ threshold: { x: 0, y: 0.15 } }}
      measuring={LIST_MEASURING}
      accessibility={dndAccessibility(titleOf)}
      onDragStart={({ active, activatorEvent }) => {
        keys.setCarry(undefined);
        drag.start(String(active.id), activatorEvent);
      }}
      onDragEnd={drag.end}
      onDragCancel={drag.cancel}
    >
      <div
        ref={ref}
        role="tree"
        aria-label="Site structure: section groups, sections and site spaces"
        className={cx('content-tree', 'structure-tree', dragged !== undefined && 'is-dragging')}
        style={{ '--structure-rows-height': `${rows.length * ROW_HEIGHT}px` } as CSSProperties}
        tabIndex={focusedIndex === -1 || !items.some((item) => item.index === focusedIndex) ? 0 : -1}
        data-testid="structure-tree"
        data-pending={props.pending}
        data-carrying={carry?.key ?? ''}
        onKeyDown={keys.onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && rows.length > 0) keys.focusRow(current);
        }}
        onScroll={drag.onScroll}
        onBlur={(event) => {
          if (carry !== undefined && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
            keys.setCarry(undefined);
            props.announce('Move cancelled.');
          }
        }}
      >
        <div role="none" className="content-tree-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <StructureRowView
                key={row.key}
                view={rowView(row)}
                start={item.start}
                tabbable={item.index === current}
                dimmed={dragged === row.key}
                onToggle={props.toggle}
                onFocusRow={props.setFocusedKey}
              />
            );
          })}
          {indicator !== undefined && (
            <DropIndicator
              index={indicator.index}
              depth={indicatorDepth(indicator, indicatorRow)}
              placement={indicator.placement}
              refused={indicator.refused}
              rowCount={rows.length}
              targetKey={indicatorRow?.key ?? ROOT}
              testId="structure-drop-indicator"
            />
          )}
        </div>
      </div>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragKey !== undefined && (
          <div
            className="drag-chip content-drag-chip"
            data-testid="structure-drag-overlay"
            aria-hidden="true"
          >
            <span className="drag-chip-count">Moving {titleOf(dragKey)}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
