/** Reading grid cells per field type, and writing values back as text. */
import { describe, expect, it } from 'vitest';
import {
  displayValue,
  formatValue,
  parseCell,
  parseNumber,
  sameValue,
  type CellField,
} from './cellValues.ts';

const text: CellField = { name: 'owner', type: 'text' };
const number: CellField = { name: 'days', type: 'number' };
const boolean: CellField = { name: 'public', type: 'boolean' };
const tags: CellField = { name: 'keywords', type: 'tags' };
const single: CellField = { name: 'stage', type: 'select:single', options: ['Beta', 'Stable', 'stable'] };
const multi: CellField = { name: 'audience', type: 'select:multi', options: ['Developers', 'End users'] };

const value = (field: CellField, input: string) => {
  const parsed = parseCell(field, input);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};
const reason = (field: CellField, input: string) => {
  const parsed = parseCell(field, input);
  if (parsed.ok) throw new Error(`${input} was read as ${JSON.stringify(parsed.value)}`);
  return parsed.reason;
};

describe('parseCell', () => {
  it('reads empty text as a removal, for every type', () => {
    for (const field of [text, number, boolean, tags, single, multi]) expect(value(field, '  ')).toBeNull();
  });

  it('keeps text trimmed and refuses more than 256 characters', () => {
    expect(value(text, '  Docs team ')).toBe('Docs team');
    expect(reason(text, 'x'.repeat(257))).toContain('256');
  });

  it('reads numbers as people type them and refuses anything else', () => {
    expect(value(number, '30')).toBe(30);
    expect(value(number, '-2.5')).toBe(-2.5);
    expect(value(number, '.5')).toBe(0.5);
    expect(value(number, '1e3')).toBe(1000);
    expect(value(number, '1,234.5')).toBe(1234.5);
    expect(reason(number, 'soon')).toContain('“soon” is not a number');
    for (const bad of ['12abc', '1,2', '0x10', 'Infinity', 'NaN', '1e999', '--1'])
      expect(parseNumber(bad), bad).toBeUndefined();
  });

  it('reads yes/no and true/false in any case', () => {
    expect(value(boolean, 'Yes')).toBe(true);
    expect(value(boolean, 'TRUE')).toBe(true);
    expect(value(boolean, 'no')).toBe(false);
    expect(value(boolean, 'False')).toBe(false);
    expect(reason(boolean, 'maybe')).toContain('not yes or no');
  });

  it('splits tags on commas, drops blanks and repeats', () => {
    expect(value(tags, 'api, guides,, api ,faq')).toEqual(['api', 'guides', 'faq']);
    expect(value(tags, ' , ')).toBeNull();
    expect(reason(tags, Array.from({ length: 101 }, (_, i) => `t${i}`).join(','))).toContain('At most 100');
  });

  it('matches a single choice exactly first, then ignoring case, and names the options otherwise', () => {
    expect(value(single, 'stable')).toBe('stable');
    expect(value(single, 'Stable')).toBe('Stable');
    expect(value(single, 'beta')).toBe('Beta');
    // Two options differ only by case: an ambiguous spelling is refused.
    expect(reason(single, 'STABLE')).toContain('Beta, Stable, stable');
    expect(reason(single, 'Draft')).toContain('“Draft” is not an option');
  });

  it('reads multiple choices separated by commas, each once, in their option spelling', () => {
    expect(value(multi, 'end users, developers, End Users')).toEqual(['End users', 'Developers']);
    expect(reason(multi, 'Developers, Partners')).toContain('“Partners” is not an option');
  });
});

describe('formatValue and displayValue', () => {
  it('writes every type back to text that reads to the same value', () => {
    const cases: [CellField, Parameters<typeof formatValue>[1]][] = [
      [text, 'Docs'],
      [number, 2.5],
      [boolean, true],
      [boolean, false],
      [tags, ['a', 'b']],
      [single, 'Beta'],
      [multi, ['End users', 'Developers']],
    ];
    for (const [field, stored] of cases) expect(value(field, formatValue(field, stored))).toEqual(stored);
    expect(formatValue(text, undefined)).toBe('');
    expect(displayValue(boolean, true)).toBe('Yes');
    expect(displayValue(tags, ['a', 'b'])).toBe('a, b');
  });

  it('compares values, lists in order', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });
});
