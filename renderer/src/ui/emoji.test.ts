import { describe, expect, it } from 'vitest';
import { emojiText } from './emoji.ts';

describe('emojiText', () => {
  it('turns code points into the character, and leaves characters as they are', () => {
    expect(emojiText('1f4d8')).toBe('📘');
    expect(emojiText('1f9d1-200d-1f4bb')).toBe('🧑‍💻');
    expect(emojiText('📘')).toBe('📘');
    expect(emojiText('')).toBe('');
    expect(emojiText(undefined)).toBe('');
  });

  it('leaves a code out of Unicode as typed', () => {
    expect(emojiText('ffffff')).toBe('ffffff');
  });
});
