/**
 * What sits below a block of the diff: its open comments (compact: author, text, replies; the thread itself is in
 * the pane beside the diff), the reviewer's draft comments (pending until "Finish review"), and the composer that
 * adds one, as a draft ("Add to review", Ctrl/⌘+Enter) or at once ("Comment now").
 */
import { useId, useState } from 'react';
import type { Comment } from '../../../../../shared/contract/resources/comments.ts';
import { Button } from '../../../ui/Button.tsx';
import { Badge } from '../../../ui/Feedback.tsx';
import { Markdown } from '../../../ui/Markdown.tsx';
import { timeAgo } from '../../../ui/time.ts';
import { bodyMarkdown, isSendShortcut } from '../comments/logic.ts';
import type { ReviewDraft } from './drafts.ts';

/** A comment placed at its block. */
export function PlacedComment({ comment, onOpen }: { comment: Comment; onOpen: (id: string) => void }) {
  const node = comment.target.node;
  return (
    <article
      className="review-note"
      data-testid="block-comment"
      data-comment-id={comment.id}
      aria-label={`Comment by ${comment.postedBy.displayName}`}
    >
      <header className="review-note-header">
        <strong>{comment.postedBy.displayName}</strong>
        <span className="muted">{timeAgo(comment.postedAt, Date.now())}</span>
        {node?.lines !== undefined && node.lines.end > node.lines.start && (
          <span className="muted">
            lines {node.lines.start + 1}–{node.lines.end + 1} of the block
          </span>
        )}
        {node?.outdated === true && <Badge tone="warning">Outdated</Badge>}
      </header>
      <Markdown source={bodyMarkdown(comment.body)} className="review-note-body" />
      <Button size="sm" variant="ghost" onClick={() => onOpen(comment.id)} data-testid="block-comment-open">
        {comment.replies === 0
          ? 'Reply'
          : `${comment.replies} ${comment.replies === 1 ? 'reply' : 'replies'}`}
      </Button>
    </article>
  );
}

/** A draft comment at its block. */
export function PlacedDraft({
  draft,
  onChange,
  onDelete,
}: {
  draft: ReviewDraft;
  onChange: (markdown: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(draft.markdown);
  const id = useId();
  return (
    <article className="review-note is-draft" data-testid="block-draft" aria-label="Your draft comment">
      <header className="review-note-header">
        <Badge tone="accent">Pending</Badge>
        <span className="muted">sent when you finish your review</span>
      </header>
      {editing ? (
        <>
          <label htmlFor={id} className="visually-hidden">
            Edit the draft comment
          </label>
          <textarea id={id} value={text} onChange={(event) => setText(event.target.value)} rows={3} />
          <div className="review-note-actions">
            <Button
              size="sm"
              variant="primary"
              disabled={text.trim() === ''}
              onClick={() => {
                onChange(text);
                setEditing(false);
              }}
            >
              Save draft
            </Button>
            <Button size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <>
          <Markdown source={draft.markdown} className="review-note-body" />
          <div className="review-note-actions">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} data-testid="block-draft-delete">
              Delete draft
            </Button>
          </div>
        </>
      )}
    </article>
  );
}

/** The composer of a comment on a block (or lines of it). */
export function BlockComposer({
  what,
  text,
  onText,
  onDraft,
  onNow,
  onCancel,
  pending,
  error,
}: {
  /** "block 3" or "lines 4–6", for the label. */
  what: string;
  text: string;
  onText: (text: string) => void;
  onDraft: () => void;
  onNow: () => void;
  onCancel: () => void;
  pending: boolean;
  error: string | undefined;
}) {
  const id = useId();
  const empty = text.trim() === '';
  return (
    <div className="review-note review-composer" data-testid="block-composer">
      <label htmlFor={id} className="field-label">
        Comment on {what}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        autoFocus
        placeholder="Markdown. Ctrl+Enter adds it to your review."
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (isSendShortcut(event) && !empty) {
            event.preventDefault();
            onDraft();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        data-testid="block-composer-text"
      />
      {error !== undefined && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="review-note-actions">
        <Button
          size="sm"
          variant="primary"
          disabled={empty}
          onClick={onDraft}
          data-testid="block-composer-draft"
        >
          Add to review
        </Button>
        <Button size="sm" disabled={empty} pending={pending} onClick={onNow} data-testid="block-composer-now">
          Comment now
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
