/**
 * A label on a plain `div` or `span` is not allowed by ARIA (axe's aria-prohibited-attr): such an element needs a
 * role (a loading placeholder is a `status`). axe only sees the placeholders that happen to be on screen when it
 * runs, so the sources are checked here, every one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Opening `div`/`span` tags (up to the first `>` outside braces) with `aria-label` and no `role`. */
function unlabelledRoles(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/<(div|span)\b/g)) {
    let depth = 0;
    let end = match.index;
    for (let i = match.index; i < text.length; i++) {
      const char = text[i];
      if (char === '{') depth++;
      else if (char === '}') depth--;
      else if (char === '>' && depth === 0) {
        end = i;
        break;
      }
    }
    const tag = text.slice(match.index, end + 1);
    if (/\saria-label=/.test(tag) && !/\srole=/.test(tag)) found.push(tag.replace(/\s+/g, ' ').slice(0, 120));
  }
  return found;
}

describe('aria-label in the renderer sources', () => {
  it('is never on a div or span without a role', () => {
    const offenders = sources(ROOT).flatMap((file) =>
      unlabelledRoles(readFileSync(file, 'utf8')).map((tag) => `${relative(ROOT, file)}: ${tag}`),
    );
    expect(offenders).toEqual([]);
  });
});
