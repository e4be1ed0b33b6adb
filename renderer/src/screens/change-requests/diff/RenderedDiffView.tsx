/**
 * The rendered lens: markdown blocks drawn as the reader sees them, base and request side by side or in one column
 * (removed blocks, then the added ones). Runs of unchanged blocks fold away beyond two blocks of context; a
 * modified block shows its removed and added words marked when the compute could mark them safely. Each changed
 * block carries its change index (`data-change`), which "next change" scrolls to.
 */
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { renderMarkdown, sanitizeMarkdownHtml, type ImageSource } from '../../../ui/Markdown.tsx';
import { shownMarkdown } from './blockHtml.ts';
import { useDiffImages } from './images.tsx';
import { cx } from '../../../ui/cx.ts';
import type { DiffLayout } from './prefs.ts';
import { foldRows } from './fold.ts';
import type { BlockRow, RenderedDiff } from './types.ts';
import { BlockNotesBelow, CommentHere, useBlockNotes } from '../review/blockNotes.tsx';

const CONTEXT_BLOCKS = 2;
const HTML_CACHE_SIZE = 3_000;
const htmlCache = new Map<string, string>();

/** The blocks' HTML the worker prepared (`PageDiff.blockHtml`), not yet sanitized. */
const PreparedHtml = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/**
 * Sanitized HTML of a block, cached (a block's markdown renders the same every time with the same images); from the
 * HTML the worker `prepared` when there is some.
 */
function blockHtml(markdown: string, images: ImageSource | undefined, prepared: string | undefined): string {
  const key = images === undefined ? markdown : `${images.key}\u0000${markdown}`;
  let html = htmlCache.get(key);
  if (html === undefined) {
    html = prepared === undefined ? renderMarkdown(markdown, images) : sanitizeMarkdownHtml(prepared, images);
    if (htmlCache.size >= HTML_CACHE_SIZE) htmlCache.delete(htmlCache.keys().next().value!);
    htmlCache.set(key, html);
  }
  return html;
}

/** One rendered markdown block, its images loading from the request's files (`images.tsx`). */
function Block({ markdown }: { markdown: string }) {
  const images = useDiffImages(markdown);
  const prepared = useContext(PreparedHtml)?.get(markdown);
  return <BlockHtml markdown={markdown} prepared={prepared} images={images} imagesKey={images?.key} />;
}

const BlockHtml = memo(
  function BlockHtml({
    markdown,
    prepared,
    images,
  }: {
    markdown: string;
    prepared: string | undefined;
    images: ImageSource | undefined;
    imagesKey?: string;
  }) {
    // Sanitized by renderMarkdown or sanitizeMarkdownHtml.
    return (
      <div
        className="markdown review-block-body"
        dangerouslySetInnerHTML={{ __html: blockHtml(markdown, images, prepared) }}
      />
    );
  },
  (before, after) => before.markdown === after.markdown && before.imagesKey === after.imagesKey,
);

const SIDE_WORDS = { del: 'Removed', add: 'Added' } as const;

/** One side of a changed block in the single column. */
function InlineBlock({ row, side }: { row: BlockRow; side: 'del' | 'add' }) {
  const markdown = shownMarkdown(row, side === 'del' ? 'base' : 'head')!;
  return (
    <div
      className={cx('review-block', `is-${side}`)}
      data-testid="diff-block"
      data-kind={side}
      data-change={row.change}
    >
      <span className="review-block-sign" aria-hidden="true">
        {side === 'del' ? '−' : '+'}
      </span>
      <span className="visually-hidden">{SIDE_WORDS[side]}:</span>
      <Block markdown={markdown} />
    </div>
  );
}

/**
 * Rows are memoized (a row's `row` never changes): the Changes tab re-renders often while the other pages are read
 * and diffed, and every row of the page re-rendered with it. Their block notes re-render from the context.
 */
