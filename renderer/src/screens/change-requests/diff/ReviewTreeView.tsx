/**
 * The changed pages as an ARIA tree over a virtualized list (fixed-height rows): markers per change kind, line
 * counts once computed, and a "Viewed" checkbox per changed page. Deleted pages sit at their base place, struck
 * through. One tab stop: arrows move, Right/Left open and close (or go to the child / the parent), Home/End jump,
 * Enter or Space shows the page.
 */
import { elementScroll, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cx } from '../../../ui/cx.ts';
import { Skeleton } from '../../../ui/Feedback.tsx';
import {
  CHANGE_KINDS,
  changeSummary,
  KIND_LABELS,
  type PageChange,
  type ReviewRow,
  type ReviewTree,
} from './classify.ts';
import type { DiffStats } from './types.ts';

/** Height of a row, in pixels (the virtualizer relies on it). */
export const REVIEW_ROW_HEIGHT = 32;
const INDENT = 16;

/** The markers of a page's change kinds (letters with a tooltip; `label` says them in words). */
export function ChangeMarkers({ change, label = false }: { change: PageChange; label?: boolean }) {
  return (
    <span className="review-markers">
      {label && <span className="visually-hidden">, {changeSummary(change).toLowerCase()}</span>}
      {CHANGE_KINDS.filter((kind) => change.kinds.includes(kind)).map((kind) => (
        <span
          key={kind}
          className={cx('review-marker', `review-marker-${kind}`)}
          title={KIND_LABELS[kind].label}
          aria-hidden="true"
          data-testid={`review-marker-${kind}`}
        >
          {KIND_LABELS[kind].short}
        </span>
      ))}
    </span>
  );
}

/** "+12 −3", with words for screen readers. */
export function LineCounts({ stats }: { stats: DiffStats }) {
  return (
    <span className="review-counts" data-testid="review-counts">
      <span className="review-count-add">
        +{stats.added}
        <span className="visually-hidden"> lines added,</span>
      </span>{' '}
      <span className="review-count-del">
        −{stats.removed}
        <span className="visually-hidden"> lines removed</span>
      </span>
    </span>
  );
}

interface RowProps {
  row: ReviewRow;
  index: number;
  start: number;
  title: string;
  change: PageChange | undefined;
  stats: DiffStats | undefined;
  /** Open comments on the page. */
  comments: number;
  selected: boolean;
  tabbable: boolean;
  viewed: boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  onToggleViewed: (id: string) => void;
  onFocusRow: (id: string) => void;
}

const Row = memo(function Row(props: RowProps) {
  const { row, change, selected, viewed } = props;
  const deleted = change?.kinds.includes('deleted') === true;
  return (
    <div
      role="treeitem"
      className={cx(
        'review-row',
        selected && 'is-selected',
        change === undefined && 'is-context',
        deleted && 'is-deleted',
        viewed && 'is-viewed',
      )}
      style={{ transform: `translateY(${props.start}px)`, paddingLeft: row.depth * INDENT }}
      aria-level={row.depth + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.parent ? row.expanded : undefined}
      aria-selected={selected}
      aria-current={selected ? 'page' : undefined}
      tabIndex={props.tabbable ? 0 : -1}
      data-testid="review-row"
      data-id={row.id}
      data-title={props.title}
      data-kinds={change?.kinds.join(' ') ?? ''}
      data-key={row.id}
      onFocus={() => props.onFocusRow(row.id)}
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('button, input') !== null) return;
        props.onSelect(row.id);
      }}
    >
      {row.parent ? (
        <button
          type="button"
          className="review-chevron"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => props.onToggle(row.id)}
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="review-chevron" aria-hidden="true" />
      )}
      <span className="review-row-title" title={props.title}>
        {deleted ? <s>{props.title || 'Untitled'}</s> : props.title || 'Untitled'}
      </span>
      {change !== undefined && <ChangeMarkers change={change} label />}
      {props.stats !== undefined && (props.stats.added > 0 || props.stats.removed > 0) && (
        <LineCounts stats={props.stats} />
      )}
      {props.comments > 0 && (
        <span
          className="review-row-comments"
          title={`${props.comments} open ${props.comments === 1 ? 'comment' : 'comments'}`}
          data-testid="review-row-comments"
        >
          <span aria-hidden="true">💬</span>
          {props.comments}
          <span className="visually-hidden"> open {props.comments === 1 ? 'comment' : 'comments'}</span>
        </span>
      )}
      {change !== undefined && (
        // For the pointer: the keyboard marks with `v`, and the row's name says "viewed".
        <span className="review-row-viewed" aria-hidden="true">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={viewed}
            title="Viewed (v)"
            onChange={() => props.onToggleViewed(row.id)}
            data-testid="review-row-viewed"
          />
        </span>
      )}
      {viewed && <span className="visually-hidden">, viewed</span>}
    </div>
  );
});

/**
 * The tree's size for the virtualizer, as its ResizeObserver reports it (after a layout, when reading it costs
 * nothing). The library's default also reads it at once as the tree mounts, in the middle of the commit: that forces
 * a layout of the whole new screen before the page's reads can be answered. Until the first report, the virtualizer
 * takes the window's height (`initialRect`): rows enough for any pane.
 */
