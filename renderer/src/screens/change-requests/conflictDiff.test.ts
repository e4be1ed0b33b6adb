import { describe, expect, it } from 'vitest';
import { changedRows, sideBySide } from './conflictDiff.ts';

describe('sideBySide', () => {
  it('pairs equal lines and the lines each side replaced', () => {
    const rows = sideBySide('# Title\nMain wording\nEnd\n', '# Title\nRequest wording\nEnd\n');
    expect(rows).toEqual([
      { main: { text: '# Title', changed: false }, request: { text: '# Title', changed: false } },
      { main: { text: 'Main wording', changed: true }, request: { text: 'Request wording', changed: true } },
      { main: { text: 'End', changed: false }, request: { text: 'End', changed: false } },
    ]);
    expect(changedRows(rows)).toBe(1);
  });

  it('leaves a cell empty where only one side has lines', () => {
    const rows = sideBySide('a\n', 'a\nb\nc\n');
    expect(rows.slice(1)).toEqual([
      { request: { text: 'b', changed: true } },
      { request: { text: 'c', changed: true } },
    ]);
    expect(sideBySide('a\nb\n', '')).toEqual([
      { main: { text: 'a', changed: true } },
      { main: { text: 'b', changed: true } },
    ]);
  });

  it('finds no change between equal texts', () => {
    expect(changedRows(sideBySide('same\n', 'same\n'))).toBe(0);
  });
});
