/**
 * The values grid's behaviour (ValuesGrid.tsx draws it): virtualized both ways (@tanstack/react-virtual), values
 * read for the rows rendered, one active cell and a selected block, editing in place, the keyboard (arrows, Tab,
 * Enter/F2, Delete, Escape, Ctrl+A, typing) and the clipboard.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { blockSize, moveBy, type Block, type CellPos, type MoveKey } from './block.ts';
import { formatValue } from './cellValues.ts';
import type { EditorExit } from './CellEditor.tsx';
import {
  COLUMN_WIDTH,
  HEADER_HEIGHT,
  ROW_HEADER_WIDTH,
  ROW_HEIGHT,
  usePointerSelection,
  useGridCursor,
} from './gridCursor.ts';
import { useGridClipboard, type PosText } from './useGridClipboard.ts';
import { cellKey, type CellWrite, type Draft } from './useCellEdits.ts';
import { useVisibleValues, type SpaceValuesView } from './useSpaceValues.ts';

/** Rows rendered beyond the visible ones, above and below (their values are read too). */
const ROW_OVERSCAN = 6;

const MOVE_KEYS = new Set<string>([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Props of `ValuesGrid`. */
export interface ValuesGridProps {
  spaces: readonly Space[];
  fields: readonly CustomField[];
  spaceValues: SpaceValuesView;
  drafts: ReadonlyMap<string, Draft>;
  commit: (cells: readonly CellWrite[]) => unknown;
  /** Where the active cell is, for the status line under the grid. */
  onActiveChange?: (pos: CellPos) => void;
}

/** A range extractor that always renders `keep` too (the active cell must exist for aria-activedescendant). */
function keeping(keep: number) {
  return (range: Range) => {
    const indexes = defaultRangeExtractor(range);
    if (keep < range.count && !indexes.includes(keep)) {
      indexes.push(keep);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  };
}

/** The spaces of the rows rendered: those on screen first, then the overscan, and the active row. */
function renderedIds(spaces: readonly Space[], first: number, last: number, row: number): string[] {
  const ids: string[] = [];
  if (last < first) return ids;
  const add = (index: number) => {
    const space = spaces[index];
    if (space !== undefined && !ids.includes(space.id)) ids.push(space.id);
  };
  for (let index = first; index <= last; index++) add(index);
  for (let step = 1; step <= ROW_OVERSCAN; step++) {
    add(last + step);
    add(first - step);
  }
  add(row);
  return ids;
}

/** Both virtualizers, keeping the active row and column rendered, and the values of the rendered rows read. */
function useGridVirtual(
  gridRef: React.RefObject<HTMLDivElement | null>,
  props: Pick<ValuesGridProps, 'spaces' | 'spaceValues'>,
  size: { rows: number; cols: number },
  active: CellPos,
) {
  const rowExtractor = useMemo(() => keeping(active.row), [active.row]);
  const colExtractor = useMemo(() => keeping(active.col), [active.col]);
  const rows = useVirtualizer({
    count: size.rows,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    rangeExtractor: rowExtractor,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: size.cols,
    getScrollElement: () => gridRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 2,
    scrollMargin: ROW_HEADER_WIDTH,
    rangeExtractor: colExtractor,
  });
  const first = rows.range?.startIndex ?? 0;
  const last = rows.range?.endIndex ?? -1;
  const { spaces } = props;
  const ids = useMemo(() => renderedIds(spaces, first, last, active.row), [spaces, first, last, active.row]);
  useVisibleValues(props.spaceValues, ids);
  return { rows, columns };
}

/** What a key does while the grid (not an editor) has the focus. */
function useGridKeys(
  gridRef: React.RefObject<HTMLDivElement | null>,
  grid: {
    size: { rows: number; cols: number };
    cursor: ReturnType<typeof useGridCursor>;
    editing: boolean;
    startEdit: (text: string | undefined) => void;
    clear: (block: Block) => void;
  },
) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const { size, cursor } = grid;
    const { row, col, block } = cursor;
    if (event.target !== gridRef.current || grid.editing || size.rows === 0 || size.cols === 0) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    if (MOVE_KEYS.has(key)) {
      event.preventDefault();
      const page = Math.max(1, Math.floor((gridRef.current.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
      cursor.moveTo(moveBy({ row, col }, key as MoveKey, size, mod, page), event.shiftKey);
    } else if (key === 'Tab') {
      const next = col + (event.shiftKey ? -1 : 1);
      // At the row's edge Tab leaves the grid, as everywhere else.
      if (next < 0 || next >= size.cols) return;
      event.preventDefault();
      cursor.moveTo({ row, col: next }, false);
    } else if (key === 'Enter' || key === 'F2') {
      event.preventDefault();
      grid.startEdit(undefined);
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      grid.clear(block);
    } else if (key === 'Escape') {
      if (blockSize(block) > 1) {
        event.preventDefault();
        cursor.setAnchor({ row, col });
      }
    } else if (mod && key.toLowerCase() === 'a') {
      event.preventDefault();
      cursor.setAnchor({ row: 0, col: 0 });
      cursor.setActive({ row: size.rows - 1, col: size.cols - 1 });
    } else if (key.length === 1 && !mod && !event.altKey) {
      event.preventDefault();
      grid.startEdit(key);
    }
  };
}

/** The cells of a block with a text each. */
function blockCells(target: Block, text: (r: number, c: number) => string): PosText[] {
  const cells: PosText[] = [];
  for (let r = target.top; r <= target.bottom; r++)
    for (let c = target.left; c <= target.right; c++) cells.push({ row: r, col: c, text: text(r, c) });
  return cells;
}

/** Everything the grid's view needs. */
export function useValuesGrid(props: ValuesGridProps) {
  const { spaces, fields, spaceValues, drafts, commit } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ text: string } | undefined>();
  const size = useMemo(() => ({ rows: spaces.length, cols: fields.length }), [spaces.length, fields.length]);
  const cursor = useGridCursor(gridRef, size, props.onActiveChange);
  const { row, col, block, moveTo } = cursor;
  const { rows, columns } = useGridVirtual(gridRef, props, size, { row, col });

  // The first rows are on screen: the benchmark reads this mark (after the frame that paints them).
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || spaces.length === 0 || fields.length === 0) return;
    marked.current = true;
    requestAnimationFrame(() => performance.mark('custom-fields:first-rows'));
  }, [spaces.length, fields.length]);

  const editableAt = (r: number, c: number) =>
    spaces[r]?.permissions.edit === true && fields[c]?.permissions.edit === true;

  /** The text a cell shows for editing and copying: the typed text if any, else its value. */
  const textAt = (r: number, c: number): string => {
    const space = spaces[r];
    const field = fields[c];
    if (space === undefined || field === undefined) return '';
    const draft = drafts.get(cellKey(space.id, field.name));
    if (draft !== undefined) return draft.text;
    return formatValue(field, spaceValues.values(space.id)?.[field.name]);
  };

  const startEdit = (text: string | undefined) => {
    const space = spaces[row];
    if (space === undefined || !editableAt(row, col)) return;
    const draft = drafts.get(cellKey(space.id, fields[col]!.name));
    // A row still loading has no value to start from: wait for it (typing over it is fine).
    if (text === undefined && draft === undefined && spaceValues.values(space.id) === undefined) return;
    setEditing({ text: text ?? textAt(row, col) });
  };

  /** Writes texts into cells, skipping the read-only ones. */
  const write = useCallback(
    (cells: PosText[]) => {
      const writes: CellWrite[] = [];
      for (const cell of cells) {
        const space = spaces[cell.row];
        const field = fields[cell.col];
        if (space === undefined || field === undefined) continue;
        if (!space.permissions.edit || !field.permissions.edit) continue;
        writes.push({ spaceId: space.id, field, text: cell.text });
      }
      if (writes.length > 0) void commit(writes);
    },
    [spaces, fields, commit],
  );

  const finishEdit = (text: string | undefined, move: EditorExit) => {
    setEditing(undefined);
    if (text !== undefined && text !== textAt(row, col)) write([{ row, col, text }]);
    if (move === 'blur') return;
    if (move === 'Tab') moveTo({ row, col: Math.min(col + 1, size.cols - 1) }, false);
    else if (move === 'ShiftTab') moveTo({ row, col: Math.max(col - 1, 0) }, false);
    else if (move !== undefined) moveTo(moveBy({ row, col }, move, size, false, 1), false);
    gridRef.current?.focus({ preventScroll: true });
  };

  const clear = (target: Block) => write(blockCells(target, () => ''));
  const onKeyDown = useGridKeys(gridRef, { size, cursor, editing: editing !== undefined, startEdit, clear });
  useGridClipboard(gridRef, {
    block,
    size,
    textAt,
    write,
    select: (anchor, active) => {
      cursor.setAnchor(anchor);
      cursor.setActive(active);
    },
  });
  const pointer = usePointerSelection(gridRef, cursor);

  return {
    gridRef,
    size,
    row,
    col,
    block,
    editing,
    rows,
    columns,
    startEdit,
    finishEdit,
    onKeyDown,
    pointer,
  };
}
