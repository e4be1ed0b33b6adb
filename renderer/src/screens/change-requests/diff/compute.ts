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
import { diffArrays, diffWordsWithSpace } from 'diff';
import {
  blocksPair,
  markdownBlocks,
  normalizeText,
  pairItems,
  similarity,
  type MarkdownBlock,
} from '../../../../../shared/markdown/blocks.ts';
import { computeSourceDiff, wordSegments } from '../../../ui/diff/sourceDiff.ts';
import type { BlockRow, RenderedDiff, PageDiff } from './types.ts';

export { computeSourceDiff, wordSegments };
export { markdownBlocks, normalizeText, pairItems, similarity, type MarkdownBlock };
export type { PairStep } from '../../../../../shared/markdown/blocks.ts';

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
