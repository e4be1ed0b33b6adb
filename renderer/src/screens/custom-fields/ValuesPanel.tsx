/**
 * The Values tab: a filter over the spaces, the grid, and under it the active cell's field, what it takes and, for
 * a cell not saved, why; a summary of the cells not saved with a way to send them again or drop them.
 */
import { useMemo, useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState } from '../../ui/Feedback.tsx';
import type { CellPos } from './block.ts';
import { typeHint, typeLabel } from './cellValues.ts';
import { cellKey, splitCellKey, type CellWrite, type Draft } from './useCellEdits.ts';
import { ValuesGrid } from './ValuesGrid.tsx';
import type { SpaceValuesView } from './useSpaceValues.ts';

/** Props of `ValuesPanel`. */
export interface ValuesPanelProps {
  spaces: readonly Space[];
  fields: readonly CustomField[];
  spaceValues: SpaceValuesView;
  drafts: ReadonlyMap<string, Draft>;
  commit: (cells: readonly CellWrite[]) => unknown;
  discard: (keys: readonly string[]) => void;
  /** Opens the definitions (when there is no field yet). */
  onDefine: () => void;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const COUNT = new Intl.NumberFormat('en');

/** The Values tab. */
export function ValuesPanel({
  spaces,
  fields,
  spaceValues,
  drafts,
  commit,
  discard,
  onDefine,
}: ValuesPanelProps) {
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState<CellPos>({ row: 0, col: 0 });

  const sorted = useMemo(() => [...spaces].sort((a, b) => collator.compare(a.title, b.title)), [spaces]);
  const shown = useMemo(() => {
    const words = filter.trim().toLocaleLowerCase();
    return words === '' ? sorted : sorted.filter((space) => space.title.toLocaleLowerCase().includes(words));
  }, [sorted, filter]);

  const problems = [...drafts].filter(([, draft]) => draft.state !== 'saving');
  const saving = drafts.size - problems.length;
  const failedReads = spaceValues.failedCount;
  const byName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);

  const retry = () => {
    const cells: CellWrite[] = [];
    for (const [key, draft] of problems) {
      const { spaceId, fieldName } = splitCellKey(key);
      const field = byName.get(fieldName);
      if (field !== undefined) cells.push({ spaceId, field, text: draft.text });
    }
    void commit(cells);
  };

  if (fields.length === 0)
    return (
      <EmptyState title="No custom fields yet">
        <p>Define a field first; its column then appears here for every space.</p>
        <Button onClick={onDefine}>Open the definitions</Button>
      </EmptyState>
    );
  if (spaces.length === 0)
    return (
      <EmptyState title="No spaces yet">
        Values are set per space: create a space in Content first.
      </EmptyState>
    );

  const space = shown[Math.min(active.row, shown.length - 1)];
  const field = fields[Math.min(active.col, fields.length - 1)];
  const draft =
    space !== undefined && field !== undefined ? drafts.get(cellKey(space.id, field.name)) : undefined;

  return (
    <div className="cf-values">
      <div className="cf-toolbar">
        <label className="cf-filter">
          <span className="visually-hidden">Filter spaces by title</span>
          <input
            className="input"
            type="search"
            placeholder="Filter spaces…"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            data-testid="cf-filter"
          />
        </label>
        <p className="muted cf-counts" data-testid="cf-counts">
          {`${COUNT.format(shown.length)} of ${COUNT.format(spaces.length)} spaces × ${fields.length} fields`}
        </p>
        {failedReads > 0 && (
          <Button size="sm" onClick={() => spaceValues.retryFailed()} data-testid="cf-retry-reads">
            {`Read ${COUNT.format(failedReads)} spaces again`}
          </Button>
        )}
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No space matches">Try another part of a title.</EmptyState>
      ) : (
        <ValuesGrid
          spaces={shown}
          fields={fields}
          spaceValues={spaceValues}
          drafts={drafts}
          commit={commit}
          onActiveChange={setActive}
        />
      )}
      <p className="cf-status" data-testid="cf-status">
        {space !== undefined && field !== undefined && (
          <>
            <span className="cf-status-where">{`${space.title} · ${field.title}`}</span>
            <span className="muted">{` (${typeLabel(field.type)}) ${typeHint(field)}`}</span>
            {draft !== undefined && draft.state !== 'saving' && (
              <span className="cf-status-problem" data-testid="cf-status-problem">
                {draft.state === 'invalid'
                  ? ` Not sent: ${draft.message ?? ''}`
                  : ` Not saved: ${draft.message ?? ''}`}
              </span>
            )}
          </>
        )}
      </p>
      <div className="cf-summary">
        {problems.length > 0 ? (
          <Banner
            tone="warning"
            title={`${COUNT.format(problems.length)} ${problems.length === 1 ? 'cell is' : 'cells are'} not saved`}
            data-testid="cf-problems"
            actions={
              <>
                <Button size="sm" onClick={retry} data-testid="cf-problems-retry">
                  Send again
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => discard(problems.map(([key]) => key))}
                  data-testid="cf-problems-discard"
                >
                  Drop typed values
                </Button>
              </>
            }
          >
            Marked cells keep what was typed, with the reason on the cell: fix them in place, or send them
            again.
          </Banner>
        ) : saving > 0 ? (
          <p
            role="status"
            className="muted"
          >{`Saving ${COUNT.format(saving)} ${saving === 1 ? 'cell' : 'cells'}…`}</p>
        ) : null}
      </div>
      <details className="cf-help">
        <summary>Keyboard</summary>
        <p>
          Arrows move; Shift+arrows or a mouse drag select a block; Enter, F2 or typing edits; Enter saves and
          moves down, Tab right, Escape gives up; Delete clears the selected cells; Ctrl+C copies them and
          Ctrl+V pastes a block from a spreadsheet at the selection.
        </p>
      </details>
    </div>
  );
}
