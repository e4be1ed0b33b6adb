/**
 * Drag and drop in the content tree: the dragged keys, the drop indicator computed from the pointer's place in the
 * list (rows have a fixed height, so no row registers a droppable), and the drop.
 */
import { PointerSensor, useSensor, useSensors, type DragStartEvent } from '@dnd-kit/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  itemsPhrase,
  movedRoots,
  placementAt,
  refusal,
  targetOfDrop,
  type MoveTarget,
  type Placement,
} from '../../queries/contentTree/moves.ts';
import { ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import { ROOT, type ContentTree as Tree, type FlatRow } from '../../queries/contentTree/tree.ts';
import { useStable } from './useStable.ts';

/** The drop indicator's place: a line before or after a row, or the row itself (inside). */
export interface Indicator {
  index: number;
  placement: Placement;
  depth: number;
  target: MoveTarget;
  refused: boolean;
}

interface TreeDragOptions {
  tree: Tree;
  rows: readonly FlatRow[];
  indexOf: ReadonlyMap<string, number>;
  selected: ReadonlySet<string>;
  treeRef: RefObject<HTMLDivElement | null>;
  move: (keys: readonly string[], target: MoveTarget) => Promise<boolean>;
  announce: (text: string) => void;
}

/** The drag's state and the DndContext's handlers. */
export function useTreeDrag({ tree, rows, indexOf, selected, treeRef, move, announce }: TreeDragOptions) {
  const [dragKeys, setDragKeys] = useState<string[] | undefined>(undefined);
  const [indicator, setIndicator] = useState<Indicator | undefined>(undefined);
  const indicatorRef = useRef<Indicator | undefined>(undefined);
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const spotAt = useStable((x: number, y: number): Indicator | undefined => {
    const element = treeRef.current;
    if (element === null || dragKeys === undefined) return undefined;
    const box = element.getBoundingClientRect();
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) return undefined;
    const offset = y - box.top - element.clientTop + element.scrollTop;
    const index = Math.floor(offset / ROW_HEIGHT);
    if (index < 0) return undefined;
    const row = rows[index];
    const spot =
      row === undefined
        ? { key: ROOT, placement: 'after' as const }
        : { key: row.key, placement: placementAt(offset - index * ROW_HEIGHT, ROW_HEIGHT, row.node.kind) };
    const target = targetOfDrop(
      tree,
      spot,
      dragKeys,
      (key) => rows[indexOf.get(key) ?? -1]?.expanded === true,
    );
    if (target === undefined) return undefined;
    const intoOpen = row !== undefined && spot.placement === 'after' && target.parent === row.key;
    return {
      index: row === undefined ? rows.length : index,
      placement: spot.placement,
      depth: row === undefined ? 0 : row.depth + (intoOpen ? 1 : 0),
      target,
      refused: refusal(tree, movedRoots(tree, dragKeys), target.parent) !== undefined,
    };
  });

  const updateIndicator = useStable(() => {
    const at = pointer.current;
    const next = at === undefined ? undefined : spotAt(at.x, at.y);
    const prev = indicatorRef.current;
    if (
      prev?.index === next?.index &&
      prev?.placement === next?.placement &&
      prev?.depth === next?.depth &&
      prev?.refused === next?.refused
    )
      return;
    indicatorRef.current = next;
    setIndicator(next);
  });

  useEffect(() => {
    if (dragKeys === undefined) return;
    const onMove = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      updateIndicator();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => window.removeEventListener('pointermove', onMove);
  }, [dragKeys, updateIndicator]);

  const endDrag = () => {
    setDragKeys(undefined);
    setIndicator(undefined);
    indicatorRef.current = undefined;
    pointer.current = undefined;
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const key = String(active.id);
    const keys = selected.has(key) ? movedRoots(tree, [...selected]) : [key];
    setDragKeys(keys);
    if (activatorEvent instanceof PointerEvent)
      pointer.current = { x: activatorEvent.clientX, y: activatorEvent.clientY };
  };

  const onDragEnd = () => {
    const keys = dragKeys;
    updateIndicator();
    const spot = indicatorRef.current;
    endDrag();
    if (keys === undefined || spot === undefined) {
      announce('Dropped outside the tree. Nothing changed.');
      return;
    }
    void move(keys, spot.target);
  };

  const dragPhrase = dragKeys === undefined ? '' : itemsPhrase(tree, dragKeys);
  const accessibility = {
    announcements: {
      onDragStart: () =>
        `Picked up ${dragPhrase}. Drop on a collection to move inside it, between rows to reorder.`,
      onDragOver: () => undefined,
      onDragEnd: () => undefined,
      onDragCancel: () => 'Drag cancelled. Nothing changed.',
    },
    screenReaderInstructions: {
      draggable: 'To move by keyboard, press M for “Move to…”, or Alt+Arrow Up and Down to reorder.',
    },
  };

  return {
    dragKeys,
    dragPhrase,
    indicator,
    updateIndicator,
    context: { sensors, accessibility, onDragStart, onDragEnd, onDragCancel: endDrag },
  };
}
