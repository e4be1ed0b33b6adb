import { describe, expect, it } from 'vitest';
import { assignSlots, mountOrder } from './slots.ts';

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

describe('mountOrder', () => {
  const rows = ['c', 'd', 'e', 'f'];
  const slots = new Map([
    ['c', 2],
    ['d', 3],
    ['e', 0],
    ['f', 1],
  ]);
  const slotOf = (key: string) => slots.get(key) ?? -1;

  it('mounts rows in the order shown while the list is at rest, the same array', () => {
    expect(mountOrder(rows, slotOf, false)).toBe(rows);
  });

  it('mounts rows by slot while the list scrolls, so that a row that changes hands keeps its place', () => {
    expect(mountOrder(rows, slotOf, true)).toEqual(['e', 'f', 'c', 'd']);
    expect(rows).toEqual(['c', 'd', 'e', 'f']);
  });
});
