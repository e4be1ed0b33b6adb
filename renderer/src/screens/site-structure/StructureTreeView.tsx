/**
 * The structure tree: an ARIA tree over a virtualized list (as the content tree: a site can hold a thousand rows)
 * with roving focus, one DndContext whose drop spot is computed from the pointer's place among the fixed-height rows
 * and the scroll offset, and a keyboard path for every drag: Space or Enter picks the focused row up, arrows walk
 * the drop places (the same indicator), Space or Enter drops, Escape cancels.
 */
import { DndContext, DragOverlay, PointerSensor, useDraggable, useSensor, useSensors } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { DropIndicator, INDENT, ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import { focusTreeRow } from '../../ui/tree/treeFocus.ts';
import { cx } from '../../ui/cx.ts';
import { Badge } from '../../ui/Feedback.tsx';
import {
  dropSpots,
  lineIndex,
  placementFor,
  refusal,
  ROOT,
  stepTarget,
  targetOfDrop,
  type DropSpot,
  type StructureRow,
  type StructureTarget,
  type StructureTree,
} from './model.ts';
import { rowView, sameRowView, type RowView } from './rowView.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';

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

interface Indicator extends DropSpot {
  refused: boolean;
}

const KIND_WORDS = {
  group: 'section group',
  section: 'section',
  'site-space': 'site space (variant)',
} as const;

/** The tree. */
export function StructureTreeView(props: StructureTreeViewProps) {
  const { tree, rows, focusedKey } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [dragKey, setDragKey] = useState<string | undefined>(undefined);
  const [carry, setCarry] = useState<{ key: string; at: number } | undefined>(undefined);
  const [pointerSpot, setPointerSpot] = useState<Indicator | undefined>(undefined);
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);

  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const focusedIndex = focusedKey === undefined ? -1 : (indexOf.get(focusedKey) ?? -1);
  const current = focusedIndex === -1 ? 0 : focusedIndex;
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
  const carrySpots = useMemo(
    () => (carry === undefined ? [] : dropSpots(tree, rows, carry.key)),
    [carry, tree, rows],
  );
  const carried = carry === undefined ? undefined : carrySpots[Math.min(carry.at, carrySpots.length - 1)];
  const indicator: Indicator | undefined =
    carried !== undefined && carry !== undefined
      ? { ...carried, refused: refusal(tree, carry.key, carried.target) !== undefined }
      : pointerSpot;

  const focusRow = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    props.setFocusedKey(row.key);
    focusTreeRow(ref.current, (i) => virtualizer.scrollToIndex(i, { align: 'auto' }), index, row.key);
  };

  const titleOf = (key: string) => `“${tree.nodes.get(key)?.title ?? ''}”`;
  const spotWords = (spot: DropSpot) => {
    const row = rows[spot.index];
    return row === undefined ? 'at the end' : `${spot.placement} ${titleOf(row.key)}`;
  };

  const pickUp = (key: string) => {
    const spots = dropSpots(tree, rows, key);
    const index = indexOf.get(key) ?? 0;
    // Start on the item's own place, so that the first arrow moves it by one.
    const line = (spot: DropSpot) =>
      spot.index + (spot.placement === 'after' ? 1 : spot.placement === 'inside' ? 0.5 : 0);
    const at = Math.max(
      0,
      spots.findIndex((spot) => line(spot) >= index),
    );
    setCarry({ key, at });
    props.announce(
      `Picked up ${titleOf(key)}. Arrow keys choose where it goes, Space or Enter drops it, Escape cancels.`,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'treeitem') return;
    const row = rows[current];
    if (row === undefined) return;
    const key = event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (carry !== undefined) {
      handled();
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        const at = Math.max(0, Math.min(carrySpots.length - 1, carry.at + (key === 'ArrowDown' ? 1 : -1)));
        setCarry({ ...carry, at });
        const spot = carrySpots[at];
        if (spot !== undefined) {
          virtualizer.scrollToIndex(Math.min(spot.index, rows.length - 1), { align: 'auto' });
          props.announce(`Drop ${spotWords(spot)}.`);
        }
      } else if (key === 'Escape') {
        setCarry(undefined);
        props.announce(`Cancelled. ${titleOf(carry.key)} stays where it was.`);
      } else if (key === ' ' || key === 'Enter') {
        setCarry(undefined);
        if (carried === undefined) props.announce('Nowhere to drop. Nothing changed.');
        else void props.move(carry.key, carried.target, 'Dropped');
      }
      return;
    }
    if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
      handled();
      const direction = key === 'ArrowUp' ? 'up' : 'down';
      const step = stepTarget(tree, row.key, direction);
      if (step === undefined)
        props.announce(
          `${titleOf(row.key)} is already ${direction === 'up' ? 'first' : 'last'} among its siblings.`,
        );
      else void props.move(row.key, step, `Moved ${direction}`);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      handled();
      focusRow(Math.max(0, Math.min(rows.length - 1, current + (key === 'ArrowDown' ? 1 : -1))));
    } else if (key === 'Home' || key === 'End') {
      handled();
      focusRow(key === 'Home' ? 0 : rows.length - 1);
    } else if (key === 'ArrowRight') {
      handled();
      if (row.hasChildren && !row.expanded) props.toggle(row.key, true);
      else if (row.hasChildren) focusRow(current + 1);
    } else if (key === 'ArrowLeft') {
      handled();
      if (row.hasChildren && row.expanded) props.toggle(row.key, false);
      else if (row.parentKey !== ROOT) focusRow(indexOf.get(row.parentKey) ?? current);
    } else if (key === ' ' || key === 'Enter') {
      handled();
      pickUp(row.key);
    }
  };

  // Pointer drags.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const spotAt = (key: string, x: number, y: number): Indicator | undefined => {
    const element = ref.current;
    if (element === null) return undefined;
    const box = element.getBoundingClientRect();
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) return undefined;
    const offset = y - box.top - element.clientTop + element.scrollTop;
    const index = Math.floor(offset / ROW_HEIGHT);
    const row = rows[index];
    if (index < 0) return undefined;
    const spot =
      row === undefined
        ? { key: ROOT, placement: 'after' as const }
        : {
            key: row.key,
            placement: placementFor(tree, key, row.key, offset - index * ROW_HEIGHT, ROW_HEIGHT),
          };
    const target = targetOfDrop(tree, key, spot, (k) => rows[indexOf.get(k) ?? -1]?.expanded === true);
    if (target === undefined) return undefined;
    return {
      index: row === undefined ? rows.length : lineIndex(rows, index, spot.placement, target),
      placement: spot.placement,
      target,
      refused: refusal(tree, key, target) !== undefined,
    };
  };

  const latest = useRef({ spotAt, dragKey });
  latest.current = { spotAt, dragKey };
  const update = () => {
    const { dragKey: key, spotAt: at } = latest.current;
    const next =
      key === undefined || pointer.current === undefined
        ? undefined
        : at(key, pointer.current.x, pointer.current.y);
    setPointerSpot((prev) =>
      prev?.index === next?.index && prev?.placement === next?.placement && prev?.refused === next?.refused
        ? prev
        : next,
    );
    return next;
  };

  useEffect(() => {
    if (dragKey === undefined) return;
    const onMove = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      update();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => window.removeEventListener('pointermove', onMove);
    // `update` reads the latest state through a ref.
  }, [dragKey]);

  const endDrag = () => {
    setDragKey(undefined);
    setPointerSpot(undefined);
    pointer.current = undefined;
  };

  const dragged = dragKey ?? carry?.key;
  const indicatorRow = indicator === undefined ? undefined : rows[indicator.index];
  const indicatorDepth =
    indicator === undefined
      ? 0
      : indicator.target.parent === ROOT
        ? 0
        : indicatorRow !== undefined &&
            indicator.target.parent === indicatorRow.key &&
            indicator.placement !== 'inside'
          ? indicatorRow.depth + 1
          : (indicatorRow?.depth ?? 0);

  return (
    <DndContext
      sensors={sensors}
      autoScroll={{ threshold: { x: 0, y: 0.15 } }}
      measuring={LIST_MEASURING}
      accessibility={{
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
      }}
      onDragStart={({ active, activatorEvent }) => {
        setCarry(undefined);
        setDragKey(String(active.id));
        if (activatorEvent instanceof PointerEvent)
          pointer.current = { x: activatorEvent.clientX, y: activatorEvent.clientY };
      }}
      onDragEnd={() => {
        const key = dragKey;
        const spot = update();
        endDrag();
        if (key === undefined || spot === undefined) {
          props.announce('Dropped outside the places it can go. Nothing changed.');
          return;
        }
        void props.move(key, spot.target);
      }}
      onDragCancel={endDrag}
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
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && rows.length > 0) focusRow(current);
        }}
        onScroll={() => {
          if (dragKey !== undefined) update();
        }}
        onBlur={(event) => {
          if (carry !== undefined && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setCarry(undefined);
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
              depth={indicatorDepth}
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

interface RowProps {
  view: RowView;
  start: number;
  tabbable: boolean;
  dimmed: boolean;
  onToggle: (key: string) => void;
  onFocusRow: (key: string) => void;
}

/** Rows compare what they show: the model rebuilds every node after each change. */
const sameRowProps = (a: RowProps, b: RowProps) =>
  a.start === b.start &&
  a.tabbable === b.tabbable &&
  a.dimmed === b.dimmed &&
  a.onToggle === b.onToggle &&
  a.onFocusRow === b.onFocusRow &&
  sameRowView(a.view, b.view);

/** One row: chevron, icon, title, path, condition and default badges. */
const StructureRowView = memo(function StructureRowView({
  view,
  start,
  tabbable,
  dimmed,
  onToggle,
  onFocusRow,
}: RowProps) {
  const drag = useDraggable({ id: view.key });
  return (
    <div
      ref={drag.setNodeRef}
      role="treeitem"
      className={cx('tree-row', 'structure-row', tabbable && 'is-selected', dimmed && 'is-dragging')}
      style={{ transform: `translateY(${start}px)`, paddingLeft: view.depth * INDENT }}
      aria-level={view.depth + 1}
      aria-setsize={view.setSize}
      aria-posinset={view.posInSet}
      aria-expanded={view.hasChildren ? view.expanded : undefined}
      aria-selected={tabbable}
      aria-description={KIND_WORDS[view.kind]}
      tabIndex={tabbable ? 0 : -1}
      data-testid="structure-row"
      data-key={view.key}
      data-id={view.id}
      data-kind={view.kind}
      data-title={view.title}
      data-depth={view.depth}
      data-default={view.isDefault ? 'true' : 'false'}
      onPointerDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button') !== null) return;
        drag.listeners?.onPointerDown?.(event);
      }}
      onClick={() => onFocusRow(view.key)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(view.key);
      }}
    >
      {view.hasChildren ? (
        <button
          type="button"
          className="tree-chevron"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onToggle(view.key)}
          data-testid="structure-toggle"
        >
          {view.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="tree-chevron" aria-hidden="true" />
      )}
      <span className="tree-icon" aria-hidden="true">
        {view.icon}
      </span>
      <span className="tree-title" title={view.title}>
        {view.title || <span className="muted">Untitled</span>}
      </span>
      <span className="tree-badges">
        {view.path !== undefined && <span className="structure-path muted">/{view.path}</span>}
        {view.count !== undefined && (
          <span className="muted" data-testid="structure-count">
            {view.count}
          </span>
        )}
        {view.condition !== undefined && (
          <Badge tone="warning" data-testid="structure-condition" title={view.condition}>
            if …
          </Badge>
        )}
        {view.isDefault && (
          <Badge tone="accent" data-testid="structure-default">
            Default
          </Badge>
        )}
      </span>
    </div>
  );
}, sameRowProps);
