import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DisplayText,
  displayTextMessage,
  displayTextPattern,
  displayTextProblem,
  MultilineText,
} from './display-text.ts';

const title = DisplayText({ minLength: 1, maxLength: 100 });
const optional = DisplayText({ maxLength: 100 });
const body = MultilineText();

/** Text people write, which the rule must keep. */
const WRITTEN = [
  'Zürich — “quoted” 日本語',
  'مرحبا بالعالم',
  'שלום עולם (v2)',
  'می‌خواهم', // Persian, with a zero-width non-joiner
  '👩‍💻 Developers', // an emoji sequence joined by U+200D
  '❤️ Favorites', // a variation selector
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland', // a subdivision flag: tag characters beyond the BMP
  'नमस्ते',
];

describe('the display-text rule', () => {
  it('keeps the text people write, in every script, with emoji', () => {
    for (const text of WRITTEN) {
      expect(Value.Check(title, text), text).toBe(true);
      expect(displayTextProblem(title, 'single-line', text), text).toBeUndefined();
    }
  });

  it('reads the same with and without the regular expression u flag (Ajv sets it, TypeBox does not)', () => {
    const samples = [...WRITTEN, 'a\u0000b', 'a\u202Eb', 'a\u200Bb', '\u200D', ' ', 'a\nb', '😀\u2066'];
    for (const kind of ['single-line', 'multi-line'] as const) {
      for (const visible of [true, false]) {
        const pattern = displayTextPattern(kind, visible);
        for (const text of samples)
          expect(new RegExp(pattern, 'u').test(text), JSON.stringify(text)).toBe(
            new RegExp(pattern).test(text),
          );
      }
    }
  });

  it('refuses control, bidirectional and invisible characters, naming the code point', () => {
    const cases: [string, RegExp][] = [
      ['\u0000', /control character U\+0000/],
      ['\u001B', /control character U\+001B/],
      ['\u007F', /control character U\+007F/],
      ['\u009B', /control character U\+009B/],
      ['\u202E', /bidirectional formatting character U\+202E/],
      ['\u2066', /bidirectional formatting character U\+2066/],
      ['\u200E', /bidirectional formatting character U\+200E/],
      ['\u200B', /invisible character U\+200B/],
      ['\uFEFF', /invisible character U\+FEFF/],
      ['\u2028', /line separator U\+2028/],
      ['\n', /line break or tab/],
      ['\t', /line break or tab/],
    ];
    for (const [character, message] of cases) {
      const text = `Pay${character}roll`;
      expect(Value.Check(title, text)).toBe(false);
      expect(Value.Check(optional, text)).toBe(false);
      expect(displayTextProblem(title, 'single-line', text)).toMatch(message);
    }
  });

  it('keeps newline and tab in multi-line text, and nothing else of the controls', () => {
    expect(Value.Check(body, 'First line\n\tindented\n')).toBe(true);
    expect(Value.Check(body, 'a\r\nb')).toBe(false);
    expect(Value.Check(body, 'a\u202Eb')).toBe(false);
    expect(displayTextProblem(body, 'multi-line', 'a\u0007b')).toMatch(/U\+0007/);
  });

  it('asks for a visible character only where text is required', () => {
    for (const blank of ['   ', '\u200D', ' \u2800 ', '\uFE0F'])
      expect(displayTextProblem(title, 'single-line', blank)).toBe('needs at least one visible character');
    expect(Value.Check(optional, '')).toBe(true);
    expect(Value.Check(optional, '  ')).toBe(true);
  });

  it('phrases a form message after the field label, and nothing for schemas outside the rule', () => {
    expect(displayTextMessage('Title', title, 'a\u202Eb')).toBe(
      'Title contains the bidirectional formatting character U+202E, which is not allowed.',
    );
    expect(displayTextMessage('Title', title, 'fine')).toBeUndefined();
    expect(displayTextMessage('Title', { type: 'string', pattern: '^a$' }, 'b')).toBeUndefined();
  });
});
