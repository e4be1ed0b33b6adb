/** One row of the content tree: chevron, emoji or folder, title (or the inline rename box), badges, ⋯ button. */
import { useDraggable } from '@dnd-kit/core';
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { cx } from '../../ui/cx.ts';
import { Badge, Skeleton } from '../../ui/Feedback.tsx';
import { emojiText } from '../../ui/emoji.ts';
import { INDENT, ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import type { FlatRow } from '../../queries/contentTree/tree.ts';

/** Words for a space's visibility. */
const VISIBILITY_LABELS: Record<Space['visibility'], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share link',
  'visitor-auth': 'Visitor auth',
  'in-collection': 'In collection',
  private: 'Private',
};

/** What the row calls back; stable functions, so that rows re-render only when their own props change. */
export interface TreeRowHandlers {
  toggle: (key: string) => void;
  click: (index: number, event: ReactMouseEvent) => void;
  open: (index: number) => void;
  menu: (key: string, at: HTMLElement) => void;
  renameDone: (key: string, title: string | undefined) => void;
}

interface TreeRowProps {
  row: FlatRow;
  index: number;
  start: number;
  selected: boolean;
  tabbable: boolean;
  renaming: boolean;
  dimmed: boolean;
  handlers: TreeRowHandlers;
}

const INTERACTIVE = 'button, input';

/** A row of the tree. */
export const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { row, index, start, selected, tabbable, renaming, dimmed, handlers } = props;
  const { node } = row;
  const drag = useDraggable({ id: row.key, disabled: renaming });
  const space = node.kind === 'space' ? (node.item as Space) : undefined;
  const locked = space?.editMode === 'locked';
  return (
    <div
      ref={drag.setNodeRef}
      role="treeitem"
      className={cx(
        'tree-row',
        selected && 'is-selected',
        dimmed && 'is-dragging',
        !row.match && 'is-context',
      )}
      style={{ transform: `translateY(${start}px)`, paddingLeft: row.depth * INDENT }}
      aria-level={row.depth + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-testid="tree-row"
      data-key={row.key}
      data-index={index}
      data-id={node.id}
      data-kind={node.kind}
      data-depth={row.depth}
      data-title={node.title}
      data-selected={selected ? 'true' : 'false'}
      onPointerDown={(event) => {
        if (event.target instanceof Element && event.target.closest(INTERACTIVE) !== null) return;
        drag.listeners?.onPointerDown?.(event);
      }}
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest(INTERACTIVE) !== null) return;
        handlers.click(index, event);
      }}
      onDoubleClick={(event) => {
        if (event.target instanceof Element && event.target.closest(INTERACTIVE) !== null) return;
        handlers.open(index);
      }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          className="tree-chevron"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => handlers.toggle(row.key)}
          data-testid="tree-toggle"
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="tree-chevron" aria-hidden="true" />
      )}
      <span
        className={cx('tree-icon', node.kind === 'collection' && 'tree-icon-collection')}
        aria-hidden="true"
      >
        {space === undefined ? <FolderIcon open={row.expanded} /> : emojiText(space.emoji) || <PageIcon />}
      </span>
      {renaming ? (
        <RenameBox title={node.title} onDone={(title) => handlers.renameDone(row.key, title)} />
      ) : (
        <span className="tree-title" title={node.title}>
          {node.title || <span className="muted">Untitled</span>}
        </span>
      )}
      <span className="tree-badges">
        {space !== undefined && (
          <Badge tone={space.visibility === 'public' ? 'accent' : 'neutral'} data-testid="tree-visibility">
            {VISIBILITY_LABELS[space.visibility]}
          </Badge>
        )}
        {locked && (
          <Badge tone="warning" data-testid="tree-locked">
            🔒 Locked
          </Badge>
        )}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm tree-menu-button"
        tabIndex={-1}
        // For the pointer only: the row's name stays its title; keyboards open the same menu with Shift+F10.
        aria-hidden="true"
        title={`More actions for ${node.title}`}
        data-testid="tree-row-menu"
        onClick={(event) => handlers.menu(row.key, event.currentTarget)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
    </div>
  );
});

/** A folder outline (drawn, so that it shows without an emoji font). */
export function FolderIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.3">
      {open ? (
        <path d="M1.5 4.5v8h11l2-5.5h-11l-2 5.5M1.5 4.5v-1h4l1.5 1.5h5.5v2" strokeLinejoin="round" />
      ) : (
        <path d="M1.5 3.5h4l1.5 1.5h7.5v7.5h-13z" strokeLinejoin="round" />
      )}
    </svg>
  );
}

/** A page outline, for a space without an emoji. */
function PageIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.3">
      <path d="M3.5 1.5h6l3 3v10h-9z M9.5 1.5v3h3 M5.5 8h5 M5.5 10.5h5" strokeLinejoin="round" />
    </svg>
  );
}

/** The inline rename box: Enter or leaving it saves, Escape cancels. */
function RenameBox({ title, onDone }: { title: string; onDone: (title: string | undefined) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (value: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    onDone(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(undefined);
    }
  };
  return (
    <input
      ref={ref}
      className="input tree-rename"
      defaultValue={title}
      maxLength={50}
      aria-label={`New title for ${title}`}
      data-testid="tree-rename-input"
      onKeyDown={onKeyDown}
      onBlur={(event) => finish(event.currentTarget.value)}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** A placeholder row while the tree loads. */
export function SkeletonTreeRow({ index }: { index: number }) {
  return (
    <div
      className="tree-row tree-row-skeleton"
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, paddingLeft: (index % 3) * INDENT }}
      aria-hidden="true"
    >
      <Skeleton width={`${8 + ((index * 5) % 9)}em`} />
    </div>
  );
}
