/**
 * The Changes tab of a change request: the changed pages as a tree (markers, line counts, "Viewed"), the page on
 * screen with its structure changes and its diff (rendered side by side or inline, or the markdown source), and the
 * page's comments beside it. Diffs are computed by a worker (diff/), never on this thread. The page shown is the
 * URL's `page`; the lens, the layout and the tree filter are remembered per profile; viewed marks per request.
 *
 * Keyboard (not while typing): j / Alt+↓ next changed page, k / Alt+↑ previous; n / p next and previous change
 * (past the last change, the next page); v viewed; s source, r rendered; i side by side or inline; c comment on the
 * current change; a approve, x request changes, f finish the review; ? the list. Block comments sit at their blocks
 * and draft comments wait for "Finish review" (`review/`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { commentsQuery } from '../../queries/comments.ts';
import { RateLimitWait } from '../../ui/ApiNotes.tsx';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { PageCommentsPanel } from './CommentsTab.tsx';
import { visibleRows, type PageChange } from './diff/classify.ts';
import { LensToggles } from './diff/LensToggles.tsx';
import { PageDiffView } from './diff/PageDiffView.tsx';
import { useReviewPref } from './diff/prefs.ts';
import { ReviewTreeView, TreeSkeleton } from './diff/ReviewTreeView.tsx';
import { ShortcutHelp, useReviewShortcuts } from './diff/shortcuts.tsx';
import { useCommentsFold } from './diff/useCommentsFold.ts';
import { useAllDiffStats, usePageDiff, useReviewTree } from './diff/useReview.ts';
import { useViewedMarks } from './diff/useViewedMarks.ts';
import { useAfterFirstPaint, useFirstDiffMark } from './review/firstPaint.ts';
import { BlockNotesContext } from './review/blockNotes.tsx';
import { usePageCommentsSettled } from './review/useBlockComments.tsx';
import { commentScope, useReviewSession } from './review/useReviewSession.tsx';
import './diff/changes.css';

export interface ChangesTabProps {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequest: ChangeRequest;
  /** The page shown, from the URL (`?page=`); undefined shows the first changed page. */
  pageId: string | undefined;
  onPageChange: (pageId: string) => void;
}

