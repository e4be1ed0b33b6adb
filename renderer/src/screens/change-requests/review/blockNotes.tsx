/**
 * What the diff views draw at a block of the request: its comments and draft comments (below the block), and the
 * button that starts a comment on it. The Changes tab provides them (`BlockNotesContext`); the diff views only ask
 * by the block's place (`headIndex`), so they stay free of comment data.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { LineNotes } from '../../../ui/diff/SourceDiffView.tsx';

/** What the diff views may ask for at a block. */
export interface BlockNotes extends LineNotes {
  /** What to draw below the block (comments, drafts, an open composer), or nothing. */
  below(headIndex: number): ReactNode;
  /** Blocks that carry something: never folded away. */
  pinned: ReadonlySet<number>;
  /** Starts a comment on a block. */
  comment(headIndex: number): void;
}

export const BlockNotesContext = createContext<BlockNotes | undefined>(undefined);

/** The notes of the diff on screen, if any. */
export function useBlockNotes(): BlockNotes | undefined {
  return useContext(BlockNotesContext);
}

/** The "comment on this block" button of a block of the request. */
export function CommentHere({ headIndex }: { headIndex: number | undefined }) {
  const notes = useBlockNotes();
  if (notes === undefined || headIndex === undefined) return null;
  return (
    <button
      type="button"
      className="review-comment-here"
      aria-label={`Comment on block ${headIndex + 1}`}
      title="Comment on this block (c on the current change)"
      onClick={() => notes.comment(headIndex)}
      data-testid="review-comment-here"
    >
      +
    </button>
  );
}

/** What goes below a block of the request. */
export function BlockNotesBelow({ headIndex }: { headIndex: number | undefined }) {
  const notes = useBlockNotes();
  if (notes === undefined || headIndex === undefined) return null;
  return <>{notes.below(headIndex)}</>;
}
