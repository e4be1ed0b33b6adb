/**
 * The block comments of the page on screen, as the diff views draw them (`BlockNotes`): the page's open comments
 * placed at their blocks by the place the API gives (`target.node.index`), the reviewer's drafts at theirs, and the
 * composer of a new one. A comment whose block is gone stays in the pane beside the diff only (marked outdated
 * there). The blocks' keys (what a new comment names) are read with the page (`listPageBlocksInRevision`); where
 * the profile's API does not offer them (GitBook's: its block ids are its own document model's), the diff carries no
 * block comments and page comments remain in the pane beside it.
 *
 * Performance mark: `review:comments-placed`, once the page's diff and its comments are drawn together (the review
 * benchmark measures it against `review:first-diff`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import type { Comment } from '../../../../../shared/contract/resources/comments.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { useOffers } from '../../../queries/capabilities.ts';
import { commentsQuery, postComment, type CommentScope } from '../../../queries/comments.ts';
import { pageBlocksQuery } from '../../../queries/reviews.ts';
import type { PageDiff } from '../diff/types.ts';
import type { BlockNotes } from './blockNotes.tsx';
import { BlockComposer, PlacedComment, PlacedDraft } from './BlockNoteViews.tsx';
import { useReviewDrafts, type ReviewDraft } from './drafts.ts';

/** Where the composer is: a block, and lines of it (relative to the block's first line) from the source lens. */
interface ComposerAt {
  headIndex: number;
  lines?: { start: number; end: number };
}

/** The block holding line `lineNo` of the request (the last block starting at or before it). */
export function blockOfLine(blocks: readonly { line: number; lines: number }[], lineNo: number): number {
  let found = 0;
  blocks.forEach((block, index) => {
    if (block.line <= lineNo) found = index;
  });
  return found;
}

/** The line of the request a note is drawn after in the source lens. */
function lineOf(
  blocks: readonly { line: number; lines: number }[],
  headIndex: number,
  lines: { start: number; end: number } | undefined,
): number | undefined {
  const block = blocks[headIndex];
  if (block === undefined) return undefined;
  return block.line + (lines !== undefined ? lines.end : block.lines - 1);
}

/** What `buildNotes` draws the notes of a page from. */
interface NotesInput {
  placed: ReadonlyMap<number, { comments: Comment[]; drafts: ReviewDraft[] }>;
  headBlocks: readonly { line: number; lines: number }[] | undefined;
  composer: ComposerAt | undefined;
  composerView: (what: string) => ReactNode;
  openThread: (commentId: string) => void;
  update: (id: string, markdown: string) => void;
  remove: (ids: readonly string[]) => void;
  compose: (headIndex: number) => void;
  setComposer: (at: ComposerAt) => void;
}

