/**
 * The structure tree: an ARIA tree with roving focus, one DndContext whose drop spot is computed from the pointer's
 * place among the fixed-height rows (as in the content tree), and a keyboard path for every drag: Space or Enter
 * picks the focused row up, arrows walk the drop places (the same indicator), Space or Enter drops, Escape cancels.
 */
import { DndContext, DragOverlay, PointerSensor, useDraggable, useSensor, useSensors } from '@dnd-kit/core';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DropIndicator, INDENT, ROW_HEIGHT } from '../content/TreeRow.tsx';
import { emojiText } from '../content/tree.ts';
import { cx } from '../../ui/cx.ts';
import { Badge } from '../../ui/Feedback.tsx';
import {
  dropSpots,
  isDefault,
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
    ref.current?.querySelector<HTMLElement>(`[role="treeitem"][data-key="${CSS.escape(row.key)}"]`)?.focus();
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
        if (spot !== undefined) props.announce(`Drop ${spotWords(spot)}.`);
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
        tabIndex={focusedIndex === -1 ? 0 : -1}
        data-testid="structure-tree"
        data-pending={props.pending}
        data-carrying={carry?.key ?? ''}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && rows.length > 0) focusRow(current);
        }}
        onBlur={(event) => {
          if (carry !== undefined && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setCarry(undefined);
            props.announce('Move cancelled.');
          }
        }}
      >
        <div
          role="none"
          className="content-tree-body"
          style={{ height: Math.max(rows.length, 1) * ROW_HEIGHT }}
        >
          {rows.map((row, index) => (
            <StructureRowView
              key={row.key}
              row={row}
              index={index}
              tabbable={index === current}
              dimmed={dragged === row.key}
              onToggle={props.toggle}
              onFocusRow={props.setFocusedKey}
            />
          ))}
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
      <DragOverlay dropAnimation={null}>
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
  row: StructureRow;
  index: number;
  tabbable: boolean;
  dimmed: boolean;
  onToggle: (key: string) => void;
  onFocusRow: (key: string) => void;
}

/** One row: chevron, icon, title, path, condition and default badges. */
const StructureRowView = memo(function StructureRowView({
  row,
  index,
  tabbable,
  dimmed,
  onToggle,
  onFocusRow,
}: RowProps) {
  const { node } = row;
  const drag = useDraggable({ id: row.key });
  const count =
    node.kind === 'group'
      ? (node.item.sections?.length ?? 0)
      : node.kind === 'section'
        ? (node.item.siteSpaces?.length ?? 0)
        : 0;
  const emoji = node.kind === 'site-space' ? emojiText(node.item.space?.emoji ?? '') : '';
  const icon =
    node.kind === 'site-space'
      ? emoji || '📄'
      : node.item.icon !== undefined && node.item.icon !== ''
        ? node.item.icon
        : node.kind === 'group'
          ? '🗂'
          : '📚';
  const defaultItem = isDefault(node);
  return (
    <div
      ref={drag.setNodeRef}
      role="treeitem"
      className={cx('tree-row', 'structure-row', tabbable && 'is-selected', dimmed && 'is-dragging')}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, paddingLeft: row.depth * INDENT }}
      aria-level={row.depth + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={tabbable}
      aria-description={KIND_WORDS[node.kind]}
      tabIndex={tabbable ? 0 : -1}
      data-testid="structure-row"
      data-key={row.key}
      data-id={node.id}
      data-kind={node.kind}
      data-title={node.title}
      data-depth={row.depth}
      data-default={defaultItem ? 'true' : 'false'}
      onPointerDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button') !== null) return;
        drag.listeners?.onPointerDown?.(event);
      }}
      onClick={() => onFocusRow(row.key)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(row.key);
      }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          className="tree-chevron"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onToggle(row.key)}
          data-testid="structure-toggle"
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="tree-chevron" aria-hidden="true" />
      )}
      <span className="tree-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="tree-title" title={node.title}>
        {node.title || <span className="muted">Untitled</span>}
      </span>
      <span className="tree-badges">
        {node.kind !== 'group' && <span className="structure-path muted">/{node.item.path}</span>}
        {node.kind !== 'site-space' && (
          <span className="muted" data-testid="structure-count">
            {count}
          </span>
        )}
        {node.kind !== 'group' && node.item.condition !== undefined && (
          <Badge tone="warning" data-testid="structure-condition" title={node.item.condition}>
            if …
          </Badge>
        )}
        {defaultItem && (
          <Badge tone="accent" data-testid="structure-default">
            Default
          </Badge>
        )}
      </span>
    </div>
  );
});
