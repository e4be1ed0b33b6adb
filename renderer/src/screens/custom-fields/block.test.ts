/** The grid's cursor moves, blocks and paste placement. */
import { describe, expect, it } from 'vitest';
import { blockOf, inBlock, moveBy, pasteCells } from './block.ts';

const size = { rows: 10, cols: 4 };

describe('moveBy', () => {
  it('moves by one, stops at the edges, and jumps to the edges with Ctrl', () => {
    expect(moveBy({ row: 0, col: 0 }, 'ArrowUp', size, false, 5)).toEqual({ row: 0, col: 0 });
    expect(moveBy({ row: 0, col: 0 }, 'ArrowDown', size, false, 5)).toEqual({ row: 1, col: 0 });
    expect(moveBy({ row: 3, col: 3 }, 'ArrowRight', size, false, 5)).toEqual({ row: 3, col: 3 });
    expect(moveBy({ row: 3, col: 1 }, 'ArrowDown', size, true, 5)).toEqual({ row: 9, col: 1 });
    expect(moveBy({ row: 3, col: 1 }, 'Home', size, false, 5)).toEqual({ row: 3, col: 0 });
    expect(moveBy({ row: 3, col: 1 }, 'End', size, true, 5)).toEqual({ row: 9, col: 3 });
    expect(moveBy({ row: 8, col: 1 }, 'PageDown', size, false, 5)).toEqual({ row: 9, col: 1 });
    expect(moveBy({ row: 3, col: 1 }, 'PageUp', size, false, 5)).toEqual({ row: 0, col: 1 });
  });
});

describe('blocks', () => {
  it('spans two corners in any order', () => {
    const block = blockOf({ row: 4, col: 2 }, { row: 1, col: 0 });
    expect(block).toEqual({ top: 1, bottom: 4, left: 0, right: 2 });
    expect(inBlock(block, 4, 2)).toBe(true);
    expect(inBlock(block, 5, 2)).toBe(false);
  });
});

describe('pasteCells', () => {
  it('places a block from the top-left cell and cuts it at the edges', () => {
    const at = { top: 8, left: 2, bottom: 8, right: 2 };
    expect(
      pasteCells(
        [
          ['a', 'b', 'c'],
          ['d', 'e', 'f'],
          ['g', 'h', 'i'],
        ],
        at,
        size,
      ),
    ).toEqual([
      { row: 8, col: 2, text: 'a' },
      { row: 8, col: 3, text: 'b' },
      { row: 9, col: 2, text: 'd' },
      { row: 9, col: 3, text: 'e' },
    ]);
  });

  it('fills a selected block with a single pasted cell', () => {
    expect(pasteCells([['x']], { top: 0, left: 0, bottom: 1, right: 1 }, size)).toHaveLength(4);
    expect(pasteCells([['x']], { top: 2, left: 1, bottom: 2, right: 1 }, size)).toEqual([
      { row: 2, col: 1, text: 'x' },
    ]);
    expect(pasteCells([], { top: 0, left: 0, bottom: 1, right: 1 }, size)).toEqual([]);
  });
});
