/**
 * The markdown each block of the rendered lens shows, and its HTML prepared off the main thread: the diff worker runs
 * `marked` over the blocks of the page on screen while the main thread waits for it, so drawing the diff only
 * sanitizes them (`RenderedDiffView`). `marked` is warm in the worker (it lexes every page the worker diffs); on the
 * main thread its first blocks ran cold, tens of milliseconds, between the page's bodies and its first paint.
 */
import { unsanitizedMarkdownHtml } from '../../../ui/markdownHtml.ts';
import { plainParagraphHtml } from '../../../ui/plainMarkdown.ts';
import type { BlockRow, RenderedDiff } from './types.ts';

/**
 * The markdown a row shows on one side (undefined where the side has no block): a modified block shows its words
 * marked when the compute could mark them.
 */
export function shownMarkdown(row: BlockRow, side: 'base' | 'head'): string | undefined {
  if (side === 'base') return row.kind === 'add' ? undefined : (row.baseMarked ?? row.base);
  return row.kind === 'del' ? undefined : (row.headMarked ?? row.head);
}

/** Unsanitized HTML of every block `rendered` shows, by its markdown, plain prose left out (`PageDiff.blockHtml`). */
export function prepareBlockHtml(rendered: RenderedDiff): Map<string, string> {
  const html = new Map<string, string>();
  for (const row of rendered.rows) {
    for (const markdown of [shownMarkdown(row, 'base'), shownMarkdown(row, 'head')]) {
      if (markdown === undefined || html.has(markdown) || plainParagraphHtml(markdown) !== undefined)
        continue;
      html.set(markdown, unsanitizedMarkdownHtml(markdown));
    }
  }
  return html;
}
