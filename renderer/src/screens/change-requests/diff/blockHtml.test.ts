import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { prepareBlockHtml, shownMarkdown } from './blockHtml.ts';
import { computePageDiff } from './compute.ts';
import type { BlockRow } from './types.ts';

describe('shownMarkdown', () => {
  it('shows the marked words of a modified block, each side of other rows as it is', () => {
    const mod: BlockRow = {
      kind: 'mod',
      type: 'paragraph',
      base: 'a b',
      head: 'a c',
      baseMarked: 'a <del>b</del>',
      headMarked: 'a <ins>c</ins>',
    };
    expect([shownMarkdown(mod, 'base'), shownMarkdown(mod, 'head')]).toEqual([
      'a <del>b</del>',
      'a <ins>c</ins>',
    ]);
    const unmarked: BlockRow = { kind: 'mod', type: 'code', base: 'x', head: 'y' };
    expect([shownMarkdown(unmarked, 'base'), shownMarkdown(unmarked, 'head')]).toEqual(['x', 'y']);
    const added: BlockRow = { kind: 'add', type: 'paragraph', head: 'new' };
    expect([shownMarkdown(added, 'base'), shownMarkdown(added, 'head')]).toEqual([undefined, 'new']);
    const removed: BlockRow = { kind: 'del', type: 'paragraph', base: 'old' };
    expect([shownMarkdown(removed, 'base'), shownMarkdown(removed, 'head')]).toEqual(['old', undefined]);
  });
});

describe('prepareBlockHtml', () => {
  it("holds marked's HTML of every block the rendered lens shows, plain prose left out", () => {
    const base = '# Title\n\nPlain words here.\n\n- one\n- two\n\nSome *old* text.\n';
    const head =
      '# Title\n\nPlain words here.\n\n- one\n- three\n\nSome *new* text.\n\n<b onclick="x()">raw</b>\n';
    const { rendered } = computePageDiff(base, head);
    const html = prepareBlockHtml(rendered);
    const shown = rendered.rows.flatMap((row) => [shownMarkdown(row, 'base'), shownMarkdown(row, 'head')]);
    for (const markdown of shown) {
      if (markdown === undefined) continue;
      if (markdown === 'Plain words here.') expect(html.has(markdown)).toBe(false);
      else expect(html.get(markdown)).toBe(marked.parse(markdown, { async: false, gfm: true }));
    }
    // Not sanitized here: the main thread sanitizes it before it reaches the DOM.
    expect([...html.values()].some((value) => value.includes('onclick'))).toBe(true);
  });
});
