/**
 * The values grid's geometry and cursor: the active cell and the anchor of the selected block, kept inside the
 * rows and fields shown, and scrolling so the active cell is not under the sticky header or row titles.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { blockOf, type Block, type CellPos } from './block.ts';

export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 44;
export const ROW_HEADER_WIDTH = 240;
export const COLUMN_WIDTH = 180;

/** Scrolls the grid so that a cell is not under the sticky header or the sticky row titles. */
function reveal(grid: HTMLDivElement | null, pos: CellPos) {
  if (grid === null) return;
  const top = HEADER_HEIGHT + pos.row * ROW_HEIGHT;
  if (top - HEADER_HEIGHT < grid.scrollTop) grid.scrollTop = top - HEADER_HEIGHT;
  else if (top + ROW_HEIGHT > grid.scrollTop + grid.clientHeight)
    grid.scrollTop = top + ROW_HEIGHT - grid.clientHeight;
  const left = ROW_HEADER_WIDTH + pos.col * COLUMN_WIDTH;
  if (left - ROW_HEADER_WIDTH < grid.scrollLeft) grid.scrollLeft = left - ROW_HEADER_WIDTH;
  else if (left + COLUMN_WIDTH > grid.scrollLeft + grid.clientWidth)
    grid.scrollLeft = left + COLUMN_WIDTH - grid.clientWidth;
}

/** The active cell (`row`, `col`), the selected `block`, and the moves between cells. */
export function useGridCursor(
  gridRef: RefObject<HTMLDivElement | null>,
  size: { rows: number; cols: number },
  onActiveChange: ((pos: CellPos) => void) | undefined,
) {
  const [active, setActive] = useState<CellPos>({ row: 0, col: 0 });
  const [anchor, setAnchor] = useState<CellPos>({ row: 0, col: 0 });
  // The shown rows or fields changed (a filter, a deleted field): keep the cursor inside.
  const row = Math.min(active.row, Math.max(0, size.rows - 1));
  const col = Math.min(active.col, Math.max(0, size.cols - 1));
  const block: Block = blockOf(
    { row: Math.min(anchor.row, size.rows - 1), col: Math.min(anchor.col, size.cols - 1) },
    { row, col },
  );

  const moveTo = useCallback(
    (pos: CellPos, extend: boolean) => {
      setActive(pos);
      if (!extend) setAnchor(pos);
      reveal(gridRef.current, pos);
    },
    [gridRef],
  );
  useEffect(() => onActiveChange?.({ row, col }), [row, col, onActiveChange]);

  return { row, col, block, moveTo, setActive, setAnchor };
}

/** Mouse selection: a press moves the cursor (Shift extends), a drag with the button held extends the block. */
export function usePointerSelection(
  gridRef: RefObject<HTMLDivElement | null>,
  cursor: { row: number; col: number; moveTo: (pos: CellPos, extend: boolean) => void },
) {
  const dragging = useRef(false);
  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, []);
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('input') !== null) return;
    const pos = cellFromEvent(event);
    if (pos === undefined) return;
    // The grid keeps the focus (the cells are not focusable themselves); an open editor saves on losing it.
    event.preventDefault();
    gridRef.current?.focus({ preventScroll: true });
    dragging.current = true;
    cursor.moveTo(pos, event.shiftKey);
  };
  const onPointerOver = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || (event.buttons & 1) === 0) return;
    const pos = cellFromEvent(event);
    if (pos !== undefined && (pos.row !== cursor.row || pos.col !== cursor.col)) cursor.moveTo(pos, true);
  };
  return { onPointerDown, onPointerOver };
}

/** The cell an event happened in, by its data attributes. */
export function cellFromEvent(event: { target: EventTarget }): CellPos | undefined {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="cf-cell"]');
  if (cell === null) return undefined;
  return { row: Number(cell.dataset['row']), col: Number(cell.dataset['col']) };
}