/** The notes of a page: its placed comments and drafts, and the composer, by block and by line. */
function buildNotes(input: NotesInput): BlockNotes {
  const { placed, headBlocks, composer } = input;
  const notesAt = (
    index: number,
    filter: (lines: { start: number; end: number } | undefined) => boolean,
  ): ReactNode => {
    const entry = placed.get(index);
    const items = [
      ...(entry?.comments ?? [])
        .filter((comment) => filter(comment.target.node?.lines))
        .map((comment) => <PlacedComment key={comment.id} comment={comment} onOpen={input.openThread} />),
      ...(entry?.drafts ?? [])
        .filter((draft) => filter(draft.lines))
        .map((draft) => (
          <PlacedDraft
            key={draft.id}
            draft={draft}
            onChange={(markdown) => input.update(draft.id, markdown)}
            onDelete={() => input.remove([draft.id])}
          />
        )),
    ];
    const composing = composer !== undefined && composer.headIndex === index && filter(composer.lines);
    if (items.length === 0 && !composing) return null;
    const what =
      composer?.lines !== undefined && headBlocks?.[index] !== undefined
        ? `lines ${headBlocks[index]!.line + composer.lines.start}–${headBlocks[index]!.line + composer.lines.end}`
        : `block ${index + 1}`;
    return (
      <div className="review-block-notes" data-testid="block-notes" data-head-index={index}>
        {items}
        {composing && input.composerView(what)}
      </div>
    );
  };

  const pinned = new Set(placed.keys());
  if (composer !== undefined) pinned.add(composer.headIndex);
  const lineTargets = new Map<number, number[]>();
  if (headBlocks !== undefined) {
    const mark = (index: number, lines: { start: number; end: number } | undefined) => {
      const line = lineOf(headBlocks, index, lines);
      if (line !== undefined) lineTargets.set(line, [...(lineTargets.get(line) ?? []), index]);
    };
    for (const [index, entry] of placed) {
      for (const comment of entry.comments) mark(index, comment.target.node?.lines);
      for (const draft of entry.drafts) mark(index, draft.lines);
    }
    if (composer !== undefined) mark(composer.headIndex, composer.lines);
  }
  return {
    below: (headIndex) => notesAt(headIndex, () => true),
    pinned,
    comment: input.compose,
    pinnedLines: new Set(lineTargets.keys()),
    belowLine: (lineNo) => {
      const indexes = [...new Set(lineTargets.get(lineNo) ?? [])];
      if (indexes.length === 0 || headBlocks === undefined) return null;
      return indexes.map((index) => (
        <div key={index}>{notesAt(index, (lines) => lineOf(headBlocks, index, lines) === lineNo)}</div>
      ));
    },
    commentLines: (first, last) => {
      if (headBlocks === undefined || headBlocks.length === 0) return;
      const index = blockOfLine(headBlocks, first);
      const start = headBlocks[index]!.line;
      input.setComposer({
        headIndex: index,
        lines: { start: Math.max(0, first - start), end: Math.max(0, last - start) },
      });
    },
  };
}

/**
 * Whether the open comments of the page on screen are in (or failed to load); true without a page. Observes the
 * query `useBlockComments` reads, without reading it: what must not delay the page's comments waits for this.
 */
export function usePageCommentsSettled(scope: CommentScope, pageId: string | undefined): boolean {
  const comments = useQuery({ ...commentsQuery(scope, 'open', pageId ?? ''), enabled: false });
  return pageId === undefined || comments.isFetched;
}

/** The page's comments and drafts by the index of their block; oldest first under a block, as a conversation reads. */
function placeByBlock(
  comments: readonly Comment[] | undefined,
  drafts: readonly ReviewDraft[],
  pageId: string | undefined,
): Map<number, { comments: Comment[]; drafts: ReviewDraft[] }> {
  const byBlock = new Map<number, { comments: Comment[]; drafts: ReviewDraft[] }>();
  const at = (index: number) => {
    let entry = byBlock.get(index);
    if (entry === undefined) byBlock.set(index, (entry = { comments: [], drafts: [] }));
    return entry;
  };
  for (const comment of comments ?? []) {
    const index = comment.target.node?.index;
    if (index !== undefined && comment.target.page?.id === pageId) at(index).comments.push(comment);
  }
  for (const draft of drafts)
    if (draft.pageId === pageId && draft.blockIndex !== undefined) at(draft.blockIndex).drafts.push(draft);
  // Oldest first under a block, as a conversation reads.
  for (const entry of byBlock.values()) entry.comments.sort((a, b) => a.postedAt.localeCompare(b.postedAt));
  return byBlock;
}

/** `review:comments-placed`: the diff and the page's comments drawn together, once per page. */
function useCommentsPlacedMark(pageId: string | undefined, diff: unknown, shownComments: unknown): void {
  const markedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (pageId === undefined || diff === undefined || shownComments === undefined) return;
    if (markedFor.current === pageId) return;
    markedFor.current = pageId;
    requestAnimationFrame(() => setTimeout(() => performance.mark('review:comments-placed'), 0));
  }, [pageId, diff, shownComments]);
}

