/**
 * Markdown blocks, one definition for the server and the app: a page body splits into top-level blocks (`marked`'s
 * block tokens, blank lines left out), and a block comment (`node`) names one of them by a key. The server keeps the
 * keys of a page's blocks stable across edits (`server/domain/content/block-keys.ts`); the app's rendered diff draws
 * the same blocks, so a comment lands on the block it names.
 *
 * Rules:
 * - Line endings are normalized (`\r\n` → `\n`) and a final newline is added, so a missing one is not a change.
 * - A block's `hash` is a hash of its source (trailing newlines left out): equal text, equal hash.
 * - Blocks of two versions are aligned like the rendered diff aligns them: equal blocks in their longest common
 *   run, then, inside each changed stretch, a removed block pairs with the first added block of the same type whose
 *   word similarity (Dice) is at least 0.3, looking at most 8 blocks ahead.
 * - The common run is searched within an edit distance of `MAX_BLOCK_EDITS` blocks, so that aligning two crafted
 *   bodies of many thousand different blocks stays bounded (on the server it runs in the request's transaction);
 *   past it, the two versions are one changed stretch, paired as above.
 */
import { diffArrays } from 'diff';
import { Lexer, marked } from 'marked';

/** A top-level markdown block: its token type, its source without trailing newlines, and where it starts. */
export interface MarkdownBlock {
  type: string;
  raw: string;
  /** Number of the block's first line in the normalized text (1 for the first line). */
  line: number;
  /** Number of lines of the block. */
  lines: number;
}

/** Text with `\n` line endings and a final newline (unless empty). */
export function normalizeText(text: string): string {
  const unix = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  return unix === '' || unix.endsWith('\n') ? unix : `${unix}\n`;
}

const countLines = (text: string): number => {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
};

/** The blocks of a markdown text, in order (blank-line tokens left out). */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  if (markdown.trim() === '') return [];
  const blocks: MarkdownBlock[] = [];
  let line = 1;
  // Block tokens only: their type and source are what a block is, and the inline tokens `marked.lexer` adds inside
  // them (about half its time) are never read here.
  for (const token of new Lexer({ ...marked.defaults, gfm: true }).blockTokens(normalizeText(markdown), [])) {
    const leading = token.raw.length - token.raw.trimStart().length;
    const start = line + countLines(token.raw.slice(0, leading));
    line += countLines(token.raw);
    if (token.type === 'space') continue;
    const raw = token.raw.replace(/\n+$/, '');
    if (raw.trim() === '') continue;
    blocks.push({ type: token.type, raw, line: start, lines: countLines(raw.trimStart()) + 1 });
  }
  return blocks;
}

/** A short, stable hash of a text (FNV-1a over two 32-bit lanes, base 36): equal texts, equal hashes. */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ (code + i), 0x5bd1e995);
  }
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}

/** Counts of each word of `text`. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.split(/\s+/)) {
    if (word !== '') counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** Dice similarity of two texts' word multisets: 1 for identical (or both blank), 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const left = wordCounts(a);
  const right = wordCounts(b);
  let sizeLeft = 0;
  let sizeRight = 0;
  let common = 0;
  for (const count of left.values()) sizeLeft += count;
  for (const [word, count] of right) {
    sizeRight += count;
    common += Math.min(count, left.get(word) ?? 0);
  }
  if (sizeLeft + sizeRight === 0) return 1;
  return (2 * common) / (sizeLeft + sizeRight);
}

/** One step of a pairing: an item of `a` alone, of `b` alone, or both paired. */
export interface PairStep {
  a?: number;
  b?: number;
}

const LOOKAHEAD = 8;

/**
 * Pairs the items of `a` (removed) with those of `b` (added) in order: an item pairs with the first item of the
 * other side, within 8 items, that `matches` it; the steps keep both sides' order.
 */
export function pairItems<T>(a: readonly T[], b: readonly T[], matches: (x: T, y: T) => boolean): PairStep[] {
  const steps: PairStep[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i >= a.length) {
      steps.push({ b: j++ });
      continue;
    }
    if (j >= b.length) {
      steps.push({ a: i++ });
      continue;
    }
    if (matches(a[i]!, b[j]!)) {
      steps.push({ a: i++, b: j++ });
      continue;
    }
    let found = -1;
    for (let k = j + 1; k < Math.min(b.length, j + 1 + LOOKAHEAD); k++) {
      if (matches(a[i]!, b[k]!)) {
        found = k;
        break;
      }
    }
    if (found === -1) steps.push({ a: i++ });
    else while (j < found) steps.push({ b: j++ });
  }
  return steps;
}

/** Similarity at which a removed block and an added one of the same type are one block edited. */
export const BLOCK_SIMILARITY = 0.3;

/** Whether an added block replaces a removed one as its edit (same type, similar enough). */
export const blocksPair = (x: Pick<MarkdownBlock, 'type' | 'raw'>, y: Pick<MarkdownBlock, 'type' | 'raw'>) =>
  x.type === y.type && similarity(x.raw, y.raw) >= BLOCK_SIMILARITY;

/** Most blocks added and removed between two versions that the alignment searches a common run within. */
export const MAX_BLOCK_EDITS = 400;

/** Where a block of the new version came from: the same block, an edit of one, or nowhere (added). */
export type BlockOrigin =
  { kind: 'same'; from: number } | { kind: 'edited'; from: number } | { kind: 'added' };

/** For each block of `after`, the block of `before` it is (unchanged or edited), or that it is new. */
export function alignBlocks(
  before: readonly Pick<MarkdownBlock, 'type' | 'raw'>[],
  after: readonly Pick<MarkdownBlock, 'type' | 'raw'>[],
): BlockOrigin[] {
  const origins: BlockOrigin[] = [];
  let oldIndex = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    const steps = pairItems(removed, added, (x, y) => blocksPair(before[x]!, after[y]!));
    for (const step of steps) {
      if (step.b === undefined) continue;
      origins[added[step.b]!] =
        step.a === undefined ? { kind: 'added' } : { kind: 'edited', from: removed[step.a]! };
    }
    removed = [];
    added = [];
  };
  let newIndex = 0;
  const beforeRaw = before.map((block) => block.raw);
  const afterRaw = after.map((block) => block.raw);
  const parts = diffArrays(beforeRaw, afterRaw, { maxEditLength: MAX_BLOCK_EDITS }) ?? [
    { value: beforeRaw, removed: true, added: false, count: beforeRaw.length },
    { value: afterRaw, removed: false, added: true, count: afterRaw.length },
  ];
  for (const part of parts) {
    const count = part.value.length;
    if (part.removed) {
      for (let k = 0; k < count; k++) removed.push(oldIndex++);
    } else if (part.added) {
      for (let k = 0; k < count; k++) added.push(newIndex++);
    } else {
      flush();
      for (let k = 0; k < count; k++) origins[newIndex++] = { kind: 'same', from: oldIndex++ };
    }
  }
  flush();
  return origins;
}
