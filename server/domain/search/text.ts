/**
 * Text tools of the search: markdown to plain text split into sections by headings, the FTS5 MATCH expression
 * built from the user's words, and finding those words again in a section to cut its excerpt. Word rules follow
 * the index's tokenizer (`unicode61 remove_diacritics 2`): a word is a run of letters, digits or private-use
 * characters, compared without case or diacritics.
 */
import { Lexer, type Token, type Tokens } from 'marked';

/** A part of a page: its lead (before any heading, `id` ''), or a heading and what follows up to the next one. */
export interface PageSection {
  /** Anchor of the heading (a slug, unique in the page); '' for the lead. */
  id: string;
  /** The heading's text; '' for the lead. */
  title: string;
  /** Plain text of the section's body. */
  text: string;
}

/** Characters a token is made of (anything else separates tokens). */
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const HAS_TOKEN = /[\p{L}\p{N}\p{Co}]/u;

/** Any character outside ASCII (ASCII words have no diacritics to fold). */
const NON_ASCII = /[^ -~]/;

/** A word as the index compares it: lower case, without diacritics (ASCII has none to remove). */
export function fold(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** GitBook's template tags (`{% hint %}`, `{% endhint %}`…) are markup, not text. */
const TEMPLATE_TAG = /\{%[^%]*%\}/g;

function stripTags(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ');
}

/** The plain text of markdown tokens: what a reader sees, without syntax. */
function tokensText(tokens: readonly Token[]): string {
  const out: string[] = [];
  const walk = (token: Token): void => {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
        return;
      case 'br':
        out.push('\n');
        return;
      case 'html':
        out.push(stripTags((token as Tokens.HTML).text));
        return;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          item.tokens.forEach(walk);
          out.push('\n');
        }
        return;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          for (const cell of row) {
            cell.tokens.forEach(walk);
            out.push(' ');
          }
          out.push('\n');
        }
        return;
      }
      default: {
        const nested = (token as { tokens?: Token[] }).tokens;
        if (nested !== undefined && nested.length > 0) nested.forEach(walk);
        else if ('text' in token && typeof token.text === 'string') out.push(token.text);
        // Blocks end on a line break; inline tokens run on.
        if (['paragraph', 'heading', 'code', 'blockquote'].includes(token.type)) out.push('\n');
      }
    }
  };
  tokens.forEach(walk);
  return out.join('');
}

