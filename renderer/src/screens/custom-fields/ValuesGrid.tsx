/**
 * The grid of spaces by custom fields, as a spreadsheet: virtualized both ways, values read lazily for the rows on
 * screen, one active cell and a selected block (mouse drag or Shift+arrows), editing in place, Delete to clear,
 * Ctrl+C / Ctrl+V of a TSV block (the behaviour is in useValuesGrid.ts). The grid keeps the focus and points at the
 * active cell with `aria-activedescendant`; rows and cells carry `aria-rowindex` / `aria-colindex` since most are
 * not rendered.
 */
import type { VirtualItem } from '@tanstack/react-virtual';
import { useId } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { emojiText } from '../../ui/emoji.ts';
import { inBlock } from './block.ts';
import { typeHint, typeLabel } from './cellValues.ts';
import { CellEditor } from './CellEditor.tsx';
import { cellFromEvent, HEADER_HEIGHT, ROW_HEADER_WIDTH } from './gridCursor.ts';
import { GridCell } from './GridCell.tsx';
import { cellKey } from './useCellEdits.ts';
import { useValuesGrid, type ValuesGridProps } from './useValuesGrid.ts';

export { COLUMN_WIDTH, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from './gridCursor.ts';
export type { ValuesGridProps } from './useValuesGrid.ts';

/** The header row: the corner and the rendered columns' titles and types. */
function GridHead({
  fields,
  colItems,
  totalWidth,
}: {
  fields: readonly CustomField[];
  colItems: VirtualItem[];
  totalWidth: number;
}) {
  return (
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
  );
}

/** A row's title cell: the space's emoji and title. */
function RowHeader({ space }: { space: Space }) {
  return (
    <div role="rowheader" aria-colindex={1} className="cf-row-header" title={space.title}>
      {space.emoji !== undefined && space.emoji !== '' && (
        <span className="cf-emoji" aria-hidden="true">
          {emojiText(space.emoji)}
        </span>
      )}
      <span className="cf-space-title">{space.title}</span>
    </div>
  );
}

/** The virtualized grid of values. */
export function ValuesGrid(props: ValuesGridProps) {
  const { spaces, fields, spaceValues, drafts } = props;
  const gridId = useId();
  const grid = useValuesGrid(props);
  const { gridRef, size, row, col, block, editing, rows, columns } = grid;
  const rowItems = rows.getVirtualItems();
  const colItems = columns.getVirtualItems();
  const fieldAt = (index: number) => fields[index];
  const spaceAt = (index: number) => spaces[index];
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
      onKeyDown={grid.onKeyDown}
      onPointerDown={grid.pointer.onPointerDown}
      onPointerOver={grid.pointer.onPointerOver}
      onDoubleClick={(event) => {
        if (cellFromEvent(event) !== undefined) grid.startEdit(undefined);
      }}
    >
      <div
        className="cf-canvas"
        style={{ width: totalWidth, height: HEADER_HEIGHT + Math.max(0, bodyHeight) }}
      >
        <GridHead fields={fields} colItems={colItems} totalWidth={totalWidth} />
        <div
          role="rowgroup"
          className="cf-body"
          style={{ height: Math.max(0, bodyHeight), width: totalWidth }}
        >
          {rowItems.map((rowItem) => {
            const space = spaces[rowItem.index]!;
            const entry = spaceValues.get(space.id);
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
                <RowHeader space={space} />
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
                                onDone={grid.finishEdit}
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
