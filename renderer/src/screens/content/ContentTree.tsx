/**
 * The content tree: an ARIA tree over a virtualized list, with selection, the keyboard path, the context menu and
 * drag and drop. One DndContext; the drop target is computed from the pointer's place in the list (rows have a
 * fixed height), so no row registers a droppable.
 */
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type DragStartEvent,
} from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type RefObject,
} from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import type { ContentAction, ContentItemRef } from '../../ui/items/ContentActions.tsx';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
} from '../../ui/ContextMenu.tsx';
import { cx } from '../../ui/cx.ts';
import {
  itemsPhrase,
  movedRoots,
  placementAt,
  refusal,
  stepTarget,
  targetOfDrop,
  type MoveTarget,
  type Placement,
} from '../../queries/contentTree/moves.ts';
import { rangeBetween } from '../../ui/range.ts';
import { DropIndicator, ROW_HEIGHT } from '../../ui/tree/DropIndicator.tsx';
import { TreeRow, type TreeRowHandlers } from './TreeRow.tsx';
import { focusTreeRow } from '../../ui/tree/treeFocus.ts';
import { ROOT, type ContentTree as Tree, type FlatRow } from '../../queries/contentTree/tree.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';

/** The selection: selected keys and the anchor of Shift ranges. */
export interface TreeSelection {
  selected: ReadonlySet<string>;
  anchor: string | undefined;
}

/** Props of `ContentTree`. */
export interface ContentTreeProps {
  tree: Tree;
  rows: readonly FlatRow[];
  selection: TreeSelection;
  setSelection: (selection: TreeSelection) => void;
  focusedKey: string | undefined;
  setFocusedKey: (key: string) => void;
  toggle: (key: string, open?: boolean) => void;
  /** Moves items (drops, Alt+arrows); resolves to whether it worked. */
  move: (keys: readonly string[], target: MoveTarget, verb?: string) => Promise<boolean>;
  openMoveDialog: (keys: string[]) => void;
  openDetails: (key: string) => void;
  openSpace: (spaceId: string) => void;
  rename: (key: string, title: string) => void;
  runAction: (action: ContentAction, item: ContentItemRef) => void;
  announce: (text: string) => void;
  pending: number;
  /** The scroll container (role tree), for the screen to focus. */
  treeRef: RefObject<HTMLDivElement | null>;
}

/** The drop indicator's place: a line before or after a row, or the row itself (inside). */
interface Indicator {
  index: number;
  placement: Placement;
  depth: number;
  target: MoveTarget;
  refused: boolean;
}

/** Keeps `fn`'s latest version behind a stable function, so that memoised rows do not re-render for it. */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** Opens the tree's context menu for a row, at `at` (the row, or its ⋯ button). */
function openMenuAt(at: HTMLElement): void {
  const box = at.getBoundingClientRect();
  at.dispatchEvent(
    new MouseEvent('contextmenu', {
      bubbles: true,
      cancelable: true,
      clientX: Math.min(box.left + 48, box.right),
      clientY: box.bottom,
    }),
  );
}

