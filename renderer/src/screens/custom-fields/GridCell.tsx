/** One cell of the values grid: the value, a skeleton while its space loads, or the typed text with its problem. */
import { memo, type ReactNode } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { cx } from '../../ui/cx.ts';
import { Skeleton } from '../../ui/Feedback.tsx';
import { displayValue } from './cellValues.ts';
import type { Draft } from './useCellEdits.ts';
import type { SpaceEntry } from './useSpaceValues.ts';

/** Props of `GridCell`. */
export interface GridCellProps {
  id: string;
  row: number;
  col: number;
  left: number;
  width: number;
  field: CustomField;
  entry: SpaceEntry | undefined;
  draft: Draft | undefined;
  active: boolean;
  selected: boolean;
  editable: boolean;
  /** The input while the cell is being edited. */
  editor?: ReactNode;
}

/** A gridcell, positioned in its row. */
export const GridCell = memo(function GridCell({
  id,
  row,
  col,
  left,
  width,
  field,
  entry,
  draft,
  active,
  selected,
  editable,
  editor,
}: GridCellProps) {
  const problem = draft !== undefined && draft.state !== 'saving';
  let content;
  if (editor !== undefined) {
    content = editor;
  } else if (draft !== undefined) {
    content = (
      <>
        <span className="cf-cell-text">{draft.text}</span>
        {problem && (
          <>
            <span className="cf-cell-flag" aria-hidden="true">
              !
            </span>
            <span className="visually-hidden">{`: ${draft.message ?? ''}`}</span>
          </>
        )}
      </>
    );
  } else if (entry === undefined || entry.state === 'loading') {
    content = <Skeleton width="60%" height="0.9em" />;
  } else if (entry.state === 'failed') {
    content = <span className="cf-cell-unloaded">Not loaded</span>;
  } else {
    content = <span className="cf-cell-text">{displayValue(field, entry.values[field.name])}</span>;
  }
  return (
    <div
      id={id}
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={selected}
      aria-readonly={editable ? undefined : true}
      aria-invalid={problem || undefined}
      aria-busy={entry === undefined || entry.state === 'loading' || draft?.state === 'saving' || undefined}
      className={cx(
        'cf-cell',
        active && 'cf-cell-active',
        editor !== undefined && 'cf-cell-editing',
        selected && 'cf-cell-selected',
        draft !== undefined && `cf-cell-${draft.state}`,
        !editable && 'cf-cell-readonly',
      )}
      style={{ left, width }}
      title={problem ? draft.message : entry?.state === 'failed' ? entry.message : undefined}
      data-testid="cf-cell"
      data-row={row}
      data-col={col}
      data-field={field.name}
      data-state={draft?.state ?? (entry?.state === 'loaded' ? 'value' : (entry?.state ?? 'loading'))}
    >
      {content}
    </div>
  );
});