const InlineRow = memo(function InlineRow({ row }: { row: BlockRow }) {
  if (row.kind === 'same') {
    return (
      <>
        <div
          className="review-block is-same"
          data-testid="diff-block"
          data-kind="same"
          data-head-index={row.headIndex}
        >
          <span className="review-block-sign" aria-hidden="true" />
          <Block markdown={row.head!} />
          <CommentHere headIndex={row.headIndex} />
        </div>
        <BlockNotesBelow headIndex={row.headIndex} />
      </>
    );
  }
  return (
    <>
      <div
        className="review-change-group"
        data-change={row.change}
        data-row-kind={row.kind}
        data-head-index={row.headIndex}
      >
        {row.kind !== 'add' && <InlineBlock row={row} side="del" />}
        {row.kind !== 'del' && <InlineBlock row={row} side="add" />}
        <CommentHere headIndex={row.headIndex} />
      </div>
      <BlockNotesBelow headIndex={row.headIndex} />
    </>
  );
});

const SplitRow = memo(function SplitRow({ row }: { row: BlockRow }) {
  const left = shownMarkdown(row, 'base');
  const right = shownMarkdown(row, 'head');
  const leftKind = row.kind === 'same' ? 'same' : 'del';
  const rightKind = row.kind === 'same' ? 'same' : 'add';
  return (
    <>
      <div
        className={cx('review-split-row', `is-${row.kind}`)}
        data-change={row.change}
        data-row-kind={row.kind}
        data-head-index={row.headIndex}
      >
        {left === undefined ? (
          <div className="review-block is-empty" aria-hidden="true" />
        ) : (
          <div className={cx('review-block', `is-${leftKind}`)} data-testid="diff-block" data-kind={leftKind}>
            {leftKind === 'del' && <span className="visually-hidden">Removed:</span>}
            <Block markdown={left} />
          </div>
        )}
        {right === undefined ? (
          <div className="review-block is-empty" aria-hidden="true" />
        ) : (
          <div
            className={cx('review-block', `is-${rightKind}`)}
            data-testid="diff-block"
            data-kind={rightKind}
          >
            {rightKind === 'add' && <span className="visually-hidden">Added:</span>}
            <Block markdown={right} />
            <CommentHere headIndex={row.headIndex} />
          </div>
        )}
      </div>
      <BlockNotesBelow headIndex={row.headIndex} />
    </>
  );
});

/** The rendered diff of a page. */
export function RenderedDiffView({
  diff,
  layout,
  prepared,
}: {
  diff: RenderedDiff;
  layout: DiffLayout;
  /** The blocks' HTML the worker made (`PageDiff.blockHtml`). */
  prepared?: ReadonlyMap<string, string>;
}) {
  const notes = useBlockNotes();
  const pinned = notes?.pinned;
  const parts = useMemo(
    () =>
      foldRows(
        diff.rows,
        CONTEXT_BLOCKS,
        (row) => row.headIndex !== undefined && pinned?.has(row.headIndex) === true,
      ),
    [diff, pinned],
  );
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const RowView = layout === 'split' ? SplitRow : InlineRow;
  if (diff.rows.length === 0)
    return <p className="muted review-empty-body">Both versions of this page are empty.</p>;
  return (
    <PreparedHtml.Provider value={prepared}>
      <div className={cx('review-rendered', `is-${layout}`)} data-testid="rendered-diff" data-layout={layout}>
        {layout === 'split' && (
          <div className="review-split-head" aria-hidden="true">
            <span>Base</span>
            <span>This change request</span>
          </div>
        )}
        {parts.map((part) => {
          if (part.kind === 'fold' && !opened.has(part.from)) {
            const count = part.to - part.from;
            return (
              <button
                key={`fold-${part.from}`}
                type="button"
                className="review-fold"
                onClick={() => setOpened(new Set([...opened, part.from]))}
                data-testid="diff-fold"
              >
                Show {count} unchanged blocks
              </button>
            );
          }
          return diff.rows
            .slice(part.from, part.to)
            .map((row, offset) => <RowView key={part.from + offset} row={row} />);
        })}
      </div>
    </PreparedHtml.Provider>
  );
}
