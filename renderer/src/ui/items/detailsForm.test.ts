import { describe, expect, it } from 'vitest';
import { changedDetails, fieldOfMessage, maxLengthOf, validateDetails } from './detailsForm.ts';

describe('changedDetails', () => {
  it('sends nothing when nothing changed, even with spaces around', () => {
    expect(changedDetails({ title: ' Guides ' }, { title: 'Guides' })).toEqual({ body: {}, errors: {} });
  });

  it('sends only the changed fields, trimmed', () => {
    expect(
      changedDetails({ title: 'API', description: ' New text ' }, { title: 'API', description: 'Old' }),
    ).toEqual({ body: { description: 'New text' }, errors: {} });
  });

  it('lets a description be cleared but not a title', () => {
    expect(changedDetails({ description: '' }, { description: 'Old' }).body).toEqual({ description: '' });
    expect(changedDetails({ title: '  ' }, { title: 'Guides' }).errors.title).toBe('Title cannot be empty.');
  });
});

describe('validateDetails', () => {
  it('applies the contract bounds of the item, naming the field', () => {
    expect(validateDetails('space', { title: 'x'.repeat(51) })).toEqual({
      title: 'Title can have at most 50 characters.',
    });
    expect(validateDetails('collection', { description: 'x'.repeat(101) })).toEqual({
      description: 'Description can have at most 100 characters.',
    });
    expect(validateDetails('space', { title: 'x'.repeat(50) })).toEqual({});
  });

  it('applies the display-text rule of the contract, naming the character', () => {
    expect(validateDetails('collection', { title: 'Pay\u202Eroll', description: 'a\u0000b' })).toEqual({
      title: 'Title contains the bidirectional formatting character U+202E, which is not allowed.',
      description: 'Description contains the control character U+0000, which is not allowed.',
    });
  });

  it('reads the bounds from the contract', () => {
    expect(maxLengthOf('space', 'title')).toBe(50);
    expect(maxLengthOf('collection', 'description')).toBe(100);
    expect(maxLengthOf('space', 'description')).toBeUndefined();
  });
});

describe('fieldOfMessage', () => {
  it('finds the field a server message names', () => {
    expect(fieldOfMessage('body field `title`: must be at most 50 characters')).toBe('title');
    expect(fieldOfMessage('space `x` is locked')).toBeUndefined();
  });
});
