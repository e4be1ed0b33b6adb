/**
 * A text's line diff (the review's source lens, the organization file's preview): a unified diff, with both line numbers, +/− signs and the changed words
 * of paired lines highlighted (`<del>`/`<ins>`). Unchanged lines outside the hunks fold into buttons that unfold
 * them. Changed lines carry their change index (`data-change`), which "next change" scrolls to.
 */
import { Fragment, memo, useMemo, useState, type ReactNode } from 'react';
import { cx } from '../cx.ts';
import type { SourceDiff, SourceLine } from './sourceDiff.ts';
import './sourceDiff.css';

/** What a screen may draw at the lines of the new text, and how it starts a comment on lines (the review). */
export interface LineNotes {
  /** What to draw below a line of the new text (lines counted from 1). */
  belowLine(lineNo: number): ReactNode;
  /** Lines of the new text that carry something: never folded away. */
  pinnedLines: ReadonlySet<number>;
  /** Starts a comment on lines of the new text, from `first` to `last`. */
  commentLines(first: number, last: number): void;
}

const SIGNS = { same: ' ', add: '+', del: '−' } as const;
const WORDS = { same: '', add: 'Added line: ', del: 'Removed line: ' } as const;

const Line = memo(function Line({
  line,
  first,
  onComment,
}: {
  line: SourceLine;
  first: boolean;
  /** Starts a comment on this line of the request (Shift: a range from the line picked before). */
  onComment: ((lineNo: number, extend: boolean) => void) | undefined;
}) {
  const Mark = line.kind === 'del' ? 'del' : 'ins';
  return (
    <tr
      className={cx('source-line', `is-${line.kind}`)}
      data-testid="source-line"
      data-kind={line.kind}
      data-change={first ? line.change : undefined}
      data-new-no={line.newNo}
    >
      <td className="source-no">{line.oldNo ?? ''}</td>
      <td className="source-no">
        {line.newNo !== undefined && onComment !== undefined ? (
          <button
            type="button"
            className="source-comment"
            aria-label={`Comment on line ${line.newNo} (Shift: lines since the one picked before)`}
            onClick={(event) => onComment(line.newNo!, event.shiftKey)}
            data-testid="source-comment"
          >
            {line.newNo}
          </button>
        ) : (
          (line.newNo ?? '')
        )}
      </td>
      <td className="source-sign" aria-hidden="true">
        {SIGNS[line.kind]}
      </td>
      <td className="source-text">
        {WORDS[line.kind] !== '' && <span className="visually-hidden">{WORDS[line.kind]}</span>}
        {line.segments === undefined
          ? line.text
          : line.segments.map((segment, index) =>
              segment.changed ? (
                <Mark key={index} className="diff-word" data-testid="diff-word">
                  {segment.text}
                </Mark>
              ) : (
                <Fragment key={index}>{segment.text}</Fragment>
              ),
            )}
      </td>
    </tr>
  );
});

/** A row that unfolds `count` unchanged lines. */
function FoldRow({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <tr className="source-fold">
      <td colSpan={4}>
        <button type="button" className="review-fold" onClick={onOpen} data-testid="diff-fold">
          Show {count} unchanged {count === 1 ? 'line' : 'lines'}
        </button>
      </td>
    </tr>
  );
}

/** The line diff of two texts; `caption` names it for screen readers. */
export function SourceDiffView({
  diff,
  notes,
  caption = 'Markdown source diff',
  emptyText = 'Both versions of this page are empty.',
}: {
  diff: SourceDiff;
  notes?: LineNotes | undefined;
  caption?: string;
  emptyText?: string;
}) {
  const [picked, setPicked] = useState<number | undefined>();
  const onComment = useMemo(
    () =>
      notes === undefined
        ? undefined
        : (lineNo: number, extend: boolean) => {
            const from = extend && picked !== undefined ? Math.min(picked, lineNo) : lineNo;
            const to = extend && picked !== undefined ? Math.max(picked, lineNo) : lineNo;
            setPicked(lineNo);
            notes.commentLines(from, to);
          },
    [notes, picked],
  );
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const open = (at: number) => setOpened(new Set([...opened, at]));
  const { lines, hunks } = diff;
  if (lines.length === 0) return <p className="muted review-empty-body">{emptyText}</p>;

  // Shown ranges: the hunks, and any fold the user opened, in order.
  const body: ReactNode[] = [];
  const renderLines = (from: number, to: number) => {
    for (let index = from; index < to; index++) {
      const line = lines[index]!;
      const first = line.change !== undefined && lines[index - 1]?.change !== line.change;
      body.push(<Line key={index} line={line} first={first} onComment={onComment} />);
      const below =
        line.newNo !== undefined && line.kind !== 'del' ? notes?.belowLine(line.newNo) : undefined;
      if (below !== undefined && below !== null)
        body.push(
          <tr key={`notes-${index}`} className="source-notes">
            <td colSpan={4}>{below}</td>
          </tr>,
        );
    }
  };
  /** Whether lines `from`..`to` (indexes) hold a line with notes: such a run is never folded. */
  const pinnedIn = (from: number, to: number) =>
    notes !== undefined &&
    lines.slice(from, to).some((line) => line.newNo !== undefined && notes.pinnedLines.has(line.newNo));
  let cursor = 0;
  for (const hunk of hunks) {
    if (hunk.start > cursor) {
      if (opened.has(cursor) || pinnedIn(cursor, hunk.start)) renderLines(cursor, hunk.start);
      else {
        const at = cursor;
        body.push(<FoldRow key={`fold-${at}`} count={hunk.start - at} onOpen={() => open(at)} />);
      }
    }
    renderLines(hunk.start, hunk.end);
    cursor = hunk.end;
  }
  if (cursor < lines.length) {
    if (opened.has(cursor) || pinnedIn(cursor, lines.length)) renderLines(cursor, lines.length);
    else {
      const at = cursor;
      body.push(<FoldRow key={`fold-${at}`} count={lines.length - at} onOpen={() => open(at)} />);
    }
  }

  return (
    <table className="source-diff" data-testid="source-diff">
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        <col className="source-col-no" />
        <col className="source-col-no" />
        <col className="source-col-sign" />
        <col />
      </colgroup>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Base line</th>
          <th scope="col">Request line</th>
          <th scope="col">Change</th>
          <th scope="col">Text</th>
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
}
