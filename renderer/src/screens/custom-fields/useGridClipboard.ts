/**
 * Copy, cut and paste while the values grid (not an editor) has the focus: the document's clipboard events carry
 * the selected block as TSV; a pasted block is written from the selection's corner and becomes the selection.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { pasteCells, type Block, type CellPos } from './block.ts';
import { parseTsv, toTsv } from './tsv.ts';

/** A cell to write, by position. */
export interface PosText {
  row: number;
  col: number;
  text: string;
}

/** What the clipboard handlers read at the time of the event. */
export interface ClipboardState {
  block: Block;
  size: { rows: number; cols: number };
  textAt: (row: number, col: number) => string;
  write: (cells: PosText[]) => void;
  select: (anchor: CellPos, active: CellPos) => void;
}

/** Listens to the document's copy, cut and paste for the grid. */
export function useGridClipboard(gridRef: RefObject<HTMLDivElement | null>, state: ClipboardState) {
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const onCopy = (event: ClipboardEvent, cut: boolean) => {
      if (document.activeElement !== gridRef.current || event.clipboardData === null) return;
      const { block: target, textAt: text, write: put, size } = latest.current;
      if (size.rows === 0 || size.cols === 0) return;
      const lines: string[][] = [];
      for (let r = target.top; r <= target.bottom; r++) {
        const line: string[] = [];
        for (let c = target.left; c <= target.right; c++) line.push(text(r, c));
        lines.push(line);
      }
      event.clipboardData.setData('text/plain', toTsv(lines));
      event.preventDefault();
      if (cut) {
        const cells: PosText[] = [];
        for (let r = target.top; r <= target.bottom; r++)
          for (let c = target.left; c <= target.right; c++) cells.push({ row: r, col: c, text: '' });
        put(cells);
      }
    };
    const copy = (event: ClipboardEvent) => onCopy(event, false);
    const cut = (event: ClipboardEvent) => onCopy(event, true);
    const paste = (event: ClipboardEvent) => {
      if (document.activeElement !== gridRef.current || event.clipboardData === null) return;
      event.preventDefault();
      const data = parseTsv(event.clipboardData.getData('text/plain'));
      const { block: target, write: put, size: bounds, select } = latest.current;
      const cells = pasteCells(data, target, bounds);
      if (cells.length === 0) return;
      put(cells);
      // The pasted block becomes the selection.
      const end = cells.reduce(
        (corner, cell) => ({ row: Math.max(corner.row, cell.row), col: Math.max(corner.col, cell.col) }),
        { row: target.top, col: target.left },
      );
      select({ row: target.top, col: target.left }, end);
    };
    document.addEventListener('copy', copy);
    document.addEventListener('cut', cut);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('copy', copy);
      document.removeEventListener('cut', cut);
      document.removeEventListener('paste', paste);
    };
  }, [gridRef]);
}
