/**
 * The HTML `marked` makes of markdown, before anything is sanitized: what `renderMarkdown` (Markdown.tsx) sanitizes,
 * and what the diff worker, which has no DOM, prepares for the blocks of the page on screen. Never put in the DOM
 * as it is: it is the author's HTML, scripts and handlers included.
 */
import { marked } from 'marked';

/** Unsanitized HTML of `markdown` (GFM). */
export function unsanitizedMarkdownHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}
