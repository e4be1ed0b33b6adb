import { describe, expect, it } from 'vitest';
import { commitOf, inlineEditKey } from './inlineEdit.ts';

describe('inline edit', () => {
  it('saves on Enter, cancels on Escape, types otherwise', () => {
    expect(inlineEditKey('Enter')).toBe('commit');
    expect(inlineEditKey('Escape')).toBe('cancel');
    expect(inlineEditKey('a')).toBeUndefined();
  });

  it('saves the trimmed value, leaves an unchanged one, refuses an empty or invalid one', () => {
    expect(commitOf('  Docs  ', 'Guides')).toEqual({ kind: 'save', value: 'Docs' });
    expect(commitOf(' Guides ', 'Guides')).toEqual({ kind: 'unchanged' });
    expect(commitOf('   ', 'Guides')).toEqual({ kind: 'invalid', message: 'A name is required.' });
    const long = (value: string) => (value.length > 5 ? 'Up to 5 characters.' : undefined);
    expect(commitOf('Handbook', 'Guides', long)).toEqual({ kind: 'invalid', message: 'Up to 5 characters.' });
    expect(commitOf('Docs', 'Guides', long)).toEqual({ kind: 'save', value: 'Docs' });
  });
});
