import { describe, expect, it } from 'vitest';
import {
  computePageDiff,
  computeRenderedDiff,
  computeSourceDiff,
  inlineMarks,
  markdownBlocks,
  normalizeText,
  pairItems,
  similarity,
  wordSegments,
} from './compute.ts';

describe('the source lens', () => {
  it('numbers lines on both sides and counts what was added and removed', () => {
    const { source, stats } = computeSourceDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(stats).toEqual({ added: 2, removed: 1 });
    expect(source.lines.map((line) => [line.kind, line.oldNo, line.newNo, line.text])).toEqual([
      ['same', 1, 1, 'a'],
      ['del', 2, undefined, 'b'],
      ['add', undefined, 2, 'B'],
      ['same', 3, 3, 'c'],
      ['add', undefined, 4, 'd'],
    ]);
    expect(source.changes).toBe(2);
    expect(source.lines.filter((line) => line.kind !== 'same').map((line) => line.change)).toEqual([0, 0, 1]);
  });

  it('ignores a missing final newline and Windows line endings', () => {
    const { stats } = computeSourceDiff('a\r\nb', 'a\nb\n');
    expect(stats).toEqual({ added: 0, removed: 0 });
    expect(normalizeText('x')).toBe('x\n');
    expect(normalizeText('')).toBe('');
  });

  it('highlights the changed words of a line pair and nothing else', () => {
    const { source } = computeSourceDiff(
      'Intro\nThe quick brown fox jumps.\nEnd\n',
      'Intro\nThe slow brown fox jumps.\nEnd\n',
    );
    const removed = source.lines.find((line) => line.kind === 'del')!;
    const added = source.lines.find((line) => line.kind === 'add')!;
    expect(removed.segments).toEqual([
      { text: 'The ', changed: false },
      { text: 'quick', changed: true },
      { text: ' brown fox jumps.', changed: false },
    ]);
    expect(added.segments?.filter((segment) => segment.changed).map((segment) => segment.text)).toEqual([
      'slow',
    ]);
  });

  it('does not pair lines that have nothing in common (no word highlights)', () => {
    const { source } = computeSourceDiff('alpha beta gamma\n', 'totally different words\n');
    expect(source.lines.every((line) => line.segments === undefined)).toBe(true);
  });

  it('keeps three lines of context around changes and folds the rest', () => {
    const base = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const head = base.replace('line 2\n', 'line two\n').replace('line 25', 'line twenty-five');
    const { source } = computeSourceDiff(base, head);
    expect(source.hunks).toEqual([
      { start: 0, end: 7 },
      { start: 23, end: 31 },
    ]);
    expect(source.changes).toBe(2);
  });

  it('merges hunks whose context touch', () => {
    const base = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n');
    const head = base.replace('l5\n', 'L5\n').replace('l12\n', 'L12\n');
    const { source } = computeSourceDiff(base, head);
    expect(source.hunks).toHaveLength(1);
  });

  it('shows an added page as all lines added, a deleted one as all removed', () => {
    expect(computeSourceDiff('', 'a\nb').stats).toEqual({ added: 2, removed: 0 });
    expect(computeSourceDiff('a\nb\n', '').stats).toEqual({ added: 0, removed: 2 });
    expect(computeSourceDiff('', '').source).toEqual({ lines: [], hunks: [], changes: 0 });
  });
});

describe('pairing and words', () => {
  it('measures similarity by shared words', () => {
    expect(similarity('a b c', 'a b c')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('a b', 'c d')).toBe(0);
    expect(similarity('a b c d', 'a b c e')).toBe(0.75);
  });

  it('pairs items in order, looking ahead past unmatched ones', () => {
    const same = (x: string, y: string) => x[0] === y[0];
    expect(pairItems(['a1', 'b1'], ['x', 'a2', 'b2'], same)).toEqual([
      { b: 0 },
      { a: 0, b: 1 },
      { a: 1, b: 2 },
    ]);
    expect(pairItems(['a1', 'z'], ['a2'], same)).toEqual([{ a: 0, b: 0 }, { a: 1 }]);
  });

  it('splits a line pair into changed and unchanged segments', () => {
    expect(wordSegments('one two three', 'one 2 three')).toEqual({
      old: [
        { text: 'one ', changed: false },
        { text: 'two', changed: true },
        { text: ' three', changed: false },
      ],
      new: [
        { text: 'one ', changed: false },
        { text: '2', changed: true },
        { text: ' three', changed: false },
      ],
    });
  });
});

