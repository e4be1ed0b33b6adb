/** The search's text tools: sections from markdown, the MATCH expression, finding words again, excerpts. */
import { describe, expect, it } from 'vitest';
import { excerpt, firstMatch, headingSlug, pageText, parseQuery, splitSections } from './text.ts';

describe('splitSections', () => {
  it('splits at headings outside code, strips the syntax, and makes heading ids unique', () => {
    const markdown = [
      'Lead with **bold**, `code` and a [link](https://x.test) <span onclick="x()">html</span>.',
      '',
      '# Setup',
      '',
      '```sh',
      '# not a heading',
      'npm install',
      '```',
      '',
      'Setup',
      '-----',
      '',
      '| A | B |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '## Ça marche !',
      '',
      '{% hint style="info" %}',
      'Hinted *text*',
      '{% endhint %}',
      '',
      '- one',
      '- two',
    ].join('\n');
    expect(splitSections(markdown)).toEqual([
      { id: '', title: '', text: 'Lead with bold, code and a link html .' },
      { id: 'setup', title: 'Setup', text: '# not a heading\nnpm install' },
      { id: 'setup-1', title: 'Setup', text: 'A B\n1 2' },
      { id: 'ca-marche', title: 'Ça marche !', text: 'Hinted text\none\ntwo' },
    ]);
    expect(splitSections('')).toEqual([]);
    expect(splitSections('# Only')).toEqual([{ id: 'only', title: 'Only', text: '' }]);
    expect(headingSlug('!!!')).toBe('section');
    expect(pageText(splitSections('Intro\n\n## Next\n\nBody'))).toBe('Intro\nNext\nBody');
  });
});

describe('parseQuery', () => {
  it('quotes every word, doubles quotes, drops words without letters or digits, and prefixes the last', () => {
    expect(parseQuery('zebra')?.match).toBe('"zebra"*');
    expect(parseQuery(' say "hi" there ')?.match).toBe('"say" """hi""" "there"*');
    expect(parseQuery('a OR b')?.match).toBe('"a" "OR" "b"*');
    expect(parseQuery('🦓 -- zebra\u0000crossing')?.match).toBe('"zebra" "crossing"*');
    expect(parseQuery("don't")?.words).toEqual([['don', 't']]);
    expect(parseQuery('Éclair')?.words).toEqual([['eclair']]);
    for (const nothing of ['', '   ', '"', '*** ^ ()', '🦓🎉', '\u0000'])
      expect(parseQuery(nothing)).toBeUndefined();
  });
});

describe('firstMatch and excerpt', () => {
  it('finds the earliest word, the last as a prefix, without case or diacritics', () => {
    const text = 'The café opens early. Zebras like the CAFE too.';
    expect(firstMatch(text, parseQuery('cafe')!)).toEqual([4, 8]);
    expect(firstMatch(text, parseQuery('zeb')!)).toEqual([22, 28]);
    expect(firstMatch(text, parseQuery('zeb opens')!)).toEqual([9, 14]);
    // Only the last word is a prefix.
    expect(firstMatch(text, parseQuery('zeb early')!)).toEqual([15, 20]);
    expect(firstMatch(text, parseQuery('giraffe')!)).toBeUndefined();
  });

  it('finds the same in texts of ASCII only, whose non-matching ones are skipped before reading tokens', () => {
    const text = 'Set up the E-mail relay. The Cafe-Bar opens at 9.';
    expect(firstMatch(text, parseQuery('e-mail')!)).toEqual([11, 17]);
    expect(firstMatch(text, parseQuery('CAFÉ bar')!)).toEqual([29, 33]);
    expect(firstMatch(text, parseQuery('rel')!)).toEqual([18, 23]);
    expect(firstMatch(text, parseQuery('9')!)).toEqual([47, 48]);
    // Part of a token is no match, save as the last word's prefix.
    expect(firstMatch(text, parseQuery('elay')!)).toBeUndefined();
    expect(firstMatch(text, parseQuery('relay opens')!)).toEqual([18, 23]);
    expect(firstMatch(text, parseQuery('giraffe zebra')!)).toBeUndefined();
    // Folded, the last word is a prefix of "Cafe"; a letter that does not fold to ASCII is in no ASCII text.
    expect(firstMatch(text, parseQuery('ça')!)).toEqual([29, 33]);
    expect(firstMatch(text, parseQuery('cæ')!)).toBeUndefined();
  });

  it('cuts around the match at spaces, marking the cuts', () => {
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
    const start = words.indexOf('w40');
    const cut = excerpt(words, [start, start + 3], 40);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('w40');
    expect(cut.length).toBeLessThanOrEqual(42);
    expect(excerpt('short text', [0, 5])).toBe('short text');
    expect(excerpt('line one\nline two', [0, 0])).toBe('line one line two');
  });
});
