import { describe, expect, it } from 'vitest';
import { actionOf } from './keys.ts';

const key = (
  key: string,
  modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('review shortcuts', () => {
  it('map single keys and Alt+arrows to actions', () => {
    expect(actionOf(key('j'))).toBe('nextPage');
    expect(actionOf(key('k'))).toBe('previousPage');
    expect(actionOf(key('ArrowDown', { altKey: true }))).toBe('nextPage');
    expect(actionOf(key('ArrowUp', { altKey: true }))).toBe('previousPage');
    expect(actionOf(key('n'))).toBe('nextChange');
    expect(actionOf(key('p'))).toBe('previousChange');
    expect(actionOf(key('v'))).toBe('toggleViewed');
    expect(actionOf(key('s'))).toBe('source');
    expect(actionOf(key('r'))).toBe('rendered');
    expect(actionOf(key('i'))).toBe('toggleLayout');
    expect(actionOf(key('?', { shiftKey: true }))).toBe('help');
  });

  it('leave keys with Ctrl, ⌘ or Shift (and plain arrows) to others', () => {
    expect(actionOf(key('j', { ctrlKey: true }))).toBeUndefined();
    expect(actionOf(key('r', { metaKey: true }))).toBeUndefined();
    expect(actionOf(key('J', { shiftKey: true }))).toBeUndefined();
    expect(actionOf(key('ArrowDown'))).toBeUndefined();
    expect(actionOf(key('1', { altKey: true }))).toBeUndefined();
  });
});
