/**
 * Diffs of one page's markdown, base against request: pure functions the diff worker runs (and unit tests call
 * directly). The source lens is jsdiff's line diff, with removed and added lines paired by similarity inside each
 * change so that `diffWordsWithSpace` can highlight the words that differ. The rendered lens splits each text into
 * markdown blocks (`marked.lexer` tokens' `raw`), diffs the two block sequences, and pairs a removed block with the
 * added block of the same type that replaces it, so an edited paragraph shows as one modified block.
 *
 * Rules:
 * - Line endings are normalized (`\r\n` → `\n`) and a missing final newline is not a change.
 * - A change is a maximal run of changed lines (source) or changed blocks (rendered); both are numbered from 0.
 * - Lines pair when their word-multiset similarity (Dice) is at least 0.4, blocks when they have the same type and
 *   a similarity of at least 0.3; a pairing looks at most 8 items ahead, so a change costs linear time.
 * - In a modified block, changed words are wrapped in `<del>`/`<ins>` only when none of them carries markdown
 *   syntax (so the marks never break the block's structure), and never in code or HTML blocks.
 * - Source hunks keep 3 lines of context; hunks whose context touch (or leave one line between) merge.
 */
import { diffArrays, diffLines, diffWordsWithSpace, type Change } from 'diff';
import {
  blocksPair,
  markdownBlocks,
  normalizeText,
  pairItems,
  similarity,
  type MarkdownBlock,
} from '../../../../../shared/markdown/blocks.ts';
import type {
  BlockRow,
  DiffStats,
  LineKind,
  PageDiff,
  RenderedDiff,
  Segment,
  SourceDiff,
  SourceHunk,
  SourceLine,
} from './types.ts';

export { markdownBlocks, normalizeText, pairItems, similarity, type MarkdownBlock };
export type { PairStep } from '../../../../../shared/markdown/blocks.ts';

const CONTEXT_LINES = 3;
const LINE_SIMILARITY = 0.4;
/** Beyond this edit distance the line diff gives up and shows the whole text replaced. */
const MAX_EDIT_LENGTH = 20_000;

/** The lines of a jsdiff value (which ends with a newline, except maybe the last). */
function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Adds `text` to `segments`, merging it into the last segment when both are (un)changed alike. */
function pushSegment(segments: Segment[], text: string, changed: boolean): void {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last !== undefined && last.changed === changed) last.text += text;
  else segments.push({ text, changed });
}

/** Word-level segments of a removed line and the added line replacing it. */
export function wordSegments(oldText: string, newText: string): { old: Segment[]; new: Segment[] } {
  const old: Segment[] = [];
  const next: Segment[] = [];
  for (const part of diffWordsWithSpace(oldText, newText)) {
    if (part.removed) pushSegment(old, part.value, true);
    else if (part.added) pushSegment(next, part.value, true);
    else {
      pushSegment(old, part.value, false);
      pushSegment(next, part.value, false);
    }
  }
  return { old, new: next };
}

/** Hunks around the changed lines, with context, merged where they touch. */
function hunksOf(lines: readonly SourceLine[]): SourceHunk[] {
  const hunks: SourceHunk[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]!.kind === 'same') continue;
    const start = Math.max(0, index - CONTEXT_LINES);
    const end = Math.min(lines.length, index + 1 + CONTEXT_LINES);
    const last = hunks[hunks.length - 1];
    if (last !== undefined && start <= last.end + 1) last.end = Math.max(last.end, end);
    else hunks.push({ start, end });
  }
  return hunks;
}

/** The line changes of two normalized texts (the whole text replaced when the diff would cost too much). */
function lineChanges(base: string, head: string): Change[] {
  if (base === head) return base === '' ? [] : [{ value: base, added: false, removed: false, count: 0 }];
  if (base === '') return [{ value: head, added: true, removed: false, count: 0 }];
  if (head === '') return [{ value: base, added: false, removed: true, count: 0 }];
  return (
    diffLines(base, head, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
      { value: base, added: false, removed: true, count: 0 },
      { value: head, added: true, removed: false, count: 0 },
    ]
  );
}

/** The source lens and the line counts of a pair of texts. */
export function computeSourceDiff(
  baseText: string,
  headText: string,
): { source: SourceDiff; stats: DiffStats } {
  const lines: SourceLine[] = [];
  let oldNo = 1;
  let newNo = 1;
  let changes = 0;
  let added = 0;
  let removed = 0;
  let removedLines: string[] = [];
  let addedLines: string[] = [];

  const flush = () => {
    if (removedLines.length === 0 && addedLines.length === 0) return;
    const change = changes++;
    const steps = pairItems(removedLines, addedLines, (x, y) => similarity(x, y) >= LINE_SIMILARITY);
    const oldSegments = new Map<number, Segment[]>();
    const newSegments = new Map<number, Segment[]>();
    for (const step of steps) {
      if (step.a === undefined || step.b === undefined) continue;
      const oldText = removedLines[step.a]!;
      const newText = addedLines[step.b]!;
      if (oldText === newText) continue;
      const segments = wordSegments(oldText, newText);
      oldSegments.set(step.a, segments.old);
      newSegments.set(step.b, segments.new);
    }
    const line = (kind: LineKind, text: string, segments: Segment[] | undefined): SourceLine => {
      const entry: SourceLine =
        kind === 'del' ? { kind, oldNo: oldNo++, text, change } : { kind, newNo: newNo++, text, change };
      if (segments !== undefined) entry.segments = segments;
      return entry;
    };
    removedLines.forEach((text, index) => lines.push(line('del', text, oldSegments.get(index))));
    addedLines.forEach((text, index) => lines.push(line('add', text, newSegments.get(index))));
    removed += removedLines.length;
    added += addedLines.length;
    removedLines = [];
    addedLines = [];
  };

  for (const part of lineChanges(normalizeText(baseText), normalizeText(headText))) {
    if (part.removed) removedLines.push(...splitLines(part.value));
    else if (part.added) addedLines.push(...splitLines(part.value));
    else {
      flush();
      for (const text of splitLines(part.value))
        lines.push({ kind: 'same', oldNo: oldNo++, newNo: newNo++, text });
    }
  }
  flush();
  return { source: { lines, hunks: hunksOf(lines), changes }, stats: { added, removed } };
}

