/**
 * The replies of a thread: the latest three while collapsed ("Show earlier replies" for the rest), each an
 * `article` with its own Edit, Delete and reactions. A new reply takes the focus; a deleted one hands it to its
 * thread.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Comment, CommentReply } from '../../../../../shared/contract/resources/comments.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { deleteReply, editReply, repliesQuery, toggleReplyReaction } from '../../../queries/comments.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { CommentItem } from './CommentItem.tsx';
import { useCommentsEnv, useThreadContext } from './hooks.ts';
import { visibleReplies } from './logic.ts';
import { draftKey } from './storage.ts';

/** One reply, with its own edit, delete and reactions. */
function Reply({ comment, reply }: { comment: Comment; reply: CommentReply }) {
  const { scope } = useThreadContext();
  const { queryClient, me } = useCommentsEnv(scope.profileId);
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Optimistic in the cache (toggleReplyReaction), put back on a refusal.
  const reaction = useMutation({
    mutationFn: ({ emoji, by }: { emoji: string; by: NonNullable<typeof me> }) =>
      toggleReplyReaction(queryClient, scope, comment.id, reply, emoji, by),
    onError: (error) =>
      toast({ tone: 'error', title: 'Could not change the reaction', description: errorMessage(error) }),
  });
  return (
    <article
      ref={ref}
      className="comment-reply"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="comment-reply"
      data-reply-id={reply.id}
    >
      <CommentItem
        item={reply}
        kind="reply"
        headingId={headingId}
        headingLevel={4}
        editDraftKey={draftKey(scope.profileId, scope.changeRequestId, {
          kind: 'edit-reply',
          commentId: comment.id,
          replyId: reply.id,
        })}
        meId={me?.id}
        onSaveEdit={(markdown) => editReply(queryClient, scope, comment.id, reply.id, markdown)}
        onDelete={async () => {
          const thread = ref.current?.closest<HTMLElement>('[data-testid="comment-thread"]');
          await deleteReply(queryClient, scope, comment.id, reply.id);
          // The reply's article is gone: the thread takes the focus, after the confirmation has given it back.
          setTimeout(() => thread?.focus(), 0);
        }}
        onToggleReaction={(emoji) => {
          if (me !== undefined) reaction.mutate({ emoji, by: me });
        }}
      />
    </article>
  );
}

/** The replies of a thread, loaded when it has some. */
export function Replies({ comment, focusReplyId }: { comment: Comment; focusReplyId: string | undefined }) {
  const { scope } = useThreadContext();
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const replies = useQuery({ ...repliesQuery(scope, comment.id), enabled: comment.replies > 0 });
  const items = comment.replies > 0 || replies.data !== undefined ? (replies.data ?? []) : [];

  useEffect(() => {
    if (focusReplyId === undefined) return;
    listRef.current?.querySelector<HTMLElement>(`[data-reply-id="${CSS.escape(focusReplyId)}"]`)?.focus();
  }, [focusReplyId, items]);

  if (comment.replies === 0 && items.length === 0) return null;
  if (replies.isPending && items.length === 0)
    return (
      <p className="comment-replies-status muted" role="status">
        Loading replies…
      </p>
    );
  if (replies.isError && items.length === 0)
    return (
      <div className="comment-replies-status" role="alert">
        <span>Could not load the replies: {errorMessage(replies.error)}</span>{' '}
        <Button size="sm" variant="secondary" onClick={() => void replies.refetch()}>
          Retry
        </Button>
      </div>
    );
  const { shown, hidden } = visibleReplies(items, expanded);
  return (
    <div className="comment-replies" ref={listRef} data-testid="comment-replies">
      {hidden > 0 && (
        <button
          type="button"
          className="link-button comment-replies-more"
          aria-expanded={false}
          onClick={() => setExpanded(true)}
          data-testid="comment-replies-more"
        >
          Show {hidden} earlier {hidden === 1 ? 'reply' : 'replies'}
        </button>
      )}
      {expanded && items.length > 3 && (
        <button
          type="button"
          className="link-button comment-replies-more"
          aria-expanded={true}
          onClick={() => setExpanded(false)}
        >
          Show only the latest replies
        </button>
      )}
      {shown.map((reply) => (
        <Reply key={reply.id} comment={comment} reply={reply} />
      ))}
    </div>
  );
}
