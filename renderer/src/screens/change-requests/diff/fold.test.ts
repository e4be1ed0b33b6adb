import { describe, expect, it } from 'vitest';
import { foldRows } from './fold.ts';
import type { BlockRow } from './types.ts';

const rows = (kinds: string): BlockRow[] =>
  [...kinds].map((kind) => ({ kind: kind === '.' ? 'same' : 'add', type: 'paragraph', head: 'x' }));

describe('folding unchanged blocks', () => {
  it('keeps the context around changes and folds longer unchanged runs', () => {
    expect(foldRows(rows('......+......'), 2)).toEqual([
      { kind: 'fold', from: 0, to: 4 },
      { kind: 'rows', from: 4, to: 9 },
      { kind: 'fold', from: 9, to: 13 },
    ]);
  });

  it('never folds a single block', () => {
    expect(foldRows(rows('...+'), 2)).toEqual([
      { kind: 'rows', from: 0, to: 1 },
      { kind: 'rows', from: 1, to: 4 },
    ]);
  });
});