/** The tree. */
export function ContentTree(props: ContentTreeProps) {
  const { tree, rows, selection, focusedKey, treeRef } = props;
  const { selected } = selection;
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [menuKey, setMenuKey] = useState<string | undefined>(undefined);
  const [dragKeys, setDragKeys] = useState<string[] | undefined>(undefined);
  const [indicator, setIndicator] = useState<Indicator | undefined>(undefined);
  const indicatorRef = useRef<Indicator | undefined>(undefined);
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);
  const keepRowFocus = useRef(true);

  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const focusedIndex = focusedKey === undefined ? -1 : (indexOf.get(focusedKey) ?? -1);
  const current = focusedIndex === -1 ? 0 : focusedIndex;
  const activeIndex = dragKeys === undefined ? -1 : (indexOf.get(dragKeys[0]!) ?? -1);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => treeRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The dragged row stays mounted when scrolled away: dnd-kit holds on to its node.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        if (activeIndex !== -1 && !indexes.includes(activeIndex)) {
          indexes.push(activeIndex);
          indexes.sort((a, b) => a - b);
        }
        return indexes;
      },
      [activeIndex],
    ),
  });
  const items = virtualizer.getVirtualItems();

  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (row === undefined) return;
      props.setFocusedKey(row.key);
      focusTreeRow(treeRef.current, (i) => virtualizer.scrollToIndex(i, { align: 'auto' }), index, row.key);
    },
    [rows, virtualizer, treeRef, props.setFocusedKey],
  );
  const focusKey = useCallback(
    (key: string) => {
      const index = indexOf.get(key);
      if (index !== undefined) focusRow(index);
    },
    [indexOf, focusRow],
  );

  /** The items an action on `key` applies to: the selection when `key` is in it, otherwise `key` alone. */
  const subjectOf = useCallback(
    (key: string) => (selected.has(key) ? movedRoots(tree, [...selected]) : [key]),
    [selected, tree],
  );

  const open = useStable((index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    if (row.node.kind === 'space') props.openSpace(row.node.id);
    else props.openDetails(row.key);
  });

  const clickRow = useStable((index: number, event: ReactMouseEvent) => {
    const row = rows[index];
    if (row === undefined) return;
    props.setFocusedKey(row.key);
    if (event.shiftKey) {
      const ids = rows.map((r) => r.key);
      props.setSelection({
        selected: new Set([...selected, ...rangeBetween(ids, selection.anchor, row.key)]),
        anchor: selection.anchor ?? row.key,
      });
    } else if (event.ctrlKey || event.metaKey) {
      const next = new Set(selected);
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      props.setSelection({ selected: next, anchor: row.key });
    } else {
      props.setSelection({ selected: new Set([row.key]), anchor: row.key });
      props.openDetails(row.key);
    }
  });

  const finishRename = useStable((key: string, title: string | undefined) => {
    setRenaming(undefined);
    focusKey(key);
    const node = tree.nodes.get(key);
    const trimmed = title?.trim();
    if (node === undefined || trimmed === undefined || trimmed === '' || trimmed === node.title) {
      props.announce('Rename cancelled.');
      return;
    }
    props.rename(key, trimmed);
  });

  const doubleClick = useStable((index: number) => {
    const row = rows[index];
    if (row?.node.kind === 'collection') props.toggle(row.key);
    else open(index);
  });
  const toggleRow = useStable((key: string) => props.toggle(key));

  const handlers = useMemo<TreeRowHandlers>(
    () => ({
      toggle: toggleRow,
      click: clickRow,
      open: doubleClick,
      menu: (_key, at) => openMenuAt(at),
      renameDone: finishRename,
    }),
    [toggleRow, clickRow, doubleClick, finishRename],
  );

  const stepMove = useStable((key: string, direction: 'up' | 'down') => {
    const target = stepTarget(tree, key, direction);
    const title = tree.nodes.get(key)?.title ?? '';
    if (target === undefined) {
      props.announce(`“${title}” is already ${direction === 'up' ? 'first' : 'last'} among its siblings.`);
      return;
    }
    void props.move([key], target, `Moved ${direction}`);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || isTextEntry(target)) return;
    if (!event.currentTarget.contains(target) || target.getAttribute('role') !== 'treeitem') return;
    const row = rows[current];
    if (row === undefined) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
      handled();
      stepMove(row.key, key === 'ArrowUp' ? 'up' : 'down');
      return;
    }
    if ((key === 'F10' && event.shiftKey) || key === 'ContextMenu') {
      handled();
      openMenuAt(target);
      return;
    }
    if (event.altKey) return;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      handled();
      const to = Math.max(0, Math.min(rows.length - 1, current + (key === 'ArrowDown' ? 1 : -1)));
      focusRow(to);
      if (event.shiftKey) {
        const toKey = rows[to]!.key;
        const anchor = selection.anchor ?? row.key;
        props.setSelection({
          selected: new Set(
            rangeBetween(
              rows.map((r) => r.key),
              anchor,
              toKey,
            ),
          ),
          anchor,
        });
      }
    } else if (key === 'Home' || key === 'End') {
      handled();
      focusRow(key === 'Home' ? 0 : rows.length - 1);
    } else if (key === 'ArrowRight') {
      handled();
      if (row.hasChildren && !row.expanded) props.toggle(row.key, true);
      else if (row.hasChildren) focusRow(current + 1);
    } else if (key === 'ArrowLeft') {
      handled();
      if (row.hasChildren && row.expanded) props.toggle(row.key, false);
      else if (row.parentKey !== ROOT) focusKey(row.parentKey);
    } else if (key === 'Enter') {
      handled();
      props.setSelection({ selected: new Set([row.key]), anchor: row.key });
      open(current);
    } else if (key === ' ') {
      handled();
      const next = new Set(selected);
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      props.setSelection({ selected: next, anchor: row.key });
    } else if (key === 'F2') {
      handled();
      setRenaming(row.key);
    } else if ((key === 'm' || key === 'M') && !mod && !event.shiftKey) {
      handled();
      props.openMoveDialog(subjectOf(row.key));
    } else if (mod && key.toLowerCase() === 'a') {
      handled();
      props.setSelection({ selected: new Set(rows.map((r) => r.key)), anchor: selection.anchor });
    } else if (key === 'Escape' && selected.size > 0) {
      handled();
      props.setSelection({ selected: new Set(), anchor: undefined });
    }
  };

  // Drag and drop.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const spotAt = useStable((x: number, y: number): Indicator | undefined => {
    const element = treeRef.current;
    if (element === null || dragKeys === undefined) return undefined;
    const box = element.getBoundingClientRect();
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) return undefined;
    const offset = y - box.top - element.clientTop + element.scrollTop;
    const index = Math.floor(offset / ROW_HEIGHT);
    if (index < 0) return undefined;
    const row = rows[index];
    const spot =
      row === undefined
        ? { key: ROOT, placement: 'after' as const }
        : { key: row.key, placement: placementAt(offset - index * ROW_HEIGHT, ROW_HEIGHT, row.node.kind) };
    const target = targetOfDrop(
      tree,
      spot,
      dragKeys,
      (key) => rows[indexOf.get(key) ?? -1]?.expanded === true,
    );
    if (target === undefined) return undefined;
    const intoOpen = row !== undefined && spot.placement === 'after' && target.parent === row.key;
    return {
      index: row === undefined ? rows.length : index,
      placement: spot.placement,
      depth: row === undefined ? 0 : row.depth + (intoOpen ? 1 : 0),
      target,
      refused: refusal(tree, movedRoots(tree, dragKeys), target.parent) !== undefined,
    };
  });

  const updateIndicator = useStable(() => {
    const at = pointer.current;
    const next = at === undefined ? undefined : spotAt(at.x, at.y);
    const prev = indicatorRef.current;
    if (
      prev?.index === next?.index &&
      prev?.placement === next?.placement &&
      prev?.depth === next?.depth &&
      prev?.refused === next?.refused
    )
      return;
    indicatorRef.current = next;
    setIndicator(next);
  });

  useEffect(() => {
    if (dragKeys === undefined) return;
    const onMove = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      updateIndicator();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => window.removeEventListener('pointermove', onMove);
  }, [dragKeys, updateIndicator]);

  const endDrag = () => {
    setDragKeys(undefined);
    setIndicator(undefined);
    indicatorRef.current = undefined;
    pointer.current = undefined;
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const key = String(active.id);
    const keys = selected.has(key) ? movedRoots(tree, [...selected]) : [key];
    setDragKeys(keys);
    if (activatorEvent instanceof PointerEvent)
      pointer.current = { x: activatorEvent.clientX, y: activatorEvent.clientY };
  };

  const onDragEnd = () => {
    const keys = dragKeys;
    updateIndicator();
    const spot = indicatorRef.current;
    endDrag();
    if (keys === undefined || spot === undefined) {
      props.announce('Dropped outside the tree. Nothing changed.');
      return;
    }
    void props.move(keys, spot.target);
  };

  const dragged = new Set(dragKeys ?? []);
  const menuNode = menuKey === undefined ? undefined : tree.nodes.get(menuKey);
  const menuSpace = menuNode?.kind === 'space' ? (menuNode.item as Space) : undefined;
  const menuRef: ContentItemRef | undefined =
    menuNode === undefined ? undefined : { kind: menuNode.kind, id: menuNode.id };
  const action = (name: ContentAction) => () => {
    keepRowFocus.current = false;
    if (menuRef !== undefined) props.runAction(name, menuRef);
  };

  const dragPhrase = dragKeys === undefined ? '' : itemsPhrase(tree, dragKeys);
  const dragNames = (dragKeys ?? []).slice(0, 3).map((key) => tree.nodes.get(key)?.title ?? '');

  return (
    <DndContext
      sensors={sensors}
      autoScroll={{ threshold: { x: 0, y: 0.15 } }}
      measuring={LIST_MEASURING}
      accessibility={{
        announcements: {
          onDragStart: () =>
            `Picked up ${dragPhrase}. Drop on a collection to move inside it, between rows to reorder.`,
          onDragOver: () => undefined,
          onDragEnd: () => undefined,
          onDragCancel: () => 'Drag cancelled. Nothing changed.',
        },
        screenReaderInstructions: {
          draggable: 'To move by keyboard, press M for “Move to…”, or Alt+Arrow Up and Down to reorder.',
        },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
    >
      <ContextMenu
        onOpenChange={(isOpen) => {
          if (isOpen) keepRowFocus.current = true;
        }}
      >
        <ContextMenuTrigger asChild>
          <div
            ref={treeRef}
            role="tree"
            aria-label="Collections and spaces"
            aria-multiselectable="true"
            className={cx('content-tree', dragKeys !== undefined && 'is-dragging')}
            tabIndex={focusedIndex === -1 || !items.some((item) => item.index === focusedIndex) ? 0 : -1}
            data-testid="content-tree"
            data-pending={props.pending}
            data-row-count={rows.length}
            data-dragging={dragKeys !== undefined ? 'true' : 'false'}
            onKeyDown={onKeyDown}
            onFocus={(event) => {
              if (event.target === event.currentTarget && rows.length > 0) focusRow(current);
            }}
            onScroll={() => {
              if (dragKeys !== undefined) updateIndicator();
            }}
            onContextMenu={(event) => {
              const rowElement =
                event.target instanceof Element
                  ? event.target.closest<HTMLElement>('[role="treeitem"]')
                  : null;
              const key = rowElement?.dataset.key;
              if (key === undefined) {
                event.preventDefault();
                return;
              }
              setMenuKey(key);
              props.setFocusedKey(key);
              if (!selected.has(key)) props.setSelection({ selected: new Set([key]), anchor: key });
            }}
          >
            <div role="none" className="content-tree-body" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rows[item.index];
                if (row === undefined) return null;
                return (
                  <TreeRow
                    key={row.key}
                    row={row}
                    index={item.index}
                    start={item.start}
                    selected={selected.has(row.key)}
                    tabbable={item.index === current}
                    renaming={renaming === row.key}
                    dimmed={dragged.has(row.key)}
                    handlers={handlers}
                  />
                );
              })}
              {indicator !== undefined && (
                <DropIndicator
                  index={indicator.index}
                  depth={indicator.depth}
                  placement={indicator.placement}
                  refused={indicator.refused}
                  rowCount={rows.length}
                  targetKey={rows[indicator.index]?.key ?? ROOT}
                  testId="drop-indicator"
                />
              )}
            </div>
          </div>
        </ContextMenuTrigger>
        <ContextMenuContent
          data-testid="tree-menu"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (keepRowFocus.current && menuKey !== undefined) focusKey(menuKey);
          }}
        >
          {menuNode !== undefined && (
            <>
              <ContextMenuItem data-testid="menu-details" onSelect={() => props.openDetails(menuNode.key)}>
                Open details
              </ContextMenuItem>
              {menuSpace !== undefined && (
                <ContextMenuItem
                  data-testid="menu-open"
                  onSelect={() => {
                    keepRowFocus.current = false;
                    props.openSpace(menuSpace.id);
                  }}
                >
                  Open space
                </ContextMenuItem>
              )}
              <ContextMenuItem
                data-testid="menu-rename"
                onSelect={() => {
                  keepRowFocus.current = false;
                  setRenaming(menuNode.key);
                }}
              >
                Rename <kbd className="menu-shortcut">F2</kbd>
              </ContextMenuItem>
              {menuSpace !== undefined && (
                <ContextMenuItem data-testid="menu-emoji" onSelect={action('emoji')}>
                  Emoji…
                </ContextMenuItem>
              )}
              <ContextMenuItem data-testid="menu-default-level" onSelect={action('defaultLevel')}>
                Default access…
              </ContextMenuItem>
              {menuSpace !== undefined && (
                <ContextMenuItem
                  data-testid="menu-lock"
                  onSelect={action(menuSpace.editMode === 'locked' ? 'unlock' : 'lock')}
                >
                  {menuSpace.editMode === 'locked' ? 'Unlock' : 'Lock'}
                </ContextMenuItem>
              )}
              {menuSpace !== undefined && (
                <ContextMenuItem data-testid="menu-duplicate" onSelect={action('duplicate')}>
                  Duplicate
                </ContextMenuItem>
              )}
              <ContextMenuSeparator />
              <ContextMenuItem
                data-testid="menu-move"
                onSelect={() => {
                  keepRowFocus.current = false;
                  props.openMoveDialog(subjectOf(menuNode.key));
                }}
              >
                Move to… <kbd className="menu-shortcut">M</kbd>
              </ContextMenuItem>
              <ContextMenuItem data-testid="menu-transfer" onSelect={action('transfer')}>
                Transfer to organization…
              </ContextMenuItem>
              <ContextMenuSeparator />
              <ContextMenuItem
                className="menu-item-danger"
                data-testid="menu-delete"
                onSelect={action('delete')}
              >
                Delete…
              </ContextMenuItem>
            </>
          )}
        </ContextMenuContent>
      </ContextMenu>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragKeys !== undefined && (
          <div className="drag-chip content-drag-chip" data-testid="drag-overlay" aria-hidden="true">
            <span className="drag-chip-count">Moving {dragPhrase}</span>
            {dragKeys.length > 1 && (
              <span className="drag-chip-names">
                {dragNames.join(', ')}
                {dragKeys.length > dragNames.length && ` +${dragKeys.length - dragNames.length}`}
              </span>
            )}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
