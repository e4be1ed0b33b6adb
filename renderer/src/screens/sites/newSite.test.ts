import { describe, expect, it } from 'vitest';
import { filtersOf, newSiteBody } from './newSite.ts';

const values = { title: ' Handbook ', visibility: 'public' as const, source: 'choose' as const, spaces: [] };

describe('newSiteBody', () => {
  it('sends the chosen spaces in order, or asks for a new empty space', () => {
    expect(newSiteBody({ ...values, spaces: ['b', 'a'] })).toEqual({
      ok: true,
      body: { title: 'Handbook', visibility: 'public', spaces: ['b', 'a'] },
    });
    expect(newSiteBody({ ...values, source: 'empty', spaces: ['a'] })).toEqual({
      ok: true,
      body: { title: 'Handbook', visibility: 'public', spaces: 'empty' },
    });
    expect(newSiteBody(values)).toEqual({ ok: true, body: { title: 'Handbook', visibility: 'public' } });
  });

  it('checks the title against the contract, naming the field', () => {
    expect(newSiteBody({ ...values, title: ' H ' })).toEqual({
      ok: false,
      field: 'title',
      message: 'Title needs at least 2 characters.',
    });
    expect(newSiteBody({ ...values, title: 'x'.repeat(129) })).toEqual({
      ok: false,
      field: 'title',
      message: 'Title can have at most 128 characters.',
    });
  });
});

describe('filtersOf', () => {
  it('leaves empty filters out and maps published to a boolean', () => {
    expect(filtersOf({ title: '  ', published: 'all', space: '' })).toEqual({});
    expect(filtersOf({ title: ' api ', published: 'no', space: 's1' })).toEqual({
      title: 'api',
      published: false,
      space: 's1',
    });
    expect(filtersOf({ title: '', published: 'yes', space: '' })).toEqual({ published: true });
  });
});