describe('the rendered lens', () => {
  it('splits markdown into blocks without blank lines, with the lines each spans', () => {
    expect(markdownBlocks('# Title\n\nPara one\nline two\n\n- a\n- b\n')).toEqual([
      { type: 'heading', raw: '# Title', line: 1, lines: 1 },
      { type: 'paragraph', raw: 'Para one\nline two', line: 3, lines: 2 },
      { type: 'list', raw: '- a\n- b', line: 6, lines: 2 },
    ]);
    expect(markdownBlocks('  \n')).toEqual([]);
  });

  it('pairs an edited paragraph into one modified block with its words marked', () => {
    const diff = computeRenderedDiff(
      '# Guide\n\nInstall the tool with npm.\n\nThen run it.\n',
      '# Guide\n\nInstall the tool with pnpm.\n\nThen run it.\n',
    );
    expect(diff.rows.map((row) => row.kind)).toEqual(['same', 'mod', 'same']);
    // Each row names the request's block it shows (what block comments are placed by).
    expect(diff.rows.map((row) => row.headIndex)).toEqual([0, 1, 2]);
    expect(diff.headBlocks).toEqual([
      { line: 1, lines: 1 },
      { line: 3, lines: 1 },
      { line: 5, lines: 1 },
    ]);
    expect(diff.changes).toBe(1);
    const modified = diff.rows[1]!;
    expect(modified.baseMarked).toBe('Install the tool with <del class="diff-word">npm</del>.');
    expect(modified.headMarked).toBe('Install the tool with <ins class="diff-word">pnpm</ins>.');
    expect(modified.change).toBe(0);
  });

  it('shows blocks of another type as removed and added, not modified', () => {
    const diff = computeRenderedDiff('Some words here\n', '# Some words here\n');
    expect(diff.rows.map((row) => row.kind)).toEqual(['del', 'add']);
  });

  it('numbers separate runs of changed blocks as separate changes', () => {
    const diff = computeRenderedDiff('A\n\nB\n\nC\n', 'A2 x\n\nB\n\nC\n\nD\n');
    expect(diff.changes).toBe(2);
    expect(diff.rows.filter((row) => row.kind !== 'same').map((row) => row.change)).toEqual([0, 0, 1]);
  });

  it('does not mark words that carry markdown syntax', () => {
    expect(inlineMarks('Use the tool', 'Use the **tool**')).toBeUndefined();
    expect(inlineMarks('a link', 'a [link](x)')).toBeUndefined();
    expect(inlineMarks('- one\n- two', '- one\n+ two')).toBeUndefined();
    expect(inlineMarks('plain words', 'plain text')).toEqual({
      base: 'plain <del class="diff-word">words</del>',
      head: 'plain <ins class="diff-word">text</ins>',
    });
  });

  it('never marks words inside code blocks', () => {
    const diff = computeRenderedDiff('```\nconst a = 1;\n```\n', '```\nconst a = 2;\n```\n');
    expect(diff.rows).toHaveLength(1);
    expect(diff.rows[0]).toMatchObject({ kind: 'mod', type: 'code' });
    expect(diff.rows[0]!.baseMarked).toBeUndefined();
  });

  it('shows an added page as all blocks added', () => {
    const diff = computeRenderedDiff('', '# New\n\nText\n');
    expect(diff.rows.map((row) => row.kind)).toEqual(['add', 'add']);
    expect(diff.changes).toBe(1);
  });
});

describe('a page diff', () => {
  it('has both lenses and the line counts, as plain data', () => {
    const diff = computePageDiff('a\n', 'b\n');
    expect(diff.stats).toEqual({ added: 1, removed: 1 });
    expect(JSON.parse(JSON.stringify(diff))).toEqual(diff);
  });

  it('diffs a large page with scattered edits into separate changes', () => {
    const base = Array.from({ length: 5_000 }, (_, line) => `Line ${line} of a long page.`).join('\n');
    const head = base.replace('Line 100 of', 'Row 100 of').replace('Line 4000 of', 'Row 4000 of');
    const diff = computePageDiff(base, head);
    expect(diff.stats).toEqual({ added: 2, removed: 2 });
    expect(diff.source.changes).toBe(2);
    expect(diff.source.hunks).toHaveLength(2);
    expect(diff.rendered.changes).toBe(1); // one paragraph: consecutive lines are one block
  });
});
