/**
 * A thread: the comment (an `article` labelled by its author heading), where it is anchored, its status, its
 * replies (the latest three while collapsed, the rest behind "Show earlier replies") and a reply composer whose
 * text is kept as a draft per thread. Resolve / Reopen and reactions are optimistic; a refusal (a 403 for someone
 * who may not resolve, for example) puts the thread back and a toast carries the server's message.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { Comment } from '../../../../../shared/contract/resources/comments.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import {
  deleteComment,
  editComment,
  postReply,
  setResolved,
  toggleCommentReaction,
} from '../../../queries/comments.ts';
import { Button } from '../../../ui/Button.tsx';
import { Badge } from '../../../ui/Feedback.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { CommentItem } from './CommentItem.tsx';
import { useCommentsEnv, useDraft, useThreadContext } from './hooks.ts';
import { fullDate } from '../../../ui/time.ts';
import { anchorLabel, anchorOf, matchesFilter } from './logic.ts';
import { MarkdownComposer } from './MarkdownComposer.tsx';
import { Replies } from './Replies.tsx';
import { draftKey } from './storage.ts';

/** Where the thread is anchored; a page anchor links to that page on the Changes tab. */
function AnchorLine({ comment }: { comment: Comment }) {
  const { scope } = useThreadContext();
  const routeParams = useParams({ strict: false });
  const anchor = anchorOf(comment);
  if (anchor.kind === 'request')
    return (
      <p className="comment-anchor" data-testid="comment-anchor" data-anchor="request">
        {anchorLabel(anchor)}
      </p>
    );
  return (
    <p
      className="comment-anchor"
      data-testid="comment-anchor"
      data-anchor="page"
      data-page-id={anchor.pageId}
    >
      {anchor.title === undefined ? (
        anchorLabel(anchor)
      ) : (
        <>
          On page{' '}
          <Link
            to="/p/$profileId/orgs/$orgId/spaces/$spaceId/change-requests/$changeRequestId"
            params={{
              profileId: scope.profileId,
              orgId: scope.orgId,
              spaceId: scope.spaceId,
              changeRequestId: routeParams.changeRequestId ?? scope.changeRequestId,
            }}
            search={{ tab: 'changes', page: anchor.pageId }}
            data-testid="comment-anchor-link"
          >
            “{anchor.title}”
          </Link>
        </>
      )}
      {anchor.outdated && (
        <>
          {' '}
          <Badge tone="warning">Outdated</Badge>
        </>
      )}
    </p>
  );
}

/** Where a block comment is: its block (by place), or a block no longer in the page; outdated when it changed. */
function BlockAnchor({ node }: { node: NonNullable<Comment['target']['node']> }) {
  return (
    <p
      className="comment-anchor"
      data-testid="comment-block-anchor"
      data-index={node.index}
      data-outdated={node.outdated === true}
    >
      {node.index === undefined ? 'On a block no longer in the page' : `On block ${node.index + 1}`}
      {node.lines !== undefined && node.lines.end > node.lines.start
        ? `, lines ${node.lines.start + 1}–${node.lines.end + 1}`
        : ''}
      {node.outdated === true && (
        <>
          {' '}
          <Badge tone="warning">Outdated</Badge>
        </>
      )}
    </p>
  );
}

/** The resolved line: the badge, and who resolved it (the date on hover). */
function ResolvedLine({ comment }: { comment: Comment }) {
  return (
    <p className="comment-status" data-testid="comment-resolved">
      <Badge tone="accent">Resolved</Badge>
      {comment.resolvedBy !== undefined && (
        <span
          className="muted"
          title={comment.resolvedAt !== undefined ? fullDate(comment.resolvedAt) : undefined}
        >
          {' '}
          by {comment.resolvedBy.displayName}
        </span>
      )}
    </p>
  );
}

