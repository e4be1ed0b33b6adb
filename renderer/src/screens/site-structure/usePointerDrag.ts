/**
 * The pointer path of the structure tree: the dragged key, and the drop spot computed from the pointer's place among
 * the fixed-height rows and the scroll offset (dnd-kit's own collision detection does not know the tree's levels).
 */
import { PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import {
  lineIndex,
  placementFor,
  refusal,
  ROOT,
  targetOfDrop,
  type DropSpot,
  type StructureRow,
  type StructureTarget,
  type StructureTree,
} from './model.ts';

/** A drop place as shown: where the line is, and whether the server would refuse the move. */
export interface Indicator extends DropSpot {
  refused: boolean;
}

interface PointerDragOptions {
  tree: StructureTree;
  rows: readonly StructureRow[];
  indexOf: ReadonlyMap<string, number>;
  ref: RefObject<HTMLDivElement | null>;
  move: (key: string, target: StructureTarget) => Promise<boolean>;
  announce: (text: string) => void;
}

/** The pointer drag: its state, the sensors, and the handlers of the DndContext and of the scrolled list. */
export function usePointerDrag({ tree, rows, indexOf, ref, move, announce }: PointerDragOptions) {
  const [dragKey, setDragKey] = useState<string | undefined>(undefined);
  const [pointerSpot, setPointerSpot] = useState<Indicator | undefined>(undefined);
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);
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

  return {
    dragKey,
    pointerSpot,
    sensors,
    start: (key: string, activatorEvent: Event | null) => {
      setDragKey(key);
      if (activatorEvent instanceof PointerEvent)
        pointer.current = { x: activatorEvent.clientX, y: activatorEvent.clientY };
    },
    end: () => {
      const key = dragKey;
      const spot = update();
      endDrag();
      if (key === undefined || spot === undefined) {
        announce('Dropped outside the places it can go. Nothing changed.');
        return;
      }
      void move(key, spot.target);
    },
    cancel: endDrag,
    onScroll: () => {
      if (dragKey !== undefined) update();
    },
  };
}
