/** The Content screen's state: the tree and its rows, selection and focus, the dialogs, rename, create, the palette. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { usePaletteActions, type PaletteAction } from '../../layout/paletteActions.ts';
import { contentQuery, createContentItem, renameContentItem } from '../../queries/content.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { toast } from '../../ui/Toast.tsx';
import { useContentActions } from '../../ui/items/ContentActions.tsx';
import type { TreeSelection } from './ContentTree.tsx';
import { useExpanded } from './expanded.ts';
import { usePendingMoves } from './moveQueue.ts';
import type { NewItemRequest } from './NewItemDialog.tsx';
import {
  buildTree,
  flattenVisible,
  itemKey,
  parentId,
  pathTitle,
  ROOT,
  type ContentTree as Tree,
  type TreeNode,
} from '../../queries/contentTree/tree.ts';
import { useMoves } from './useMoves.ts';

const NO_SELECTION: TreeSelection = { selected: new Set(), anchor: undefined };
const EMPTY_TREE: Tree = buildTree([], []);

/** The palette's actions on the Content screen. */
function useContentPalette(
  askNew: (kind: NewItemRequest['kind']) => void,
  selection: TreeSelection,
  setMoveKeys: (keys: string[]) => void,
  treeRef: { current: HTMLDivElement | null },
): void {
  const askNewRef = useRef(askNew);
  askNewRef.current = askNew;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const hasSelection = selection.selected.size > 0;
  const paletteActions = useMemo<PaletteAction[]>(() => {
    // The palette closes as the action runs: act once its dialog has let go of the focus.
    const later = (run: () => void) => () => setTimeout(run, 0);
    const list: PaletteAction[] = [
      {
        id: 'content:new-space',
        label: 'New space',
        keywords: ['create', 'space', 'content'],
        run: later(() => askNewRef.current('space')),
      },
      {
        id: 'content:new-collection',
        label: 'New collection',
        keywords: ['create', 'collection', 'group', 'content'],
        run: later(() => askNewRef.current('collection')),
      },
      {
        id: 'content:go',
        label: 'Go to content',
        keywords: ['tree', 'focus', 'spaces', 'collections'],
        run: later(() => treeRef.current?.focus()),
      },
    ];
    if (hasSelection) {
      list.push({
        id: 'content:move-selected',
        label: 'Move selected items to…',
        keywords: ['move', 'bulk', 'collection'],
        run: later(() => setMoveKeys([...selectionRef.current.selected])),
      });
    }
    return list;
  }, [hasSelection, setMoveKeys, treeRef]);
  usePaletteActions('content', paletteActions);
}

/** The screen's queries, state and handlers. */
export function useContentScreen(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(contentQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const tree = useMemo(
    () => (query.data === undefined ? EMPTY_TREE : buildTree(query.data.collections, query.data.spaces)),
    [query.data],
  );
  const expansion = useExpanded(profileId, orgId);
  const { expanded, open } = expansion;
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const rows = useMemo(
    () => flattenVisible(tree, expanded, deferredFilter),
    [tree, expanded, deferredFilter],
  );
  const matches = useMemo(() => rows.filter((row) => row.match).length, [rows]);

  const [selection, setSelection] = useState<TreeSelection>(NO_SELECTION);
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const [detailKey, setDetailKey] = useState<string | undefined>(undefined);
  const [moveKeys, setMoveKeys] = useState<string[] | undefined>(undefined);
  const [newItem, setNewItem] = useState<NewItemRequest | undefined>(undefined);
  const [message, setMessage] = useState('');
  const treeRef = useRef<HTMLDivElement>(null);
  const pending = usePendingMoves(profileId, orgId);
  const actions = useContentActions(profileId, orgId);

  // A repeated message is still announced: the live region only speaks when its text changes.
  const announce = useCallback(
    (text: string) => setMessage((previous) => (previous === text ? `${text}\u00a0` : text)),
    [],
  );
  const reveal = useCallback((keys: string[]) => open(keys), [open]);
  const move = useMoves({ profileId, orgId, tree, announce, reveal });

  const openSpace = useCallback(
    (spaceId: string) =>
      void navigate({
        to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
        params: { profileId, orgId, spaceId },
      }),
    [navigate, profileId, orgId],
  );

  // The cached title changes at once and goes back if the server refuses (renameContentItem).
  const renameItem = useMutation({
    mutationFn: ({ node, title }: { node: TreeNode; title: string }) =>
      renameContentItem(queryClient, profileId, orgId, node.kind, node.id, title),
    onSuccess: (_data, { node, title }) => announce(`Renamed “${node.title}” to “${title}”.`),
    onError: (error, { node }) => {
      toast({ tone: 'error', title: `“${node.title}” not renamed`, description: errorMessage(error) });
      announce(`“${node.title}” was not renamed: ${errorMessage(error)}`);
    },
  });
  const { mutate: renameMutate } = renameItem;
  const rename = useCallback(
    (key: string, title: string) => {
      const node = tree.nodes.get(key);
      if (node !== undefined) renameMutate({ node, title });
    },
    [tree, renameMutate],
  );

  /** Where "New …" creates: inside the selected collection when exactly one is selected, else the top level. */
  const askNew = (kind: NewItemRequest['kind']) => {
    const only = selection.selected.size === 1 ? [...selection.selected][0] : undefined;
    const parent = only !== undefined && tree.nodes.get(only)?.kind === 'collection' ? only : ROOT;
    setNewItem({
      kind,
      parent: parentId(parent),
      where: parent === ROOT ? 'the top level' : `“${pathTitle(tree, parent)}”`,
    });
  };

  const create = async (request: NewItemRequest, title: string) => {
    const created = await createContentItem(
      queryClient,
      profileId,
      orgId,
      request.kind,
      title,
      request.parent,
    );
    const key = itemKey(request.kind, created.id);
    if (request.parent !== null) open([itemKey('collection', request.parent)]);
    setSelection({ selected: new Set([key]), anchor: key });
    setFocusedKey(key);
    toast({ tone: 'success', title: `Created ${request.kind} “${created.title}”` });
    announce(`Created ${request.kind} “${created.title}” in ${request.where}.`);
  };

  useContentPalette(askNew, selection, setMoveKeys, treeRef);

  return {
    query,
    profileName,
    tree,
    expansion,
    filter,
    setFilter,
    deferredFilter,
    rows,
    matches,
    selection,
    setSelection,
    focusedKey,
    setFocusedKey,
    detailKey,
    setDetailKey,
    moveKeys,
    setMoveKeys,
    newItem,
    setNewItem,
    message,
    treeRef,
    pending,
    actions,
    announce,
    move,
    openSpace,
    rename,
    askNew,
    create,
  };
}
