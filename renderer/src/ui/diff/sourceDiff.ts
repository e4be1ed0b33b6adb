/**
 * The line diff of two texts, as the review's source lens shows it (and any screen that compares two versions of a
 * text: the organization file's preview): jsdiff's line diff, with removed and added lines paired by similarity
 * inside each change so that `diffWordsWithSpace` can highlight the words that differ.
 *
 * Rules:
 * - Line endings are normalized (`\r\n` → `\n`) and a missing final newline is not a change.
 * - A change is a maximal run of changed lines, numbered from 0.
 * - Lines pair when their word-multiset similarity (Dice) is at least 0.4; a pairing looks at most 8 lines ahead.
 * - Hunks keep 3 lines of context; hunks whose context touch (or leave one line between) merge.
 */
import { diffLines, diffWordsWithSpace, type Change } from 'diff';
import { normalizeText, pairItems, similarity } from '../../../../shared/markdown/blocks.ts';

/** Whether a line or block is unchanged, only in the request (added) or only in the base (removed). */
export type LineKind = 'same' | 'add' | 'del';

/** A run of text inside a changed line or block; `changed` marks the words that differ from the other side. */
export interface Segment {
  text: string;
  changed: boolean;
}

/** One line of the unified source diff. */
export interface SourceLine {
  kind: LineKind;
  /** Line number in the base (absent for added lines). */
  oldNo?: number;
  /** Line number in the request (absent for removed lines). */
  newNo?: number;
  text: string;
  /** Word-level highlights, when the line was paired with a similar line on the other side. */
  segments?: Segment[];
  /** Index of the change the line belongs to (changed lines only). */
  change?: number;
}

/** A range of `lines` shown around changes (`start` inclusive, `end` exclusive); lines between hunks fold away. */
export interface SourceHunk {
  start: number;
  end: number;
}

/** The markdown source lens. */
export interface SourceDiff {
  lines: SourceLine[];
  hunks: SourceHunk[];
  /** Number of changes (runs of changed lines). */
  changes: number;
}

/** Lines added and removed. */
export interface DiffStats {
  added: number;
  removed: number;
}

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