/** Collapses white space runs: one space within a line, one line break between lines. */
function tidy(text: string): string {
  return text
    .replace(TEMPLATE_TAG, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** An anchor for a heading: folded, words joined by dashes ('section' when nothing is left). */
export function headingSlug(title: string): string {
  const slug = (fold(title).match(TOKEN) ?? []).join('-').slice(0, 100);
  return slug === '' ? 'section' : slug;
}

/** The sections of a page's markdown, in reading order; the lead only when it holds text. */
export function splitSections(markdown: string): PageSection[] {
  const tokens = Lexer.lex(markdown.normalize('NFC'));
  const sections: PageSection[] = [];
  const used = new Set<string>();
  let current: { id: string; title: string; tokens: Token[] } = { id: '', title: '', tokens: [] };
  const close = () => {
    const text = tidy(tokensText(current.tokens));
    if (current.id !== '' || text !== '') sections.push({ id: current.id, title: current.title, text });
  };
  for (const token of tokens) {
    if (token.type !== 'heading') {
      current.tokens.push(token);
      continue;
    }
    close();
    const title = tidy(tokensText((token as Tokens.Heading).tokens)).replace(/\n/g, ' ');
    let id = headingSlug(title);
    for (let n = 1; used.has(id); n++) id = `${headingSlug(title)}-${n}`;
    used.add(id);
    current = { id, title, tokens: [] };
  }
  close();
  return sections;
}

/** The plain text of a whole page body (headings included), as indexed. */
export function pageText(sections: readonly PageSection[]): string {
  return sections.map((s) => (s.title !== '' ? `${s.title}\n${s.text}` : s.text)).join('\n');
}

/** A user's query: its words, each a sequence of folded tokens; the last word matches as a prefix. */
export interface ParsedQuery {
  words: string[][];
  /** The FTS5 MATCH expression: every word quoted as a string, all required, the last a prefix. */
  match: string;
}

/**
 * Parses a query: words are separated by white space or control characters; a word without any letter or digit (punctuation, emoji) is
 * dropped, since the index holds none. Answers undefined when no word is left. Each kept word is quoted as an FTS5
 * string (`"` doubled), so no character of the query can act as FTS5 syntax.
 */
export function parseQuery(query: string): ParsedQuery | undefined {
  // Control characters separate words too (SQLite would cut the expression at a NUL).
  const kept = query
    .normalize('NFC')
    .split(/[\s\p{Cc}]+/u)
    .filter((word) => HAS_TOKEN.test(word));
  if (kept.length === 0) return undefined;
  const match = kept
    .map((word, i) => `"${word.replace(/"/g, '""')}"${i === kept.length - 1 ? '*' : ''}`)
    .join(' ');
  return { words: kept.map((word) => (fold(word).match(TOKEN) ?? []) as string[]), match };
}

interface Located {
  token: string;
  start: number;
  end: number;
}

/** Any code unit outside 7-bit ASCII (control characters are ASCII: they separate tokens). */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * True when no word of the query can occur in an ASCII text: none of their first tokens is part of the text in lower
 * case. An ASCII token folds to its lower case, so a token equal to (or starting with) a word's first token makes that
 * token a part of the lowered text. Most sections of a page hit hold no word of the query; this spares reading their
 * tokens one by one.
 */
function cannotMatch(text: string, query: ParsedQuery): boolean {
  if (BEYOND_ASCII.test(text)) return false;
  const lowered = text.toLowerCase();
  return query.words.every((word) => word.length === 0 || !lowered.includes(word[0]!));
}

/**
 * Where the first of the query's words occurs in a text: [start, end) of the earliest match of any word (its tokens
 * in a row; the query's last token of its last word as a prefix), or undefined; at one start, the query's first word
 * that matches there. The text's tokens are read in order and only as far as the first match needs.
 */
export function firstMatch(text: string, query: ParsedQuery): [number, number] | undefined {
  if (cannotMatch(text, query)) return undefined;
  const reader = new RegExp(TOKEN.source, TOKEN.flags);
  const tokens: Located[] = [];
  const tokenAt = (index: number): Located | undefined => {
    while (tokens.length <= index) {
      const m = reader.exec(text);
      if (m === null) return undefined;
      tokens.push({ token: fold(m[0]), start: m.index, end: m.index + m[0].length });
    }
    return tokens[index];
  };
  const last = query.words.length - 1;
  for (let i = 0; tokenAt(i) !== undefined; i++) {
    for (let w = 0; w <= last; w++) {
      const word = query.words[w]!;
      if (word.length === 0) continue;
      const hit = word.every((part, j) => {
        const token = tokenAt(i + j)?.token;
        if (token === undefined) return false;
        return w === last && j === word.length - 1 ? token.startsWith(part) : token === part;
      });
      if (hit) return [tokens[i]!.start, tokens[i + word.length - 1]!.end];
    }
  }
  return undefined;
}

/** About `size` characters of `text` around [start, end), cut at spaces, with `…` where cut. */
export function excerpt(text: string, [start, end]: [number, number], size = 160): string {
  const flat = text.replace(/\n/g, ' ');
  const room = Math.max(0, size - (end - start));
  let from = Math.max(0, start - Math.floor(room / 3));
  let to = Math.min(flat.length, end + room - (start - from));
  if (from > 0) {
    const space = flat.indexOf(' ', from);
    from = space !== -1 && space < start ? space + 1 : from;
  }
  if (to < flat.length) {
    const space = flat.lastIndexOf(' ', to);
    to = space > end ? space : to;
  }
  return `${from > 0 ? '…' : ''}${flat.slice(from, to).trim()}${to < flat.length ? '…' : ''}`;
}
