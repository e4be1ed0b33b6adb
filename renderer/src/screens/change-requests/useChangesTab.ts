/**
 * The Changes tab's state: the trees (read by `useReviewTree`), the page on screen and its diff (a worker's, never
 * this thread's), the first paint's order (issue 17: the first diff and its comments before the tree and the
 * background reads), the review session, the current change and the keyboard. `ChangesTab.tsx` draws it.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { commentsQuery } from '../../queries/comments.ts';
import { visibleRows, type PageChange, type ReviewTree } from './diff/classify.ts';
import { useReviewPref, type DiffLayout, type DiffLens } from './diff/prefs.ts';
import { useReviewShortcuts } from './diff/shortcuts.tsx';
import { useCommentsFold } from './diff/useCommentsFold.ts';
import { useAllDiffStats, usePageDiff, useReviewTree } from './diff/useReview.ts';
import { useViewedMarks } from './diff/useViewedMarks.ts';
import { useAfterFirstPaint, useFirstDiffMark } from './review/firstPaint.ts';
import { usePageCommentsSettled } from './review/useBlockComments.tsx';
import { commentScope, useReviewSession } from './review/useReviewSession.tsx';
import type { ChangesTabProps } from './ChangesTab.tsx';

/**
 * A new page or lens starts at its top; the current change scrolls into view, takes the focus and the highlight.
 */
function useChangeScroll(
  paneRef: RefObject<HTMLDivElement | null>,
  selectedId: string | undefined,
  lens: DiffLens,
  layout: DiffLayout,
  diff: unknown,
  currentChange: number,
  setCurrentChange: (index: number) => void,
): void {
  // A new page or lens starts at its top. The first page shown is there already, in a pane just created: scrolling
  // it would force a layout of the whole new screen while the page's reads wait to be answered.
  const shownBefore = useRef<string | undefined>(undefined);
  useEffect(() => {
    setCurrentChange(-1);
    if (shownBefore.current !== undefined) paneRef.current?.scrollTo({ top: 0 });
    shownBefore.current = selectedId;
  }, [selectedId, lens]);

  // The current change scrolls into view, takes the focus and the highlight.
  useEffect(() => {
    const pane = paneRef.current;
    if (pane === null) return;
    for (const element of pane.querySelectorAll('.is-current-change'))
      element.classList.remove('is-current-change');
    if (currentChange < 0) return;
    const target = pane.querySelector<HTMLElement>(`[data-change="${currentChange}"]`);
    if (target === null) return;
    target.classList.add('is-current-change');
    target.tabIndex = -1;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [currentChange, diff, lens, layout]);
}

interface PageNavigationOptions {
  tree: ReviewTree | undefined;
  selectedId: string | undefined;
  collapsed: ReadonlySet<string>;
  setCollapsed: Dispatch<SetStateAction<ReadonlySet<string>>>;
  setFocusedId: (id: string) => void;
  onPageChange: (pageId: string) => void;
  currentChange: number;
  setCurrentChange: (index: number) => void;
  changeCount: number;
  toggleViewed: (change: PageChange) => void;
}

/** Moving between pages and changes, opening and closing the tree's rows, marking a page viewed from its row. */
function usePageNavigation(options: PageNavigationOptions) {
  const { tree, selectedId, collapsed, setCollapsed, setFocusedId, currentChange, setCurrentChange } =
    options;
  const { changeCount, onPageChange, toggleViewed } = options;
  const select = useCallback(
    (id: string) => {
      if (tree === undefined) return;
      // Open the page's ancestors, so its row shows.
      let parent = tree.nodes.get(id)?.parentId ?? null;
      const opened = new Set(collapsed);
      let changedCollapse = false;
      while (parent !== null) {
        if (opened.delete(parent)) changedCollapse = true;
        parent = tree.nodes.get(parent)?.parentId ?? null;
      }
      if (changedCollapse) setCollapsed(opened);
      setFocusedId(id);
      if (id !== selectedId) onPageChange(id);
    },
    [tree, collapsed, selectedId, onPageChange, setCollapsed, setFocusedId],
  );

  const stepPage = useCallback(
    (step: 1 | -1) => {
      if (tree === undefined || tree.changed.length === 0) return false;
      const index = selectedId === undefined ? -1 : tree.changed.indexOf(selectedId);
      const next = index === -1 ? (step === 1 ? 0 : tree.changed.length - 1) : index + step;
      const id = tree.changed[next];
      if (id === undefined) return false;
      select(id);
      return true;
    },
    [tree, selectedId, select],
  );

  const stepChange = useCallback(
    (step: 1 | -1) => {
      if (step === 1 && currentChange >= changeCount - 1) {
        stepPage(1);
        return;
      }
      if (step === -1 && currentChange <= 0) {
        if (currentChange === 0) setCurrentChange(-1);
        else stepPage(-1);
        return;
      }
      setCurrentChange(Math.max(0, Math.min(changeCount - 1, currentChange + step)));
    },
    [currentChange, changeCount, stepPage, setCurrentChange],
  );

  const toggle = useCallback(
    (id: string, open?: boolean) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        const shouldOpen = open ?? next.has(id);
        if (shouldOpen) next.delete(id);
        else next.add(id);
        return next;
      }),
    [setCollapsed],
  );

  const toggleViewedOf = useCallback(
    (id: string) => {
      const target = tree?.nodes.get(id)?.change;
      if (target !== undefined) toggleViewed(target);
    },
    [tree, toggleViewed],
  );
  return { select, stepPage, stepChange, toggle, toggleViewedOf };
}

