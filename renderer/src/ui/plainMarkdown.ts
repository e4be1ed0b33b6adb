/**
 * The fast path of rendered markdown: a single line of plain prose (letters, digits, spaces and punctuation that
 * markdown gives no meaning to, starting with a letter) is one paragraph of escaped text, exactly what `marked`
 * makes of it, with nothing for DOMPurify to remove. Review notes and most comments are such lines: they skip the
 * lexer and the sanitizer's document (about a millisecond each on a 2-core machine, twenty of them beside a diff).
 * Anything else (markup, a second line, a link GFM would make of a bare address) answers undefined: the full path.
 */

/** Letters, digits, spaces and punctuation without meaning in markdown or HTML; a letter first. */
const PLAIN = /^\p{L}[\p{L}\p{M}\p{N} ,.;:?!'"()%/+=-]*$/u;
/** What GFM turns into a link inside otherwise plain text. */
const AUTOLINK = /:\/\/|www\.|@/i;

const ESCAPES: Record<string, string> = { "'": '&#39;', '"': '&quot;' };

/** The HTML `marked` makes of `markdown` when it is one line of plain prose, else undefined. */
export function plainParagraphHtml(markdown: string): string | undefined {
  if (markdown.length > 2_000 || !PLAIN.test(markdown) || AUTOLINK.test(markdown)) return undefined;
  if (markdown.endsWith(' ')) return undefined;
  return `<p>${markdown.replace(/['"]/g, (char) => ESCAPES[char]!)}</p>\n`;
}
