/**
 * The diff of one page as plain, serializable data: what the diff worker computes and the views draw. A page's diff
 * has two lenses over the same pair of markdown texts: the source (lines, with word-level highlights inside
 * changed line pairs) and the rendered one (markdown blocks, paired where a block was edited rather than replaced).
 * Both number their changes from 0, so "next change" walks them in reading order.
 */

import type { DiffStats, SourceDiff } from '../../../ui/diff/sourceDiff.ts';

export type {
  DiffStats,
  LineKind,
  Segment,
  SourceDiff,
  SourceHunk,
  SourceLine,
} from '../../../ui/diff/sourceDiff.ts';

/** A block row: unchanged, added, removed, or modified (a removed block paired with the added block replacing it). */
export type BlockKind = 'same' | 'add' | 'del' | 'mod';

/** One row of the rendered lens: a markdown block on one side or both. */
export interface BlockRow {
  kind: BlockKind;
  /** The `marked` token type of the block (`paragraph`, `heading`, `list`, `code`…). */
  type: string;
  /** Markdown of the block in the base (`same`, `del`, `mod`). */
  base?: string;
  /** Markdown of the block in the request (`same`, `add`, `mod`). */
  head?: string;
  /**
   * For `mod` rows whose changed words carry no markdown syntax: the same markdown with the removed words wrapped
   * in `<del class="diff-word">` (base) and the added ones in `<ins class="diff-word">` (head).
   */
  baseMarked?: string;
  headMarked?: string;
  /** Index of the change the row belongs to (changed rows only). */
  change?: number;
  /** Place of the request's block among the request's blocks (`same`, `add`, `mod`): what block comments name. */
  headIndex?: number;
}

/** The rendered lens. */
export interface RenderedDiff {
  rows: BlockRow[];
  /** Number of changes (runs of changed rows). */
  changes: number;
  /** The request's blocks: the line each starts on and how many lines it spans (block comments on the source). */
  headBlocks: { line: number; lines: number }[];
}

/** The whole diff of one pair of texts. */
export interface PageDiff {
  stats: DiffStats;
  source: SourceDiff;
  rendered: RenderedDiff;
  /**
   * The HTML `marked` makes of the rendered lens's blocks, not yet sanitized, by the markdown each block shows
   * (`shownMarkdown`); blocks of plain prose, which need no lexer, are left out. The worker prepares it for a page
   * shown (not for a batch's), so the main thread only sanitizes them.
   */
  blockHtml?: Map<string, string>;
}

/** One pair of texts to diff; `key` names the pair (the two document ids), so results are cached by it. */
export interface DiffInput {
  key: string;
  base: string;
  head: string;
}

/** Messages to the diff worker. */
export type WorkerRequest =
  { type: 'diff'; id: number; input: DiffInput } | { type: 'batch'; id: number; inputs: DiffInput[] };

/** Messages from the diff worker. `progress` reports part of a batch; `batch` closes it with the compute time. */
export type WorkerResponse =
  | { type: 'diff'; id: number; diff: PageDiff; ms: number }
  | { type: 'progress'; id: number; stats: { key: string; stats: DiffStats }[] }
  | { type: 'batch'; id: number; ms: number }
  | { type: 'error'; id: number; message: string };
