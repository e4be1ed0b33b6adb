/**
 * The grid of spaces by custom fields, as a spreadsheet: virtualized both ways (@tanstack/react-virtual), values
 * read lazily for the rows on screen, one active cell and a selected block (mouse drag or Shift+arrows), editing in
 * place, Delete to clear, Ctrl+C / Ctrl+V of a TSV block. The grid keeps the focus and points at the active cell
 * with `aria-activedescendant`; rows and cells carry `aria-rowindex` / `aria-colindex` since most are not rendered.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import {
  blockOf,
  blockSize,
  inBlock,
  moveBy,
  pasteCells,
  type Block,
  type CellPos,
  type MoveKey,
} from './block.ts';
import { formatValue, typeHint, typeLabel } from './cellValues.ts';
import { CellEditor, type EditorExit } from './CellEditor.tsx';
import { GridCell } from './GridCell.tsx';
import { parseTsv, toTsv } from './tsv.ts';
import { cellKey, type CellWrite, type Draft } from './useCellEdits.ts';
import type { SpaceValuesStore } from './valuesStore.ts';
import { emojiText } from '../../ui/emoji.ts';

export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 44;
export const ROW_HEADER_WIDTH = 240;
export const COLUMN_WIDTH = 180;
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
  store: SpaceValuesStore;
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

/** The virtualized grid of values. */
export function ValuesGrid({ spaces, fields, store, drafts, commit, onActiveChange }: ValuesGridProps) {
  const gridId = useId();
  const gridRef = useRef<HTMLDivElement>(null);
  const [active, setActiveState] = useState<CellPos>({ row: 0, col: 0 });
  const [anchor, setAnchor] = useState<CellPos>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<{ text: string } | undefined>();
  const dragging = useRef(false);
  useSyncExternalStore(store.subscribe, () => store.version);

  const size = useMemo(() => ({ rows: spaces.length, cols: fields.length }), [spaces.length, fields.length]);
  // The shown rows or fields changed (a filter, a deleted field): keep the cursor inside.
  const row = Math.min(active.row, Math.max(0, size.rows - 1));
  const col = Math.min(active.col, Math.max(0, size.cols - 1));
  const block: Block = blockOf(
    { row: Math.min(anchor.row, size.rows - 1), col: Math.min(anchor.col, size.cols - 1) },
    { row, col },
  );

  const rowExtractor = useMemo(() => keeping(row), [row]);
  const colExtractor = useMemo(() => keeping(col), [col]);
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
  const rowItems = rows.getVirtualItems();
  const colItems = columns.getVirtualItems();

  // Values of the rows rendered (those on screen first, then the overscan and the active row), read lazily.
  const first = rows.range?.startIndex ?? 0;
  const last = rows.range?.endIndex ?? -1;
  const version = store.version;
  useEffect(() => {
    if (last < first) return;
    const ids: string[] = [];
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
    store.request(ids);
  }, [first, last, row, spaces, store, version]);

  // The first rows are on screen: the benchmark reads this mark (after the frame that paints them).
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || spaces.length === 0 || fields.length === 0) return;
    marked.current = true;
    requestAnimationFrame(() => performance.mark('custom-fields:first-rows'));
  }, [spaces.length, fields.length]);

  /** Scrolls so that a cell is not under the sticky header or the sticky row titles. */
  const reveal = useCallback((pos: CellPos) => {
    const grid = gridRef.current;
    if (grid === null) return;
    const top = HEADER_HEIGHT + pos.row * ROW_HEIGHT;
    if (top - HEADER_HEIGHT < grid.scrollTop) grid.scrollTop = top - HEADER_HEIGHT;
    else if (top + ROW_HEIGHT > grid.scrollTop + grid.clientHeight)
      grid.scrollTop = top + ROW_HEIGHT - grid.clientHeight;
    const left = ROW_HEADER_WIDTH + pos.col * COLUMN_WIDTH;
    if (left - ROW_HEADER_WIDTH < grid.scrollLeft) grid.scrollLeft = left - ROW_HEADER_WIDTH;
    else if (left + COLUMN_WIDTH > grid.scrollLeft + grid.clientWidth)
      grid.scrollLeft = left + COLUMN_WIDTH - grid.clientWidth;
  }, []);

  const moveTo = useCallback(
    (pos: CellPos, extend: boolean) => {
      setActiveState(pos);
      if (!extend) setAnchor(pos);
      reveal(pos);
    },
    [reveal],
  );
  useEffect(() => onActiveChange?.({ row, col }), [row, col, onActiveChange]);

  const fieldAt = (index: number) => fields[index];
  const spaceAt = (index: number) => spaces[index];
  const editableAt = (r: number, c: number) =>
    spaceAt(r)?.permissions.edit === true && fieldAt(c)?.permissions.edit === true;

  /** The text a cell shows for editing and copying: the typed text if any, else its value. */
  const textAt = (r: number, c: number): string => {
    const space = spaceAt(r);
    const field = fieldAt(c);
    if (space === undefined || field === undefined) return '';
    const draft = drafts.get(cellKey(space.id, field.name));
    if (draft !== undefined) return draft.text;
    return formatValue(field, store.values(space.id)?.[field.name]);
  };

  const startEdit = (text: string | undefined) => {
    const space = spaceAt(row);
    if (space === undefined || !editableAt(row, col)) return;
    const draft = drafts.get(cellKey(space.id, fieldAt(col)!.name));
    // A row still loading has no value to start from: wait for it (typing over it is fine).
    if (text === undefined && draft === undefined && store.values(space.id) === undefined) return;
    setEditing({ text: text ?? textAt(row, col) });
  };

  /** Writes texts into cells, skipping the read-only ones. */
  const write = useCallback(
    (cells: { row: number; col: number; text: string }[]) => {
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

  const blockCells = (target: Block, text: (r: number, c: number) => string) => {
    const cells: { row: number; col: number; text: string }[] = [];
    for (let r = target.top; r <= target.bottom; r++)
      for (let c = target.left; c <= target.right; c++) cells.push({ row: r, col: c, text: text(r, c) });
    return cells;
  };

  const finishEdit = (text: string | undefined, move: EditorExit) => {
    setEditing(undefined);
    if (text !== undefined && text !== textAt(row, col)) write([{ row, col, text }]);
    if (move === 'blur') return;
    if (move === 'Tab') moveTo({ row, col: Math.min(col + 1, size.cols - 1) }, false);
    else if (move === 'ShiftTab') moveTo({ row, col: Math.max(col - 1, 0) }, false);
    else if (move !== undefined) moveTo(moveBy({ row, col }, move, size, false, 1), false);
    gridRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== gridRef.current || editing !== undefined || size.rows === 0 || size.cols === 0)
      return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    if (MOVE_KEYS.has(key)) {
      event.preventDefault();
      const page = Math.max(1, Math.floor((gridRef.current.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
      moveTo(moveBy({ row, col }, key as MoveKey, size, mod, page), event.shiftKey);
    } else if (key === 'Tab') {
      const next = col + (event.shiftKey ? -1 : 1);
      // At the row's edge Tab leaves the grid, as everywhere else.
      if (next < 0 || next >= size.cols) return;
      event.preventDefault();
      moveTo({ row, col: next }, false);
    } else if (key === 'Enter' || key === 'F2') {
      event.preventDefault();
      startEdit(undefined);
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      write(blockCells(block, () => ''));
    } else if (key === 'Escape') {
      if (blockSize(block) > 1) {
        event.preventDefault();
        setAnchor({ row, col });
      }
    } else if (mod && key.toLowerCase() === 'a') {
      event.preventDefault();
      setAnchor({ row: 0, col: 0 });
      setActiveState({ row: size.rows - 1, col: size.cols - 1 });
    } else if (key.length === 1 && !mod && !event.altKey) {
      event.preventDefault();
      startEdit(key);
    }
  };

  // Copy, cut and paste while the grid (not an editor) has the focus: the events carry the clipboard.
  const latest = useRef({ block, textAt, write, size });
  latest.current = { block, textAt, write, size };
  useEffect(() => {
    const onCopy = (event: ClipboardEvent, cut: boolean) => {
      if (document.activeElement !== gridRef.current || event.clipboardData === null) return;
      const { block: target, textAt: text, write: put } = latest.current;
      if (latest.current.size.rows === 0 || latest.current.size.cols === 0) return;
      const lines: string[][] = [];
      for (let r = target.top; r <= target.bottom; r++) {
        const line: string[] = [];
        for (let c = target.left; c <= target.right; c++) line.push(text(r, c));
        lines.push(line);
      }
      event.clipboardData.setData('text/plain', toTsv(lines));
      event.preventDefault();
      if (cut) {
        const cells: { row: number; col: number; text: string }[] = [];
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
      const { block: target, write: put, size: bounds } = latest.current;
      const cells = pasteCells(data, target, bounds);
      if (cells.length === 0) return;
      put(cells);
      // The pasted block becomes the selection.
      const end = cells.reduce(
        (corner, cell) => ({ row: Math.max(corner.row, cell.row), col: Math.max(corner.col, cell.col) }),
        { row: target.top, col: target.left },
      );
      setAnchor({ row: target.top, col: target.left });
      setActiveState(end);
    };
    document.addEventListener('copy', copy);
    document.addEventListener('cut', cut);
    document.addEventListener('paste', paste);
    return () => {
      document.removeEventListener('copy', copy);
      document.removeEventListener('cut', cut);
      document.removeEventListener('paste', paste);
    };
  }, []);

  const cellFromEvent = (event: PointerEvent<HTMLElement> | { target: EventTarget }): CellPos | undefined => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="cf-cell"]');
    if (cell === null) return undefined;
    return { row: Number(cell.dataset['row']), col: Number(cell.dataset['col']) };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('input') !== null) return;
    const pos = cellFromEvent(event);
    if (pos === undefined) return;
    // The grid keeps the focus (the cells are not focusable themselves); an open editor saves on losing it.
    event.preventDefault();
    gridRef.current?.focus({ preventScroll: true });
    dragging.current = true;
    moveTo(pos, event.shiftKey);
  };
  const onPointerOver = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || (event.buttons & 1) === 0) return;
    const pos = cellFromEvent(event);
    if (pos !== undefined && (pos.row !== row || pos.col !== col)) moveTo(pos, true);
  };
  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, []);

  const cellId = (r: number, c: number) => `${gridId}-r${r}-c${c}`;
  const totalWidth = ROW_HEADER_WIDTH + columns.getTotalSize();
  const bodyHeight = rows.getTotalSize();
  const activeField = fieldAt(col);
  const activeSpace = spaceAt(row);

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label="Custom field values of spaces"
      aria-rowcount={size.rows + 1}
      aria-colcount={size.cols + 1}
      aria-multiselectable="true"
      aria-activedescendant={
        size.rows > 0 && size.cols > 0 && editing === undefined ? cellId(row, col) : undefined
      }
      tabIndex={0}
      className="cf-grid"
      data-testid="cf-grid"
      data-active={`${row}:${col}`}
      data-selection={`${block.top}:${block.left}:${block.bottom}:${block.right}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerOver={onPointerOver}
      onDoubleClick={(event) => {
        if (cellFromEvent(event) !== undefined) startEdit(undefined);
      }}
    >
      <div
        className="cf-canvas"
        style={{ width: totalWidth, height: HEADER_HEIGHT + Math.max(0, bodyHeight) }}
      >
        <div role="rowgroup" className="cf-head" style={{ width: totalWidth }}>
          <div role="row" aria-rowindex={1} className="cf-row cf-head-row" style={{ width: totalWidth }}>
            <div role="columnheader" aria-colindex={1} className="cf-corner">
              Space
            </div>
            {colItems.map((item) => {
              const field = fields[item.index]!;
              return (
                <div
                  key={field.id}
                  role="columnheader"
                  aria-colindex={item.index + 2}
                  className="cf-column-header"
                  style={{ left: item.start, width: item.size }}
                  title={`${field.name}: ${typeHint(field)}`}
                  data-testid="cf-column"
                  data-field={field.name}
                >
                  <span className="cf-column-title">{field.title}</span>
                  <span className="cf-column-type">{typeLabel(field.type)}</span>
                </div>
              );
            })}
          </div>
        </div>
        <div
          role="rowgroup"
          className="cf-body"
          style={{ height: Math.max(0, bodyHeight), width: totalWidth }}
        >
          {rowItems.map((rowItem) => {
            const space = spaces[rowItem.index]!;
            const entry = store.get(space.id);
            return (
              <div
                key={space.id}
                role="row"
                aria-rowindex={rowItem.index + 2}
                className="cf-row"
                style={{ transform: `translateY(${rowItem.start - HEADER_HEIGHT}px)`, width: totalWidth }}
                data-testid="cf-row"
                data-space-id={space.id}
              >
                <div role="rowheader" aria-colindex={1} className="cf-row-header" title={space.title}>
                  {space.emoji !== undefined && space.emoji !== '' && (
                    <span className="cf-emoji" aria-hidden="true">
                      {emojiText(space.emoji)}
                    </span>
                  )}
                  <span className="cf-space-title">{space.title}</span>
                </div>
                {colItems.map((colItem) => {
                  const field = fields[colItem.index]!;
                  const isActive = rowItem.index === row && colItem.index === col;
                  return (
                    <GridCell
                      key={field.id}
                      id={cellId(rowItem.index, colItem.index)}
                      row={rowItem.index}
                      col={colItem.index}
                      left={colItem.start}
                      width={colItem.size}
                      field={field}
                      entry={entry}
                      draft={drafts.get(cellKey(space.id, field.name))}
                      active={isActive}
                      selected={inBlock(block, rowItem.index, colItem.index)}
                      editable={space.permissions.edit && field.permissions.edit}
                      {...(isActive &&
                      editing !== undefined &&
                      activeField !== undefined &&
                      activeSpace !== undefined
                        ? {
                            editor: (
                              <CellEditor
                                field={activeField}
                                spaceTitle={activeSpace.title}
                                initial={editing.text}
                                onDone={finishEdit}
                              />
                            ),
                          }
                        : {})}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
