/**
 * The content tree: an ARIA tree over a virtualized list, with selection, the keyboard path (`treeKeys.ts`), the
 * context menu (`TreeMenu.tsx`) and drag and drop (`useTreeDrag.ts`). One DndContext; the drop target is computed
 * from the pointer's place in the list (rows have a fixed height), so no row registers a droppable.
 */
import { DndContext, DragOverlay } from '@dnd-kit/core';
import type { RefObject } from 'react';
import type { ContentAction, ContentItemRef } from '../../ui/items/ContentActions.tsx';
import { ContextMenu, ContextMenuTrigger } from '../../ui/ContextMenu.tsx';
import { cx } from '../../ui/cx.ts';
import type { MoveTarget } from '../../queries/contentTree/moves.ts';
import { DropIndicator } from '../../ui/tree/DropIndicator.tsx';
import { TreeRow } from './TreeRow.tsx';
import { ROOT, type ContentTree as Tree, type FlatRow } from '../../queries/contentTree/tree.ts';
import { LIST_MEASURING, PREVIEW_MODIFIERS } from '../../ui/dragPreview.ts';
import { onTreeKeyDown } from './treeKeys.ts';
import { TreeMenu } from './TreeMenu.tsx';
import { useContentTree } from './useContentTree.ts';

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

/** The chip that follows the pointer during a drag. */
function DragChip({ tree, keys, phrase }: { tree: Tree; keys: readonly string[]; phrase: string }) {
  const names = keys.slice(0, 3).map((key) => tree.nodes.get(key)?.title ?? '');
  return (
    <div className="drag-chip content-drag-chip" data-testid="drag-overlay" aria-hidden="true">
      <span className="drag-chip-count">Moving {phrase}</span>
      {keys.length > 1 && (
        <span className="drag-chip-names">
          {names.join(', ')}
          {keys.length > names.length && ` +${keys.length - names.length}`}
        </span>
      )}
    </div>
  );
}

/** The tree. */
export function ContentTree(props: ContentTreeProps) {
  const { tree, rows, treeRef } = props;
  const state = useContentTree(props);
  const { selected, renaming, keepRowFocus, drag, focusedIndex, current, virtualizer, items, focusRow } =
    state;
  const { menuKey, focusKey, setRenaming, subjectOf, handlers, keys, onContextMenu } = state;
  const { dragKeys, indicator } = drag;
  const dragged = new Set(dragKeys ?? []);

  return (
    <DndContext autoScroll={{ threshold: { x: 0, y: 0.15 } }} measuring={LIST_MEASURING} {...drag.context}>
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
            onKeyDown={(event) => onTreeKeyDown(event, keys)}
            onFocus={(event) => {
              if (event.target === event.currentTarget && rows.length > 0) focusRow(current);
            }}
            onScroll={() => {
              if (dragKeys !== undefined) drag.updateIndicator();
            }}
            onContextMenu={onContextMenu}
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
        <TreeMenu
          tree={tree}
          menuKey={menuKey}
          keepRowFocus={keepRowFocus}
          focusKey={focusKey}
          openDetails={props.openDetails}
          openSpace={props.openSpace}
          startRename={setRenaming}
          openMoveDialog={props.openMoveDialog}
          subjectOf={subjectOf}
          runAction={props.runAction}
        />
      </ContextMenu>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragKeys !== undefined && <DragChip tree={tree} keys={dragKeys} phrase={drag.dragPhrase} />}
      </DragOverlay>
    </DndContext>
  );
}
