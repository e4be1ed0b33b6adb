/**
 * The grid's cursor and selected block, as positions (row, column) in the rows and fields shown: moving with the
 * keys, extending a block, and where a pasted block lands. Pure functions.
 */

/** A cell's position: the row's index among the shown spaces, the column's among the fields. */
export interface CellPos {
  row: number;
  col: number;
}

/** A rectangle of cells, bounds included. */
export interface Block {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The size of the grid. */
export interface GridSize {
  rows: number;
  cols: number;
}

/** The block between two corners. */
export function blockOf(anchor: CellPos, active: CellPos): Block {
  return {
    top: Math.min(anchor.row, active.row),
    bottom: Math.max(anchor.row, active.row),
    left: Math.min(anchor.col, active.col),
    right: Math.max(anchor.col, active.col),
  };
}

/** Whether the block holds the cell. */
export function inBlock(block: Block, row: number, col: number): boolean {
  return row >= block.top && row <= block.bottom && col >= block.left && col <= block.right;
}

/** How many cells the block has. */
export function blockSize(block: Block): number {
  return (block.bottom - block.top + 1) * (block.right - block.left + 1);
}

/** A position kept inside the grid. */
export function clampPos(pos: CellPos, size: GridSize): CellPos {
  return {
    row: Math.max(0, Math.min(pos.row, size.rows - 1)),
    col: Math.max(0, Math.min(pos.col, size.cols - 1)),
  };
}

/** The keys that move the cursor. */
export type MoveKey =
  'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/** Where a key moves the cursor; Ctrl (or Cmd) with an arrow, Home or End goes to the grid's edge. */
export function moveBy(pos: CellPos, key: MoveKey, size: GridSize, toEdge: boolean, page: number): CellPos {
  const last = { row: size.rows - 1, col: size.cols - 1 };
  switch (key) {
    case 'ArrowUp':
      return clampPos({ row: toEdge ? 0 : pos.row - 1, col: pos.col }, size);
    case 'ArrowDown':
      return clampPos({ row: toEdge ? last.row : pos.row + 1, col: pos.col }, size);
    case 'ArrowLeft':
      return clampPos({ row: pos.row, col: toEdge ? 0 : pos.col - 1 }, size);
    case 'ArrowRight':
      return clampPos({ row: pos.row, col: toEdge ? last.col : pos.col + 1 }, size);
    case 'Home':
      return clampPos({ row: toEdge ? 0 : pos.row, col: 0 }, size);
    case 'End':
      return clampPos({ row: toEdge ? last.row : pos.row, col: last.col }, size);
    case 'PageUp':
      return clampPos({ row: pos.row - page, col: pos.col }, size);
    case 'PageDown':
      return clampPos({ row: pos.row + page, col: pos.col }, size);
    default: {
      const unexpected: never = key;
      throw new Error(`not a move key: ${String(unexpected)}`);
    }
  }
}

/** A cell to write, with the text given for it. */
export interface CellText {
  row: number;
  col: number;
  text: string;
}

/**
 * Where a pasted block goes: from the selected block's top-left corner, cut at the grid's edges. A single pasted
 * cell fills the whole selected block, as in a spreadsheet.
 */
export function pasteCells(data: readonly (readonly string[])[], target: Block, size: GridSize): CellText[] {
  const cells: CellText[] = [];
  if (data.length === 0) return cells;
  const single = data.length === 1 && data[0]!.length === 1;
  if (single && blockSize(target) > 1) {
    for (let row = target.top; row <= target.bottom; row++)
      for (let col = target.left; col <= target.right; col++) cells.push({ row, col, text: data[0]![0]! });
    return cells;
  }
  data.forEach((line, r) => {
    line.forEach((text, c) => {
      const row = target.top + r;
      const col = target.left + c;
      if (row < size.rows && col < size.cols) cells.push({ row, col, text });
    });
  });
  return cells;
}