export function useBlockComments(input: {
  scope: CommentScope;
  changeRequest: ChangeRequest;
  pageId: string | undefined;
  pageTitle: string;
  diff: PageDiff | undefined;
  /** Opens a thread in the pane beside the diff. */
  onOpenThread: (commentId: string) => void;
  /**
   * Whether the page's block keys (needed only to send a comment) may be read: false while the page's first diff is
   * drawn, whose reads they would slow down.
   */
  blocksReady?: boolean;
  /**
   * Whether the page's comments may be drawn: false until the page's first diff is painted, so that the diff paints
   * without them (drawn together, they made the Changes tab's first diff 20–40 ms later) and they follow in the next
   * frame.
   */
  commentsReady?: boolean;
}): { notes: BlockNotes | undefined; compose: (headIndex: number) => void } {
  const { scope, changeRequest, pageId, diff } = input;
  const queryClient = useQueryClient();
  const comments = useQuery({
    ...commentsQuery(scope, 'open', pageId ?? ''),
    enabled: pageId !== undefined,
  });
  const offered = useOffers(scope.profileId, 'listPageBlocksInRevision') === true;
  const blocks = useQuery({
    ...pageBlocksQuery(scope.profileId, scope.spaceId, changeRequest.revision, pageId ?? ''),
    enabled: pageId !== undefined && offered && input.blocksReady !== false,
  });
  const { drafts, add, update, remove } = useReviewDrafts(scope.profileId, changeRequest.id);
  const [composer, setComposer] = useState<ComposerAt | undefined>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const openThread = input.onOpenThread;

  // A new page starts without a composer.
  useEffect(() => {
    setComposer(undefined);
    setText('');
    setError(undefined);
  }, [pageId]);

  const shownComments = input.commentsReady === false ? undefined : comments.data;
  const placed = useMemo(() => placeByBlock(shownComments, drafts, pageId), [shownComments, drafts, pageId]);

  const closeComposer = () => {
    setComposer(undefined);
    setText('');
    setError(undefined);
  };
  const post = useMutation({
    mutationFn: (what: {
      text: string;
      pageId: string;
      block: { node: string; lines?: ComposerAt['lines'] };
    }) => postComment(queryClient, scope, what.text, what.pageId, what.block),
    onSuccess: closeComposer,
    onError: (failure) => setError(errorMessage(failure)),
  });
  const posting = post.isPending;

  const send = (asDraft: boolean) => {
    if (composer === undefined || pageId === undefined) return;
    const block = blocks.data?.blocks[composer.headIndex];
    if (block === undefined) {
      setError('The blocks of this page are still loading; try again in a moment.');
      return;
    }
    const lines = composer.lines;
    if (!asDraft) {
      post.mutate({ text, pageId, block: { node: block.key, ...(lines !== undefined ? { lines } : {}) } });
      return;
    }
    add({
      markdown: text,
      pageId,
      pageTitle: input.pageTitle,
      node: block.key,
      blockIndex: composer.headIndex,
      ...(lines !== undefined ? { lines } : {}),
    });
    closeComposer();
  };

  const headBlocks = diff?.rendered.headBlocks;
  // The composer sends with what was typed last; the notes need not change with `send` for that.
  const sendRef = useRef(send);
  useLayoutEffect(() => {
    sendRef.current = send;
  });

  const compose = useCallback((headIndex: number) => {
    setComposer({ headIndex });
    setError(undefined);
  }, []);

  // One object while nothing it draws changes: the diff's rows re-render only when the notes do.
  const notes = useMemo((): BlockNotes | undefined => {
    if (pageId === undefined || !offered) return undefined;
    return buildNotes({
      placed,
      headBlocks,
      composer,
      composerView: (what) => (
        <BlockComposer
          what={what}
          text={text}
          onText={setText}
          onDraft={() => sendRef.current(true)}
          onNow={() => sendRef.current(false)}
          onCancel={() => {
            setComposer(undefined);
            setError(undefined);
          }}
          pending={posting}
          error={error}
        />
      ),
      openThread,
      update,
      remove,
      compose,
      setComposer: (at) => {
        setComposer(at);
        setError(undefined);
      },
    });
  }, [
    pageId,
    offered,
    placed,
    headBlocks,
    composer,
    text,
    posting,
    error,
    openThread,
    update,
    remove,
    compose,
  ]);

  useCommentsPlacedMark(pageId, diff, shownComments);

  return { notes, compose };
}
