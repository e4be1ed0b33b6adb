/** The field form: checks before sending, bodies, and server messages back on their field. */
import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import {
  createBody,
  EMPTY_FIELD,
  fieldOfMessage,
  nameFromTitle,
  removedOptions,
  updateBody,
  validate,
  valuesOf,
} from './fieldForm.ts';

const field: CustomField = {
  id: 'f1',
  name: 'stage',
  title: 'Stage',
  description: '',
  type: 'select:single',
  placeholder: '',
  options: ['Beta', 'Stable'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  urls: { location: 'x' },
  permissions: { view: true, edit: true },
};

describe('validate', () => {
  it('checks the name pattern and length when creating only', () => {
    expect(validate({ ...EMPTY_FIELD, name: '' }, true).name).toContain('give the field a name');
    expect(validate({ ...EMPTY_FIELD, name: 'Review Owner' }, true).name).toContain('lower-case');
    expect(validate({ ...EMPTY_FIELD, name: 'a'.repeat(51) }, true).name).toContain('50');
    expect(validate({ ...EMPTY_FIELD, name: 'review_owner-2' }, true)).toEqual({});
    expect(validate({ ...EMPTY_FIELD, name: 'Bad Name' }, false)).toEqual({});
  });

  it('needs 1 to 50 distinct options for choice fields only', () => {
    const select = { ...EMPTY_FIELD, name: 'tier', type: 'select:multi' as const };
    expect(validate({ ...select, options: ['', ' '] }, true).options).toContain('at least one');
    expect(validate({ ...select, options: ['a', 'b', 'a'] }, true).options).toContain('“a” is listed twice');
    expect(validate({ ...select, options: ['x'.repeat(41)] }, true).options).toContain('40');
    expect(
      validate({ ...select, options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, true).options,
    ).toContain('50');
    expect(validate({ ...EMPTY_FIELD, name: 'n', options: ['', 'a', 'a'] }, true)).toEqual({});
  });
});

describe('bodies', () => {
  it('sends options only for choice fields, and the title only when given', () => {
    expect(createBody({ name: 'tier', title: ' ', type: 'text', options: ['a'] })).toEqual({
      name: 'tier',
      type: 'text',
    });
    expect(
      createBody({ name: 'tier', title: 'Tier', type: 'select:single', options: [' a ', '', 'b'] }),
    ).toEqual({
      name: 'tier',
      type: 'select:single',
      title: 'Tier',
      options: ['a', 'b'],
    });
  });

  it('patches only what changed, and names the options an edit removes', () => {
    expect(updateBody(valuesOf(field), field)).toEqual({});
    const edited = { ...valuesOf(field), title: 'Lifecycle', options: ['Beta', 'GA'] };
    expect(updateBody(edited, field)).toEqual({ title: 'Lifecycle', options: ['Beta', 'GA'] });
    expect(removedOptions(edited, field)).toEqual(['Stable']);
  });
});

describe('helpers', () => {
  it('suggests a name from a title', () => {
    expect(nameFromTitle('Review Owner (team)')).toBe('review-owner-team');
    expect(nameFromTitle('Éditeur')).toBe('editeur');
  });

  it('maps a server message to the part of the form it names', () => {
    expect(fieldOfMessage('body field `name`: a custom field named `x` already exists')).toBe('name');
    expect(fieldOfMessage('body field `options.2` must have at least one visible character')).toBe('options');
    expect(fieldOfMessage('something else')).toBeUndefined();
  });
});
