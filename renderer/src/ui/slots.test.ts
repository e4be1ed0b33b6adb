import { describe, expect, it } from 'vitest';
import { assignSlots } from './slots.ts';

const slotsOf = (slots: Map<string, number>, keys: string[]) => keys.map((key) => slots.get(key));

describe('assignSlots', () => {
  it('numbers the first keys from 0', () => {
    expect(slotsOf(assignSlots(new Map(), ['a', 'b', 'c']), ['a', 'b', 'c'])).toEqual([0, 1, 2]);
  });

  it('keeps the slots of keys still shown and gives the freed ones to the keys that come in', () => {
    const first = assignSlots(new Map(), ['a', 'b', 'c', 'd']);
    // Scrolled by two rows: a and b leave, e and f come in.
    const next = assignSlots(first, ['c', 'd', 'e', 'f']);
    expect(slotsOf(next, ['c', 'd', 'e', 'f'])).toEqual([2, 3, 0, 1]);
  });

  it('keeps a kept row in its slot however far the others move (the focused row)', () => {
    let slots = assignSlots(new Map(), ['focused', 'r1', 'r2']);
    for (let page = 0; page < 5; page++)
      slots = assignSlots(slots, ['focused', `p${page}a`, `p${page}b`, `p${page}c`]);
    expect(slots.get('focused')).toBe(0);
    expect(new Set(slots.values()).size).toBe(4);
  });

  it('gives distinct slots when the previous map is inconsistent or a key repeats', () => {
    const slots = assignSlots(
      new Map([
        ['a', 0],
        ['b', 0],
      ]),
      ['a', 'b', 'b', 'c'],
    );
    expect(slots.size).toBe(3);
    expect(new Set(slots.values()).size).toBe(3);
    expect(slots.get('a')).toBe(0);
  });
});
