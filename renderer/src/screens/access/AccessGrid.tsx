/**
 * What a subject reaches, one row per item: its type, title, level and the path of reasons as a sentence.
 * Virtualized (an organization may hold 10,000 spaces); arrows, PageUp/PageDown, Home/End move; Enter or Space
 * shows the whole path of the focused row, step by step.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { gridKeyDown } from '../../ui/gridKeys.ts';
import type { ShownEntry } from './filterEntries.ts';

export const ACCESS_ROW_HEIGHT = 52;
const HEADER_HEIGHT = 32;

const TYPE_LABEL = { space: 'Space', collection: 'Collection', site: 'Site' } as const;

export interface AccessGridProps {
  rows: readonly ShownEntry[];
  /** Whether more pages are still coming (the row count is not final). */
  loading: boolean;
  onExplain: (row: ShownEntry) => void;
}

export function AccessGrid({ rows, loading, onExplain }: AccessGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(0);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ACCESS_ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const last = rows.length - 1;
  const current = Math.max(0, Math.min(focused, last));
  // New filters start at the top.
  useEffect(() => setFocused(0), [rows.length]);

  const focusRow = useCallback(
    (index: number) => {
      setFocused(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
        if (row) row.focus({ preventScroll: true });
        else if (tries++ < 6) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [virtualizer],
  );

  const explain = (index: number) => {
    const row = rows[index];
    if (row !== undefined) onExplain(row);
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="What they reach"
      aria-rowcount={loading ? -1 : rows.length + 1}
      aria-busy={loading || undefined}
      className="access-grid"
      data-testid="access-grid"
      onKeyDown={(event) =>
        gridKeyDown(event, {
          focused: current,
          last,
          pageSize: Math.max(1, items.length - 4),
          moveTo: focusRow,
          toggle: explain,
          open: explain,
          selectAll: () => undefined,
          clear: () => false,
        })
      }
    >
      <div role="row" className="access-row access-header" aria-rowindex={1}>
        <div role="columnheader" className="access-cell">
          Item
        </div>
        <div role="columnheader" className="access-cell">
          Level
        </div>
        <div role="columnheader" className="access-cell">
          Why
        </div>
      </div>
      <div role="rowgroup" className="access-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          return (
            <AccessRow
              key={`${row.entry.item.type}:${row.entry.item.id}`}
              row={row}
              index={item.index}
              start={item.start - HEADER_HEIGHT}
              tabbable={item.index === current}
              onFocusRow={setFocused}
              onExplain={onExplain}
            />
          );
        })}
      </div>
    </div>
  );
}

interface AccessRowProps {
  row: ShownEntry;
  index: number;
  start: number;
  tabbable: boolean;
  onFocusRow: (index: number) => void;
  onExplain: (row: ShownEntry) => void;
}

const AccessRow = memo(function AccessRow({
  row,
  index,
  start,
  tabbable,
  onFocusRow,
  onExplain,
}: AccessRowProps) {
  const { entry, reason } = row;
  return (
    <div
      role="row"
      className="access-row"
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-testid="access-row"
      data-item-id={entry.item.id}
      data-level={entry.level ?? 'none'}
      onClick={() => onFocusRow(index)}
      onDoubleClick={() => onExplain(row)}
    >
      <div role="gridcell" className="access-cell access-item">
        <span className="access-type muted">{TYPE_LABEL[entry.item.type]}</span>
        <span className="access-title">{entry.item.title}</span>
      </div>
      <div role="gridcell" className="access-cell">
        <span className={`access-level${entry.level === null ? ' access-none' : ''}`}>
          {entry.level ?? 'no access'}
        </span>
      </div>
      <div role="gridcell" className="access-cell access-reason" title={reason}>
        <button
          type="button"
          className="access-why"
          tabIndex={tabbable ? 0 : -1}
          onClick={(event) => {
            event.stopPropagation();
            onExplain(row);
          }}
        >
          {reason}
        </button>
      </div>
    </div>
  );
});