export function ChangesTab(props: ChangesTabProps) {
  const { profileId, orgId, spaceId, changeRequest } = props;
  const context = useMemo(
    () => ({ profileId, orgId, spaceId, changeRequest }),
    [profileId, orgId, spaceId, changeRequest],
  );
  const { profile } = useActiveProfile();
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
  // must run before the tree's long first render, which this lets start.
  const afterFirst = useAfterFirstPaint(diffSettled && commentsSettled && diffPainted, 2);
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
      if (id !== selectedId) props.onPageChange(id);
    },
    [tree, collapsed, selectedId, props],
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
    [currentChange, changeCount, stepPage],
  );

  const toggle = useCallback((id: string, open?: boolean) => {
    setCollapsed((previous) => {
      const next = new Set(previous);
      const shouldOpen = open ?? next.has(id);
      if (shouldOpen) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleViewedOf = useCallback(
    (id: string) => {
      const target = tree?.nodes.get(id)?.change;
      if (target !== undefined) viewed.toggle(target);
    },
    [tree, viewed],
  );

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

  if (error !== undefined && loaded.tree === undefined) {
    return (
      <div className="review" data-testid="changes-tab">
        <ErrorState
          error={error}
          what="the changes of this request"
          profileName={profileLabel(profile, profileId)}
          onRetry={retry}
        />
      </div>
    );
  }
  if (tree === undefined) {
    return (
      <div
        className="review"
        data-testid="changes-tab"
        role="status"
        aria-busy="true"
        aria-label="Loading the changes"
      >
        <div className="review-body review-loading" data-testid="changes-loading">
          <TreeSkeleton className="review-tree-pane" />
          <div className="review-page-pane">
            <Skeleton width="40%" height="1.6rem" />
            <Skeleton width="100%" height="10rem" />
          </div>
        </div>
      </div>
    );
  }
  if (tree.changed.length === 0) {
    return (
      <div className="review" data-testid="changes-tab">
        <EmptyState title="This change request changes nothing yet">
          Its pages are the same as in the space. Edits made in this request will show here.
        </EmptyState>
      </div>
    );
  }

  const viewedCount = viewed.count(tree);
  const title = selectedNode?.title ?? '';
  const diffError =
    pageDiff.isError && change?.bodyChanged === true ? (
      <ErrorState
        error={pageDiff.error}
        what="this page's content"
        profileName={profileLabel(profile, profileId)}
        standalone
        onRetry={() => {
          retry();
          void pageDiff.refetch();
        }}
      />
    ) : undefined;

  return (
    <div className="review" data-testid="changes-tab">
      <div className="review-toolbar">
        <p className="review-summary">
          <strong data-testid="review-changed-count">
            {tree.changed.length} changed {tree.changed.length === 1 ? 'page' : 'pages'}
          </strong>
          <span className="review-viewed-count" data-testid="review-viewed-count">
            {viewedCount} of {tree.changed.length} viewed
          </span>
          {progress.done < progress.total && (
            <span className="muted review-progress" data-testid="review-progress">
              {progress.read < progress.total
                ? `Reading pages: ${progress.read} of ${progress.total}`
                : `Counting lines: ${progress.done} of ${progress.total} pages`}
            </span>
          )}
          <RateLimitWait profileId={profileId} active={progress.done < progress.total} />
        </p>
        <div className="review-toggles">
          <LensToggles lens={lens} layout={layout} onLens={setLens} onLayout={setLayout} />
          {review.finishButton}
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showHelp}
            aria-controls="review-shortcuts"
            aria-keyshortcuts="Shift+?"
            onClick={() => setShowHelp(!showHelp)}
            data-testid="review-shortcuts-toggle"
          >
            Keyboard
          </Button>
        </div>
      </div>
      {showHelp && <ShortcutHelp id="review-shortcuts" />}
      <div className="review-body" ref={comments.bodyRef}>
        <nav className="review-tree-pane" aria-labelledby={treeLabel}>
          <div className="review-tree-header">
            <h2 id={treeLabel} className="review-tree-title">
              Pages
            </h2>
            <label className="review-only-changed">
              <input
                type="checkbox"
                checked={onlyChanged}
                onChange={(event) => setOnlyChanged(event.target.checked)}
                data-testid="review-only-changed"
              />
              Only changed pages
            </label>
          </div>
          {!afterFirst ? (
            <TreeSkeleton className="review-tree-placeholder" />
          ) : (
            <ReviewTreeView
              tree={tree}
              rows={rows}
              selectedId={selectedId}
              focusedId={focusedId}
              setFocusedId={setFocusedId}
              stats={stats}
              commentCounts={review.commentCounts}
              isViewed={viewed.isViewed}
              onSelect={select}
              onToggle={toggle}
              onToggleViewed={toggleViewedOf}
              treeRef={treeRef}
              labelledBy={treeLabel}
            />
          )}
        </nav>
        <BlockNotesContext.Provider value={review.notes}>
          <div className="review-page-pane" ref={paneRef}>
            {change !== undefined ? (
              <PageDiffView
                key={change.id}
                change={change}
                title={title}
                lens={lens}
                layout={layout}
                diff={diff}
                diffError={diffError}
                viewed={viewed.isViewed(change)}
                onToggleViewed={() => viewed.toggle(change)}
                currentChange={currentChange}
                onChange={stepChange}
              />
            ) : (
              <EmptyState title={title || 'Untitled'}>This page is unchanged in this request.</EmptyState>
            )}
          </div>
        </BlockNotesContext.Provider>
        {/* Comments target pages of the request: a deleted page has none. */}
        {commentable && (
          <PageCommentsPanel
            profileId={profileId}
            orgId={orgId}
            spaceId={spaceId}
            changeRequest={changeRequest}
            pageId={selectedNode.id}
            pageTitle={title}
            folded={comments.folded}
            threadsReady={afterFirst}
          />
        )}
      </div>
      {review.dialog}
    </div>
  );
}
