import { describe, expect, it } from 'vitest';
import { gridMove } from './emojiGrid.ts';

describe('gridMove', () => {
  it('moves by one across and by a row up and down', () => {
    expect(gridMove(0, 'ArrowRight', 40, 8)).toBe(1);
    expect(gridMove(9, 'ArrowLeft', 40, 8)).toBe(8);
    expect(gridMove(3, 'ArrowDown', 40, 8)).toBe(11);
    expect(gridMove(11, 'ArrowUp', 40, 8)).toBe(3);
  });

  it('stays inside the grid', () => {
    expect(gridMove(0, 'ArrowLeft', 40, 8)).toBeUndefined();
    expect(gridMove(2, 'ArrowUp', 40, 8)).toBeUndefined();
    expect(gridMove(35, 'ArrowDown', 40, 8)).toBeUndefined();
    expect(gridMove(39, 'ArrowRight', 40, 8)).toBeUndefined();
  });

  it('jumps to the ends of a row, and ignores other keys', () => {
    expect(gridMove(11, 'Home', 40, 8)).toBe(8);
    expect(gridMove(11, 'End', 40, 8)).toBe(15);
    expect(gridMove(17, 'End', 18, 8)).toBe(17);
    expect(gridMove(3, 'Enter', 40, 8)).toBeUndefined();
  });
});
