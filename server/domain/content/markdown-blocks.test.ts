import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, normalizeText } from '../../../shared/markdown/blocks.ts';
import { demoPages, demoSpaces } from '../../seed/demo-content.ts';
import type { PageInput } from './revisions.ts';

/** Every markdown body of the demo's spaces. */
function demoBodies(): string[] {
  const bodies: string[] = [];
  const visit = (pages: readonly PageInput[]): void => {
    for (const page of pages) {
      if (page.markdown !== undefined) bodies.push(page.markdown);
      visit(page.pages ?? []);
    }
  };
  for (const space of demoSpaces()) visit(demoPages(space));
  return bodies;
}

const SAMPLES = [
  '# Title\n\nA paragraph with *emphasis* and a [link][ref].\n\n[ref]: https://example.test\n',
  '- one\n- two\n  - nested\n\n1. first\n2. second\n',
  '> quoted\n> still quoted\n\nafter\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n',
  '```js\nconst x = 1;\n```\n\n    indented code\n',
  '<div>\n<p>html</p>\n</div>\n\n---\n\nSetext\n======\n',
  '{% hint style="info" %}\nA hint.\n{% endhint %}\n',
  'no final newline\r\nwith CRLF',
];

describe('markdownBlocks', () => {
  it("splits a body into marked's top-level tokens, types and sources, blank lines left out", () => {
    const bodies = [...SAMPLES, ...demoBodies()];
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) {
      const expected = marked
        .lexer(normalizeText(body), { gfm: true })
        .filter((token) => token.type !== 'space' && token.raw.trim() !== '')
        .map((token) => [token.type, token.raw.replace(/\n+$/, '')]);
      expect(markdownBlocks(body).map((block) => [block.type, block.raw])).toEqual(expected);
    }
  });
});