function observeTreeRect(onMeasured: () => void) {
  return (instance: Virtualizer<HTMLDivElement, Element>, report: (rect: Rect) => void) => {
    const element = instance.scrollElement;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      report({ width: element.clientWidth, height: element.clientHeight });
      onMeasured();
    });
    observer.observe(element);
    return () => observer.disconnect();
  };
}

/**
 * Scrolls the tree as the library does, except its first write: as it mounts, the virtualizer writes its initial
 * offset (0) to the tree just created at 0, a no-op that forces a layout of the whole new screen.
 */
function treeScroller(): typeof elementScroll<HTMLDivElement> {
  let first = true;
  return (offset, options, instance) => {
    const skip = first && offset + (options.adjustments ?? 0) === 0;
    first = false;
    if (!skip) elementScroll(offset, options, instance);
  };
}

/** Props of `ReviewTreeView`. */
export interface ReviewTreeViewProps {
  tree: ReviewTree;
  rows: readonly ReviewRow[];
  selectedId: string | undefined;
  focusedId: string | undefined;
  setFocusedId: (id: string) => void;
  stats: ReadonlyMap<string, DiffStats>;
  /** Open comments per page id. */
  commentCounts: ReadonlyMap<string, number>;
  isViewed: (change: PageChange) => boolean;
  onSelect: (id: string) => void;
  onToggle: (id: string, open?: boolean) => void;
  onToggleViewed: (id: string) => void;
  treeRef: RefObject<HTMLDivElement | null>;
  labelledBy: string;
}

/** The tree of changed pages. */
export function ReviewTreeView(props: ReviewTreeViewProps) {
  const { tree, rows, selectedId, focusedId, treeRef, stats } = props;
  const [measured, setMeasured] = useState(false);
  const [observeRect] = useState(() => observeTreeRect(() => setMeasured(true)));
  const [scrollToFn] = useState(treeScroller);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => treeRef.current,
    estimateSize: () => REVIEW_ROW_HEIGHT,
    overscan: 10,
    observeElementRect: observeRect,
    scrollToFn,
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });
  const indexOf = useCallback((id: string | undefined) => rows.findIndex((row) => row.id === id), [rows]);
  const tabbableId =
    indexOf(focusedId) !== -1 ? focusedId : indexOf(selectedId) !== -1 ? selectedId : rows[0]?.id;

  // The selected page scrolls into view when it changes (keyboard j/k, a link, a reload), once the tree's size is
  // known; a row already in view stays (asking the virtualizer would read the scroll height: a forced layout).
  const lastSelected = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (selectedId === lastSelected.current || !measured) return;
    lastSelected.current = selectedId;
    const index = indexOf(selectedId);
    if (index === -1) return;
    const top = virtualizer.scrollOffset ?? 0;
    const start = index * REVIEW_ROW_HEIGHT;
    const inView = start >= top && start + REVIEW_ROW_HEIGHT <= top + (virtualizer.scrollRect?.height ?? 0);
    if (!inView) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, indexOf, virtualizer, measured]);

  const focusIndex = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    props.setFocusedId(row.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let tries = 0;
    const attempt = () => {
      const element = treeRef.current?.querySelector<HTMLElement>(
        `[role="treeitem"][data-key="${CSS.escape(row.id)}"]`,
      );
      if (element) element.focus({ preventScroll: true });
      else if (tries++ < 6) requestAnimationFrame(attempt);
    };
    attempt();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = Math.max(0, indexOf(tabbableId));
    const row = rows[current];
    if (row === undefined) return;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focusIndex(Math.min(rows.length - 1, current + 1));
        break;
      case 'ArrowUp':
        focusIndex(Math.max(0, current - 1));
        break;
      case 'Home':
        focusIndex(0);
        break;
      case 'End':
        focusIndex(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.parent && !row.expanded) props.onToggle(row.id, true);
        else if (row.parent) focusIndex(current + 1);
        break;
      case 'ArrowLeft': {
        if (row.parent && row.expanded) {
          props.onToggle(row.id, false);
          break;
        }
        const parentId = tree.nodes.get(row.id)?.parentId;
        const parentIndex = parentId === null || parentId === undefined ? -1 : indexOf(parentId);
        if (parentIndex !== -1) focusIndex(parentIndex);
        break;
      }
      case 'Enter':
      case ' ':
        props.onSelect(row.id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <div
      ref={treeRef}
      className="review-tree"
      role="tree"
      aria-labelledby={props.labelledBy}
      onKeyDown={onKeyDown}
      data-testid="review-tree"
    >
      <div className="review-tree-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const node = tree.nodes.get(row.id)!;
          return (
            <Row
              key={row.id}
              row={row}
              index={item.index}
              start={item.start}
              title={node.title}
              change={node.change}
              stats={stats.get(row.id)}
              comments={props.commentCounts.get(row.id) ?? 0}
              selected={row.id === selectedId}
              tabbable={row.id === tabbableId}
              viewed={node.change !== undefined && props.isViewed(node.change)}
              onSelect={props.onSelect}
              onToggle={props.onToggle}
              onToggleViewed={props.onToggleViewed}
              onFocusRow={props.setFocusedId}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Placeholder rows of the page tree. */
export function TreeSkeleton({ className }: { className: string }) {
  return (
    <div className={className}>
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} width={`${60 + ((index * 13) % 35)}%`} height="1.1rem" />
      ))}
    </div>
  );
}
