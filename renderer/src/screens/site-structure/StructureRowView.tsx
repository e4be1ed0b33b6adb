/** One row of the structure tree: chevron, icon, title, path, condition and default badges, draggable. */
import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { INDENT } from '../../ui/tree/DropIndicator.tsx';
import { cx } from '../../ui/cx.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { sameRowView, type RowView } from './rowView.ts';

const KIND_WORDS = {
  group: 'section group',
  section: 'section',
  'site-space': 'site space (variant)',
} as const;

interface RowProps {
  view: RowView;
  start: number;
  tabbable: boolean;
  dimmed: boolean;
  onToggle: (key: string) => void;
  onFocusRow: (key: string) => void;
}

/** Rows compare what they show: the model rebuilds every node after each change. */
const sameRowProps = (a: RowProps, b: RowProps) =>
  a.start === b.start &&
  a.tabbable === b.tabbable &&
  a.dimmed === b.dimmed &&
  a.onToggle === b.onToggle &&
  a.onFocusRow === b.onFocusRow &&
  sameRowView(a.view, b.view);

/** One row: chevron, icon, title, path, condition and default badges. */
export const StructureRowView = memo(function StructureRowView({
  view,
  start,
  tabbable,
  dimmed,
  onToggle,
  onFocusRow,
}: RowProps) {
  const drag = useDraggable({ id: view.key });
  return (
    <div
      ref={drag.setNodeRef}
      role="treeitem"
      className={cx('tree-row', 'structure-row', tabbable && 'is-selected', dimmed && 'is-dragging')}
      style={{ transform: `translateY(${start}px)`, paddingLeft: view.depth * INDENT }}
      aria-level={view.depth + 1}
      aria-setsize={view.setSize}
      aria-posinset={view.posInSet}
      aria-expanded={view.hasChildren ? view.expanded : undefined}
      aria-selected={tabbable}
      aria-description={KIND_WORDS[view.kind]}
      tabIndex={tabbable ? 0 : -1}
      data-testid="structure-row"
      data-key={view.key}
      data-id={view.id}
      data-kind={view.kind}
      data-title={view.title}
      data-depth={view.depth}
      data-default={view.isDefault ? 'true' : 'false'}
      onPointerDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button') !== null) return;
        drag.listeners?.onPointerDown?.(event);
      }}
      onClick={() => onFocusRow(view.key)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(view.key);
      }}
    >
      {view.hasChildren ? (
        <button
          type="button"
          className="tree-chevron"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onToggle(view.key)}
          data-testid="structure-toggle"
        >
          {view.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="tree-chevron" aria-hidden="true" />
      )}
      <span className="tree-icon" aria-hidden="true">
        {view.icon}
      </span>
      <span className="tree-title" title={view.title}>
        {view.title || <span className="muted">Untitled</span>}
      </span>
      <span className="tree-badges">
        {view.path !== undefined && <span className="structure-path muted">/{view.path}</span>}
        {view.count !== undefined && (
          <span className="muted" data-testid="structure-count">
            {view.count}
          </span>
        )}
        {view.condition !== undefined && (
          <Badge tone="warning" data-testid="structure-condition" title={view.condition}>
            if …
          </Badge>
        )}
        {view.isDefault && (
          <Badge tone="accent" data-testid="structure-default">
            Default
          </Badge>
        )}
      </span>
    </div>
  );
}, sameRowProps);
