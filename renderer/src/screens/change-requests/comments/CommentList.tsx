/**
 * A list of threads with its composer and status filter: the body of both the Comments tab (every thread) and the
 * page panel beside a diff (`pageId`: that page's threads; new ones target it). It owns the focus: a posted comment
 * takes it, and a thread leaving the list (deleted, or resolved out of the Open filter) hands it to the next
 * thread, else the previous one, else the composer.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../bridge/errors.ts';
import { ErrorState } from '../../../layout/ErrorState.tsx';
import { profileLabel, useActiveProfile } from '../../../layout/activeProfile.ts';
import { commentsQuery, postComment, type CommentScope } from '../../../queries/comments.ts';
import { cx } from '../../../ui/cx.ts';
import { EmptyState, Skeleton } from '../../../ui/Feedback.tsx';
import { ThreadContext, useCommentsEnv, useDraft, type ThreadContextValue } from './hooks.ts';
import {
  COMMENT_FILTERS,
  emptyMessage,
  focusAfterRemoval,
  matchesFilter,
  type CommentFilter,
} from './logic.ts';
import { MarkdownComposer } from './MarkdownComposer.tsx';
import { draftKey } from './storage.ts';
import { Thread } from './Thread.tsx';
import './comments.css';

/** Where the focus goes next: a thread by id, or the composer. */
type FocusTarget = { thread: string } | { composer: true };

/** The Open / Resolved / All radios. */
function FilterControl({
  filter,
  onChange,
  compact,
}: {
  filter: CommentFilter;
  onChange: (filter: CommentFilter) => void;
  compact: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={cx('comment-filter', compact && 'is-compact')} data-testid="comment-filter">
      <legend className="visually-hidden">Show comments</legend>
      {COMMENT_FILTERS.map(({ value, label }) => (
        <label key={value} className={cx('comment-filter-option', filter === value && 'is-selected')}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={filter === value}
            onChange={() => onChange(value)}
            data-testid={`comment-filter-${value}`}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Props of `CommentList`. */
export interface CommentListProps {
  scope: CommentScope;
  /** Only this page's threads, and new ones target it. */
  pageId?: string;
  compact: boolean;
  filter: CommentFilter;
  onFilterChange: (filter: CommentFilter) => void;
  /** The composer's label ("Comment on this change request"). */
  composerLabel: string;
}

/** The list while its threads load (or while something else is drawn first: `PageCommentsPanel`). */
export function CommentsLoading() {
  return (
    <div
      className="comment-loading"
      role="status"
      aria-label="Loading comments"
      data-testid="comments-loading"
    >
      <Skeleton height="72px" />
      <Skeleton height="72px" />
    </div>
  );
}

/** The composer, the filter and the threads. */
export function CommentList({
  scope,
  pageId,
  compact,
  filter,
  onFilterChange,
  composerLabel,
}: CommentListProps) {
  const { queryClient } = useCommentsEnv(scope.profileId);
  const { profile } = useActiveProfile();
  const list = useQuery(commentsQuery(scope, filter, pageId));
  const draft = useDraft(
    draftKey(
      scope.profileId,
      scope.changeRequestId,
      pageId === undefined ? { kind: 'new' } : { kind: 'new', pageId },
    ),
  );
  const [postError, setPostError] = useState<string | undefined>();
  const [focusTarget, setFocusTarget] = useState<FocusTarget | undefined>();
  const container = useRef<HTMLDivElement>(null);
  const composerText = useRef<HTMLTextAreaElement>(null);

  // The cache may hold a thread whose status changed optimistically: the list shows what the filter says.
  const threads = useMemo(
    () => (list.data ?? []).filter((comment) => matchesFilter(comment, filter, pageId)),
    [list.data, filter, pageId],
  );
  const ids = useRef<readonly string[]>([]);
  ids.current = threads.map((comment) => comment.id);

  useEffect(() => {
    if (focusTarget === undefined) return;
    const element =
      'thread' in focusTarget
        ? container.current?.querySelector<HTMLElement>(
            `[data-testid="comment-thread"][data-comment-id="${CSS.escape(focusTarget.thread)}"]`,
          )
        : composerText.current;
    if (element !== null && element !== undefined) {
      element.focus();
      // A closing dialog (Delete's confirmation) gives the focus back to its trigger a tick later, and that
      // trigger is gone with the thread: take it back then.
      setTimeout(() => {
        if (document.activeElement !== element && element.isConnected) element.focus();
      }, 0);
      setFocusTarget(undefined);
    }
  }, [focusTarget, threads]);

  const prepareLeave = useCallback((commentId: string) => {
    const next = focusAfterRemoval(ids.current, commentId);
    return () => setFocusTarget(next !== undefined ? { thread: next } : { composer: true });
  }, []);
  const context = useMemo<ThreadContextValue>(
    () => ({ scope, compact, filter, prepareLeave }),
    [scope, compact, filter, prepareLeave],
  );

  const post = useMutation({
    mutationFn: (text: string) => postComment(queryClient, scope, text, pageId),
    onMutate: () => setPostError(undefined),
    onSuccess: (comment) => {
      draft.clear();
      // A new thread is open: under the Resolved filter it would not show, so the list switches to Open.
      if (filter === 'resolved') onFilterChange('open');
      setFocusTarget({ thread: comment.id });
    },
    onError: (error) => setPostError(errorMessage(error)),
  });

  let body;
  if (list.isPending) {
    body = <CommentsLoading />;
  } else if (list.isError) {
    body = (
      <ErrorState
        error={list.error}
        what="the comments"
        profileName={profileLabel(profile, scope.profileId)}
        onRetry={() => void list.refetch()}
        standalone
      />
    );
  } else if (threads.length === 0) {
    body = (
      <div data-testid="comments-empty">
        <EmptyState title={emptyMessage(filter)}>
          {filter === 'resolved'
            ? 'Resolved threads show here.'
            : pageId !== undefined
              ? 'Comments posted here are anchored to this page.'
              : 'Start the discussion with the box above.'}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <ThreadContext.Provider value={context}>
        <div className="comment-threads" data-testid="comment-threads">
          {threads.map((comment) => (
            <Thread key={comment.id} comment={comment} />
          ))}
        </div>
      </ThreadContext.Provider>
    );
  }

  return (
    <div className={cx('comment-list', compact && 'is-compact')} ref={container}>
      <MarkdownComposer
        label={composerLabel}
        showLabel={!compact}
        value={draft.text}
        onChange={draft.set}
        onSubmit={() => post.mutate(draft.text)}
        submitLabel="Comment"
        pending={post.isPending}
        error={postError}
        placeholder={pageId === undefined ? 'Leave a comment (markdown)…' : 'Comment on this page…'}
        compact={compact}
        textareaRef={composerText}
        data-testid="new-comment-composer"
      />
      <FilterControl filter={filter} onChange={onFilterChange} compact={compact} />
      {body}
    </div>
  );
}
