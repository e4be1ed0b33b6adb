/**
 * Markdown shown in the app: `marked` turns it into HTML and DOMPurify removes anything active (scripts, event
 * handlers, `javascript:` URLs, unknown schemes) before it reaches the DOM. The window's CSP forbids inline scripts
 * as well; this is the first line, not the only one. Links open outside the app's window (`target="_blank"`, no
 * opener), so following one never navigates the app away. Shared by the page reader, diffs and comments.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { unsanitizedMarkdownHtml } from './markdownHtml.ts';
import { plainParagraphHtml } from './plainMarkdown.ts';
import './markdown.css';

let purifier: Purifier | undefined;

/**
 * Where images of a rendered markdown load from: `source` answers the address to use for an image's `src` (undefined
 * drops it, showing the alternative text); `key` changes whenever its answers may change (caches key on it).
 */
export interface ImageSource {
  key: string;
  source: (href: string) => string | undefined;
}

/** The image source of the `renderMarkdown` call under way (sanitizing is synchronous). */
let images: ImageSource | undefined;

/** The app's own DOMPurify instance (its hook does not leak into other users of the library). */
function sanitizer(): Purifier {
  if (purifier === undefined) {
    purifier = DOMPurify(window);
    // Set once: a configuration given with each call is parsed again on each call (a rendered diff sanitizes every
    // block on its own, a few milliseconds per page).
    purifier.setConfig({ USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG' && images !== undefined) {
        const resolved = images.source(node.getAttribute('src') ?? '');
        if (resolved === undefined) node.removeAttribute('src');
        else node.setAttribute('src', resolved);
      }
    });
  }
  return purifier;
}

/** Sanitized HTML of `markdown`; `imageSource` rewrites where its images load from. */
export function renderMarkdown(markdown: string, imageSource?: ImageSource): string {
  return plainParagraphHtml(markdown) ?? sanitizeMarkdownHtml(unsanitizedMarkdownHtml(markdown), imageSource);
}

/**
 * `html` (what `unsanitizedMarkdownHtml` made, here or in a worker) sanitized as `renderMarkdown` sanitizes it;
 * `imageSource` rewrites where its images load from.
 */
export function sanitizeMarkdownHtml(html: string, imageSource?: ImageSource): string {
  images = imageSource;
  try {
    return sanitizer().sanitize(html);
  } finally {
    images = undefined;
  }
}

const CACHE_SIZE = 500;
const cache = new Map<string, string>();

/**
 * `renderMarkdown` without images, cached by source (the oldest entry goes first): a comment shown at its block and
 * in the thread pane, or drawn again, is rendered once.
 */
function cachedHtml(source: string): string {
  let html = cache.get(source);
  if (html === undefined) {
    html = renderMarkdown(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, html);
  }
  return html;
}

/** Rendered markdown in a `div` (class `markdown` plus `className`). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={className === undefined ? 'markdown' : `markdown ${className}`}
      // Sanitized by renderMarkdown above.
      dangerouslySetInnerHTML={{ __html: cachedHtml(source) }}
    />
  );
}
