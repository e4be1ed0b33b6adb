import { describe, expect, it } from 'vitest';
import { markerLines, mergedWithMarkers } from './merged.ts';

describe('the three-way editor text', () => {
  it('merges what does not conflict and marks what does, main first', () => {
    const base = 'a\nb\nc\nd\ne\n';
    const main = 'A\nb\nc, main\nd\ne\n';
    const request = 'a\nb\nc, request\nd\nE\n';
    const text = mergedWithMarkers(base, main, request);
    expect(text).toBe(
      'A\nb\n<<<<<<< main content\nc, main\n=======\nc, request\n>>>>>>> this change request\nd\nE\n',
    );
    expect(markerLines(text)).toEqual([3, 5, 7]);
    expect(markerLines('A\nb\nc\nd\nE\n')).toEqual([]);
  });
});
