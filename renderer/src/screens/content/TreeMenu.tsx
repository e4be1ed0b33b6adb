/** The content tree's context menu: the actions on the row it was opened on (or the selection it belongs to). */
import type { RefObject } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import type { ContentAction, ContentItemRef } from '../../ui/items/ContentActions.tsx';
import { ContextMenuContent, ContextMenuItem, ContextMenuSeparator } from '../../ui/ContextMenu.tsx';
import type { ContentTree as Tree } from '../../queries/contentTree/tree.ts';

interface TreeMenuProps {
  tree: Tree;
  menuKey: string | undefined;
  /** Cleared by an action that moves the focus elsewhere, so that closing the menu leaves it there. */
  keepRowFocus: RefObject<boolean>;
  focusKey: (key: string) => void;
  openDetails: (key: string) => void;
  openSpace: (spaceId: string) => void;
  startRename: (key: string) => void;
  openMoveDialog: (keys: string[]) => void;
  subjectOf: (key: string) => string[];
  runAction: (action: ContentAction, item: ContentItemRef) => void;
}

/** The menu's content. */
export function TreeMenu(props: TreeMenuProps) {
  const { tree, menuKey, keepRowFocus } = props;
  const menuNode = menuKey === undefined ? undefined : tree.nodes.get(menuKey);
  const menuSpace = menuNode?.kind === 'space' ? (menuNode.item as Space) : undefined;
  const menuRef: ContentItemRef | undefined =
    menuNode === undefined ? undefined : { kind: menuNode.kind, id: menuNode.id };
  const action = (name: ContentAction) => () => {
    keepRowFocus.current = false;
    if (menuRef !== undefined) props.runAction(name, menuRef);
  };
  /** Runs `fn` after letting go of the row's focus. */
  const away = (fn: () => void) => () => {
    keepRowFocus.current = false;
    fn();
  };

  return (
    <ContextMenuContent
      data-testid="tree-menu"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (keepRowFocus.current && menuKey !== undefined) props.focusKey(menuKey);
      }}
    >
      {menuNode !== undefined && (
        <>
          <ContextMenuItem data-testid="menu-details" onSelect={() => props.openDetails(menuNode.key)}>
            Open details
          </ContextMenuItem>
          {menuSpace !== undefined && (
            <ContextMenuItem data-testid="menu-open" onSelect={away(() => props.openSpace(menuSpace.id))}>
              Open space
            </ContextMenuItem>
          )}
          <ContextMenuItem data-testid="menu-rename" onSelect={away(() => props.startRename(menuNode.key))}>
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
            onSelect={away(() => props.openMoveDialog(props.subjectOf(menuNode.key)))}
          >
            Move to… <kbd className="menu-shortcut">M</kbd>
          </ContextMenuItem>
          <ContextMenuItem data-testid="menu-transfer" onSelect={action('transfer')}>
            Transfer to organization…
          </ContextMenuItem>
          <ContextMenuSeparator />
          <ContextMenuItem className="menu-item-danger" data-testid="menu-delete" onSelect={action('delete')}>
            Delete…
          </ContextMenuItem>
        </>
      )}
    </ContextMenuContent>
  );
}
