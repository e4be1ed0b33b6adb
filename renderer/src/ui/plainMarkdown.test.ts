import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { plainParagraphHtml } from './plainMarkdown.ts';

const render = (markdown: string) => marked.parse(markdown, { async: false, gfm: true });

describe('plainParagraphHtml', () => {
  it('makes of a line of plain prose exactly what marked makes of it', () => {
    for (const text of [
      'Review note 12: check that this block still reads well after the edit.',
      'It\'s "quoted" (a/b), 50% + 3 = 53 - ok!',
      'Élan, naïve café: déjà vu; über 2',
      'a  b',
      'Why?',
    ])
      expect(plainParagraphHtml(text)).toBe(render(text));
  });

  it('leaves anything markdown or GFM would read otherwise to the full path', () => {
    for (const text of [
      '# Heading',
      '- item',
      '1. item',
      '+ item',
      '> quote',
      'a *strong* word',
      'snake_case',
      'some `code`',
      'a [link](x)',
      '![image](x.png)',
      'Tom & Jerry',
      'a <b>tag</b>',
      'x www.example.com',
      'mail a@b.co',
      'see http://x.y',
      'two\nlines',
      'trailing  ',
      ' leading',
      'a | table',
      '~~struck~~',
      'back\\slash',
      '',
      '12 monkeys',
      '=== heading?',
    ])
      expect(plainParagraphHtml(text), text).toBeUndefined();
  });
});