/** Characters of markdown syntax: a changed word holding one is not wrapped in a mark. */
const SYNTAX = /[*_`[\]()<>|\\!#~=&\n]/;
/** A line start that makes a block (list item, quote, ordered item, indented code). */
const LINE_START_SYNTAX = /^(\s*[-+>]|\s*\d+[.)]|\s{4})/;

/**
 * The block's markdown on both sides with the removed words in `<del class="diff-word">` and the added ones in
 * `<ins class="diff-word">`, or undefined when a changed part carries markdown syntax.
 */
export function inlineMarks(base: string, head: string): { base: string; head: string } | undefined {
  let marked = '';
  let markedHead = '';
  let common = '';
  for (const part of diffWordsWithSpace(base, head)) {
    if (!part.added && !part.removed) {
      marked += part.value;
      markedHead += part.value;
      common += part.value;
      continue;
    }
    if (SYNTAX.test(part.value)) return undefined;
    const atLineStart = common === '' || common.endsWith('\n');
    if (atLineStart && LINE_START_SYNTAX.test(part.value)) return undefined;
    if (part.removed) marked += `<del class="diff-word">${part.value}</del>`;
    else markedHead += `<ins class="diff-word">${part.value}</ins>`;
  }
  return { base: marked, head: markedHead };
}

const NO_INLINE_MARKS = new Set(['code', 'html', 'hr']);

/** The rendered lens of a pair of texts. */
export function computeRenderedDiff(baseText: string, headText: string): RenderedDiff {
  const baseBlocks = markdownBlocks(baseText);
  const headBlocks = markdownBlocks(headText);
  const rows: BlockRow[] = [];
  let changes = 0;
  let removedBlocks: MarkdownBlock[] = [];
  let addedBlocks: MarkdownBlock[] = [];
  // The head index of the first block of `addedBlocks`.
  let addedAt = 0;

  const flush = () => {
    if (removedBlocks.length === 0 && addedBlocks.length === 0) return;
    const change = changes++;
    const steps = pairItems(removedBlocks, addedBlocks, blocksPair);
    for (const step of steps) {
      const old = step.a === undefined ? undefined : removedBlocks[step.a];
      const next = step.b === undefined ? undefined : addedBlocks[step.b];
      const headIndex = step.b === undefined ? undefined : addedAt + step.b;
      if (old !== undefined && next !== undefined) {
        const row: BlockRow = {
          kind: 'mod',
          type: next.type,
          base: old.raw,
          head: next.raw,
          change,
          headIndex,
        };
        const marks = NO_INLINE_MARKS.has(next.type) ? undefined : inlineMarks(old.raw, next.raw);
        if (marks !== undefined) {
          row.baseMarked = marks.base;
          row.headMarked = marks.head;
        }
        rows.push(row);
      } else if (old !== undefined) rows.push({ kind: 'del', type: old.type, base: old.raw, change });
      else if (next !== undefined)
        rows.push({ kind: 'add', type: next.type, head: next.raw, change, headIndex });
    }
    removedBlocks = [];
    addedBlocks = [];
  };

  const baseRaw = baseBlocks.map((block) => block.raw);
  const headRaw = headBlocks.map((block) => block.raw);
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of diffArrays(baseRaw, headRaw)) {
    const count = part.value.length;
    if (part.removed) {
      removedBlocks.push(...baseBlocks.slice(oldIndex, oldIndex + count));
      oldIndex += count;
    } else if (part.added) {
      if (addedBlocks.length === 0) addedAt = newIndex;
      addedBlocks.push(...headBlocks.slice(newIndex, newIndex + count));
      newIndex += count;
    } else {
      flush();
      for (let offset = 0; offset < count; offset++) {
        const block = headBlocks[newIndex + offset]!;
        rows.push({
          kind: 'same',
          type: block.type,
          base: baseBlocks[oldIndex + offset]!.raw,
          head: block.raw,
          headIndex: newIndex + offset,
        });
      }
      oldIndex += count;
      newIndex += count;
    }
  }
  flush();
  return { rows, changes, headBlocks: headBlocks.map(({ line, lines }) => ({ line, lines })) };
}

/** Both lenses and the line counts of one page's base and request markdown. */
export function computePageDiff(baseText: string, headText: string): PageDiff {
  const { source, stats } = computeSourceDiff(baseText, headText);
  return { stats, source, rendered: computeRenderedDiff(baseText, headText) };
}
