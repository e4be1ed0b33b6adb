import { describe, expect, it } from 'vitest';
import { rank } from './fuzzy.ts';

const screens = [
  { label: 'Content', keywords: ['spaces', 'collections', 'tree', 'move'] },
  { label: 'Members & teams', keywords: ['members', 'teams', 'people', 'roles'] },
  { label: 'Change requests', keywords: ['review', 'merge', 'inbox', 'conflicts'] },
  { label: 'Custom fields', keywords: ['metadata', 'grid', 'values'] },
  { label: 'Translations', keywords: ['languages', 'locales'] },
];
const people = [
  { label: 'Carol Shaw', keywords: ['carol.shaw@acme.test', 'Reader'] },
  { label: 'Grace Hopper', keywords: ['grace@acme.test', 'Admin'] },
];

describe('rank', () => {
  it('finds a person by a name, first, and not screens that merely hold the letters', () => {
    const ranked = rank('carol', [...screens, ...people]);
    expect(ranked.map((entry) => entry.label)).toEqual(['Carol Shaw']);
  });

  it('ranks a label match above a keyword match, and prefixes above scattered letters', () => {
    const ranked = rank('mem', [...screens, ...people]).map((entry) => entry.label);
    expect(ranked[0]).toBe('Members & teams');
    expect(
      rank('cr', [{ label: 'Custom fields' }, { label: 'Change requests' }, { label: 'CR #12 Fix typo' }])[0]!
        .label,
    ).toBe('CR #12 Fix typo');
  });

  it('matches keywords (an email) and typos out of order are not matches', () => {
    expect(rank('grace@acme', people).map((entry) => entry.label)).toEqual(['Grace Hopper']);
    expect(rank('lorac', people)).toEqual([]);
  });

  it('keeps everything in order for an empty query, and keeps ties in their given order', () => {
    expect(rank('  ', screens)).toEqual(screens);
    const twins = [{ label: 'Design' }, { label: 'Design' }];
    expect(rank('design', twins)).toEqual(twins);
  });
});