/** The tab's state and handlers. */
export function useChangesTab(props: ChangesTabProps) {
  const { profileId, orgId, spaceId, changeRequest } = props;
  const context = useMemo(
    () => ({ profileId, orgId, spaceId, changeRequest }),
    [profileId, orgId, spaceId, changeRequest],
  );
  // The page on screen's comments are read with its bodies (after them: the bodies come first).
  const queryClient = useQueryClient();
  const prefetchComments = useCallback(
    (pageId: string) => void queryClient.prefetchQuery(commentsQuery(commentScope(context), 'open', pageId)),
    [queryClient, context],
  );
  const loaded = useReviewTree(context, props.pageId, prefetchComments);
  const { error, retry } = loaded;
  // The tab is drawn from the trees in a deferred render, which yields: the first page's bodies, asked for as the
  // trees were classified, are answered meanwhile and go to the diff worker instead of waiting for the whole tab.
  const tree = useDeferredValue(loaded.tree);
  const [lens, setLens] = useReviewPref(profileId, 'lens');
  const [layout, setLayout] = useReviewPref(profileId, 'layout');
  const [onlyChanged, setOnlyChanged] = useReviewPref(profileId, 'onlyChanged');
  const viewed = useViewedMarks(profileId, changeRequest.id);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined);
  const [currentChange, setCurrentChange] = useState(-1);
  const [showHelp, setShowHelp] = useState(false);
  const treeRef = useRef<HTMLDivElement>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const treeLabel = useId();
  const comments = useCommentsFold();

  const selectedId =
    tree === undefined
      ? undefined
      : props.pageId !== undefined && tree.nodes.has(props.pageId)
        ? props.pageId
        : tree.changed[0];
  const selectedNode = selectedId === undefined ? undefined : tree?.nodes.get(selectedId);
  const change: PageChange | undefined = selectedNode?.change;
  const pageDiff = usePageDiff(context, change);
  const diff = pageDiff.data;
  // What waits for the first page on screen (its diff and comments painted, or their reads failed): the tree's first
  // render (a long task and its layout), the background reads of every body (its two do not queue behind a thousand),
  // and the thread pane's threads. Sticky, so moving to another page does not restart them.
  const commentable = selectedNode !== undefined && selectedNode.change?.kinds.includes('deleted') !== true;
  const commentPage = commentable ? selectedNode.id : undefined;
  const commentsSettled = usePageCommentsSettled(commentScope(context), commentPage);
  const diffSettled =
    tree !== undefined && (change === undefined || !change.bodyChanged || pageDiff.isFetched);
  // `review:first-diff` once the first page's diff (or its structure, when its body did not change) is painted;
  // then its block comments, drawn in the next frame; then what waits for both.
  useFirstDiffMark(change !== undefined && (!change.bodyChanged || diff !== undefined));
  const diffPainted = useAfterFirstPaint(diffSettled);
  // Two frames: the comments are drawn in the frame after the diff's, and their mark's task (queued from that frame)
  // must run before the tree's first render, which this lets start: in a transition, so that the tree's rows and the
  // thread pane render in slices instead of one task of 60–120 ms while the bodies are read.
  const afterFirst = useAfterFirstPaint(diffSettled && commentsSettled && diffPainted, 2, true);
  const { stats, progress } = useAllDiffStats(context, afterFirst ? tree : undefined);
  const review = useReviewSession({
    ...context,
    pageId: commentPage,
    pageTitle: selectedNode?.title ?? '',
    diff,
    paneRef,
    currentChange,
    countsReady: afterFirst,
    commentsReady: diffPainted,
  });
  const changeCount =
    diff === undefined ? 0 : lens === 'source' ? diff.source.changes : diff.rendered.changes;

  const rows = useMemo(
    () => (tree === undefined ? [] : visibleRows(tree, { onlyChanged, collapsed })),
    [tree, onlyChanged, collapsed],
  );

  useChangeScroll(paneRef, selectedId, lens, layout, diff, currentChange, setCurrentChange);
  const { select, stepPage, stepChange, toggle, toggleViewedOf } = usePageNavigation({
    tree,
    selectedId,
    collapsed,
    setCollapsed,
    setFocusedId,
    onPageChange: props.onPageChange,
    currentChange,
    setCurrentChange,
    changeCount,
    toggleViewed: viewed.toggle,
  });

  useReviewShortcuts({
    nextPage: () => stepPage(1),
    previousPage: () => stepPage(-1),
    nextChange: () => stepChange(1),
    previousChange: () => stepChange(-1),
    toggleViewed: () => {
      if (change !== undefined) viewed.toggle(change);
    },
    source: () => setLens('source'),
    rendered: () => setLens('rendered'),
    toggleLayout: () => setLayout(layout === 'split' ? 'inline' : 'split'),
    help: () => setShowHelp((shown) => !shown),
    ...review.actions,
  });

  return {
    loaded,
    error,
    retry,
    tree,
    lens,
    setLens,
    layout,
    setLayout,
    onlyChanged,
    setOnlyChanged,
    viewed,
    focusedId,
    setFocusedId,
    currentChange,
    showHelp,
    setShowHelp,
    treeRef,
    paneRef,
    treeLabel,
    comments,
    selectedId,
    selectedNode,
    change,
    pageDiff,
    diff,
    commentable,
    afterFirst,
    stats,
    progress,
    review,
    rows,
    select,
    stepChange,
    toggle,
    toggleViewedOf,
  };
}