/** A thread's writes: the reply, Resolve / Reopen (with Reopen in the toast), the reactions. */
function useThreadWrites(comment: Comment, onReplied: (replyId: string) => void) {
  const { scope, filter, prepareLeave } = useThreadContext();
  const { queryClient, me } = useCommentsEnv(scope.profileId);
  const [replyError, setReplyError] = useState<string | undefined>();

  const reply = useMutation({
    mutationFn: (text: string) => postReply(queryClient, scope, comment.id, text),
    onMutate: () => setReplyError(undefined),
    onSuccess: (sent) => onReplied(sent.id),
    onError: (error) => setReplyError(errorMessage(error)),
  });

  // Optimistic in the cache (setResolved): a refusal puts the thread back, and the toast says why.
  const status = useMutation({
    mutationFn: (next: boolean) => setResolved(queryClient, scope, comment, next, me),
    onMutate: (next) => {
      // A thread leaving the list under the focus hands the focus on first (the next thread, or the composer).
      const updated = { ...comment, status: next ? ('resolved' as const) : ('open' as const) };
      if (!matchesFilter(updated, filter)) prepareLeave(comment.id)();
    },
    onSuccess: (_result, next) =>
      toast({
        tone: 'success',
        title: next ? 'Comment resolved' : 'Comment reopened',
        ...(next
          ? {
              action: {
                label: 'Reopen',
                altText: 'Choose the Resolved filter and use Reopen on the comment',
                onClick: () => reopen.mutate(),
                testId: 'toast-reopen',
              },
            }
          : {}),
      }),
    onError: (error, next) =>
      toast({
        tone: 'error',
        title: next ? 'Could not resolve the comment' : 'Could not reopen the comment',
        description: errorMessage(error),
      }),
  });
  const reopen = useMutation({
    mutationFn: () => setResolved(queryClient, scope, { ...comment, status: 'resolved' }, false, me),
    onError: (error) =>
      toast({ tone: 'error', title: 'Could not reopen the comment', description: errorMessage(error) }),
  });

  // Optimistic in the cache (toggleCommentReaction), put back on a refusal.
  const reaction = useMutation({
    mutationFn: ({ emoji, by }: { emoji: string; by: NonNullable<typeof me> }) =>
      toggleCommentReaction(queryClient, scope, comment, emoji, by),
    onError: (error) =>
      toast({ tone: 'error', title: 'Could not change the reaction', description: errorMessage(error) }),
  });

  const remove = async () => {
    const moveFocus = prepareLeave(comment.id);
    await deleteComment(queryClient, scope, comment.id);
    moveFocus();
  };
  const edit = (markdown: string) => editComment(queryClient, scope, comment.id, markdown);

  return { me, reply, replyError, setReplyError, status, reaction, remove, edit };
}

/** A thread. */
export function Thread({ comment }: { comment: Comment }) {
  const { scope, compact } = useThreadContext();
  const headingId = useId();
  const replyDraft = useDraft(
    draftKey(scope.profileId, scope.changeRequestId, { kind: 'reply', commentId: comment.id }),
  );
  const [replying, setReplying] = useState(replyDraft.kept);
  const [focusReplyId, setFocusReplyId] = useState<string | undefined>();
  const writes = useThreadWrites(comment, (replyId) => {
    replyDraft.clear();
    setReplying(false);
    setFocusReplyId(replyId);
  });
  const { me, setReplyError } = writes;
  const replyButton = useRef<HTMLButtonElement>(null);
  const replyText = useRef<HTMLTextAreaElement>(null);
  // Only a click on Reply takes the focus into the composer (a kept draft reopens it without moving the focus).
  const [replyFocus, setReplyFocus] = useState(false);
  const canReply = comment.permissions.reply ?? true;
  const resolved = comment.status === 'resolved';
  const author = comment.postedBy.displayName;

  const replyCount = comment.replies;
  return (
    <article
      className="comment-thread"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="comment-thread"
      data-comment-id={comment.id}
      data-status={comment.status}
    >
      <CommentItem
        item={comment}
        kind="comment"
        headingId={headingId}
        headingLevel={3}
        editDraftKey={draftKey(scope.profileId, scope.changeRequestId, {
          kind: 'edit-comment',
          commentId: comment.id,
        })}
        meId={me?.id}
        meta={
          <>
            {!compact && <AnchorLine comment={comment} />}
            {comment.target.node !== undefined && <BlockAnchor node={comment.target.node} />}
            {resolved && <ResolvedLine comment={comment} />}
          </>
        }
        actions={
          <>
            {canReply && (
              <Button
                ref={replyButton}
                size="sm"
                variant="ghost"
                onClick={() => {
                  if (replying) replyText.current?.focus();
                  setReplying(true);
                  setReplyFocus(true);
                }}
                aria-label={`Reply to the comment by ${author}`}
                aria-expanded={replying}
                data-testid="comment-reply-button"
              >
                Reply
              </Button>
            )}
            {canReply && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => writes.status.mutate(!resolved)}
                pending={writes.status.isPending}
                aria-label={`${resolved ? 'Reopen' : 'Resolve'} the comment by ${author}`}
                data-testid={resolved ? 'comment-reopen' : 'comment-resolve'}
              >
                {resolved ? 'Reopen' : 'Resolve'}
              </Button>
            )}
          </>
        }
        deleteAlsoRemoves={
          replyCount > 0 ? `its ${replyCount === 1 ? 'reply' : `${replyCount} replies`}` : undefined
        }
        onSaveEdit={writes.edit}
        onDelete={writes.remove}
        onToggleReaction={(emoji) => {
          if (me !== undefined) writes.reaction.mutate({ emoji, by: me });
        }}
      />
      <Replies comment={comment} focusReplyId={focusReplyId} />
      {replying && canReply && (
        <MarkdownComposer
          label={`Reply to the comment by ${author}`}
          value={replyDraft.text}
          onChange={replyDraft.set}
          onSubmit={() => writes.reply.mutate(replyDraft.text)}
          onCancel={() => {
            // The text stays as the thread's draft; Reply brings it back.
            setReplying(false);
            setReplyFocus(false);
            setReplyError(undefined);
            requestAnimationFrame(() => replyButton.current?.focus());
          }}
          submitLabel="Reply"
          pending={writes.reply.isPending}
          error={writes.replyError}
          placeholder="Write a reply…"
          autoFocus={replyFocus}
          textareaRef={replyText}
          compact
          data-testid="reply-composer"
        />
      )}
    </article>
  );
}
