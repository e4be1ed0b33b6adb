import { describe, expect, it } from 'vitest';
import { alignBlocks, MAX_BLOCK_EDITS, markdownBlocks } from '../../../shared/markdown/blocks.ts';
import { carriedKeys, initialKeys } from './block-keys.ts';

const blocks = (markdown: string) => markdownBlocks(markdown);

describe('markdown blocks', () => {
  it('splits top-level blocks with the line each starts on and its length in lines', () => {
    const split = blocks('# Title\n\nOne\ntwo\n\n- a\n- b\n\n```js\nx\n```\n');
    expect(split.map((block) => [block.type, block.line, block.lines])).toEqual([
      ['heading', 1, 1],
      ['paragraph', 3, 2],
      ['list', 6, 2],
      ['code', 9, 3],
    ]);
  });

  it('reads Windows line endings and a missing final newline the same', () => {
    expect(blocks('A\r\n\r\nB')).toEqual(blocks('A\n\nB\n'));
  });
});

describe('block keys', () => {
  const before = blocks('# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n');
  const keys = initialKeys(before);

  it('gives every block of a body a distinct key, the same for the same text', () => {
    expect(new Set(keys).size).toBe(4);
    expect(initialKeys(before)).toEqual(keys);
    const twice = initialKeys(blocks('Same.\n\nSame.\n'));
    expect(twice[0]).not.toBe(twice[1]);
  });

  it('keeps the keys of the blocks that stayed when a block is added above them', () => {
    const after = blocks(
      '# Guide\n\nA new opening.\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n',
    );
    const carried = carriedKeys(before, keys, after);
    expect(carried[0]).toBe(keys[0]);
    expect(carried.slice(2)).toEqual(keys.slice(1));
    expect(keys).not.toContain(carried[1]);
  });

  it('keeps the key of an edited block, and drops the key of a removed one', () => {
    const edited = carriedKeys(
      before,
      keys,
      blocks('# Guide\n\nFirst paragraph.\n\nSecond paragraph, reworded.\n\nThird paragraph.\n'),
    );
    expect(edited).toEqual(keys);
    const removed = carriedKeys(before, keys, blocks('# Guide\n\nFirst paragraph.\n\nThird paragraph.\n'));
    expect(removed).toEqual([keys[0], keys[1], keys[3]]);
  });

  it('never gives an added block a key the page still uses, even for text equal to an edited block’s old text', () => {
    const after = blocks(
      '# Guide\n\nFirst paragraph, edited.\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n',
    );
    const carried = carriedKeys(before, keys, after);
    expect(new Set(carried).size).toBe(carried.length);
  });

  it('aligns bodies that differ in more blocks than it searches: the changed stretch is paired in order', () => {
    const many = MAX_BLOCK_EDITS + 50;
    const old = Array.from({ length: many }, (_, i) => ({
      type: 'paragraph',
      raw: `Old block number ${i}.`,
    }));
    const next = Array.from({ length: many }, (_, i) => ({
      type: 'paragraph',
      raw: `New block number ${i}.`,
    }));
    // Every old block has a new one of the same words but one ("Old" / "New"): each is an edit of its old one.
    const origins = alignBlocks(old, next);
    expect(origins).toHaveLength(many);
    expect(origins.every((origin, index) => origin.kind === 'edited' && origin.from === index)).toBe(true);
    const unrelated = Array.from({ length: many }, (_, i) => ({ type: 'code', raw: `x${i}` }));
    expect(alignBlocks(old, unrelated).every((origin) => origin.kind === 'added')).toBe(true);
  });
});
