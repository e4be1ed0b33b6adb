/**
 * The keyboard path of the structure tree: arrows, Home and End move the roving focus; Space or Enter picks the
 * focused row up, arrows walk the drop places (the same indicator as a drag), Space or Enter drops, Escape cancels;
 * Alt+ArrowUp and Alt+ArrowDown move a row one place among its siblings.
 */
import { useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { focusTreeRow } from '../../ui/tree/treeFocus.ts';
import {
  dropSpots,
  refusal,
  ROOT,
  stepTarget,
  type DropSpot,
  type StructureRow,
  type StructureTarget,
  type StructureTree,
} from './model.ts';
import type { Indicator } from './usePointerDrag.ts';

interface KeyboardMovesOptions {
  tree: StructureTree;
  rows: readonly StructureRow[];
  indexOf: ReadonlyMap<string, number>;
  /** The index of the focused row (0 when none is). */
  current: number;
  ref: RefObject<HTMLDivElement | null>;
  scrollToIndex: (index: number) => void;
  setFocusedKey: (key: string) => void;
  toggle: (key: string, open?: boolean) => void;
  move: (key: string, target: StructureTarget, verb?: string) => Promise<boolean>;
  announce: (text: string) => void;
  titleOf: (key: string) => string;
}

/** The carried item and its drop place, the tree's key handler, and the roving focus. */
export function useKeyboardMoves(options: KeyboardMovesOptions) {
  const { tree, rows, indexOf, current, announce, titleOf } = options;
  const [carry, setCarry] = useState<{ key: string; at: number } | undefined>(undefined);
  const carrySpots = useMemo(
    () => (carry === undefined ? [] : dropSpots(tree, rows, carry.key)),
    [carry, tree, rows],
  );
  const carried = carry === undefined ? undefined : carrySpots[Math.min(carry.at, carrySpots.length - 1)];
  const carriedSpot: Indicator | undefined =
    carried !== undefined && carry !== undefined
      ? { ...carried, refused: refusal(tree, carry.key, carried.target) !== undefined }
      : undefined;

  const focusRow = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    options.setFocusedKey(row.key);
    focusTreeRow(options.ref.current, options.scrollToIndex, index, row.key);
  };

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
    announce(
      `Picked up ${titleOf(key)}. Arrow keys choose where it goes, Space or Enter drops it, Escape cancels.`,
    );
  };

  /** Keys while an item is carried: choose the place, drop, or cancel. */
  const carryKey = (key: string, moving: { key: string; at: number }) => {
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      const at = Math.max(0, Math.min(carrySpots.length - 1, moving.at + (key === 'ArrowDown' ? 1 : -1)));
      setCarry({ ...moving, at });
      const spot = carrySpots[at];
      if (spot !== undefined) {
        options.scrollToIndex(Math.min(spot.index, rows.length - 1));
        announce(`Drop ${spotWords(spot)}.`);
      }
    } else if (key === 'Escape') {
      setCarry(undefined);
      announce(`Cancelled. ${titleOf(moving.key)} stays where it was.`);
    } else if (key === ' ' || key === 'Enter') {
      setCarry(undefined);
      if (carried === undefined) announce('Nowhere to drop. Nothing changed.');
      else void options.move(moving.key, carried.target, 'Dropped');
    }
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
      carryKey(key, carry);
      return;
    }
    if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
      handled();
      const direction = key === 'ArrowUp' ? 'up' : 'down';
      const step = stepTarget(tree, row.key, direction);
      if (step === undefined)
        announce(
          `${titleOf(row.key)} is already ${direction === 'up' ? 'first' : 'last'} among its siblings.`,
        );
      else void options.move(row.key, step, `Moved ${direction}`);
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
      if (row.hasChildren && !row.expanded) options.toggle(row.key, true);
      else if (row.hasChildren) focusRow(current + 1);
    } else if (key === 'ArrowLeft') {
      handled();
      if (row.hasChildren && row.expanded) options.toggle(row.key, false);
      else if (row.parentKey !== ROOT) focusRow(indexOf.get(row.parentKey) ?? current);
    } else if (key === ' ' || key === 'Enter') {
      handled();
      pickUp(row.key);
    }
  };

  return { carry, setCarry, carriedSpot, focusRow, onKeyDown };
}
