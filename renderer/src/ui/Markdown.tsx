/**
 * Markdown shown in the app: `marked` turns it into HTML and DOMPurify removes anything active (scripts, event
 * handlers, `javascript:` URLs, unknown schemes) before it reaches the DOM. The window's CSP forbids inline scripts
 * as well; this is the first line, not the only one. Links open outside the app's window (`target="_blank"`, no
 * opener), so following one never navigates the app away. Shared by the page reader, diffs and comments.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { marked } from 'marked';
import './markdown.css';

let purifier: Purifier | undefined;

/** The app's own DOMPurify instance (its hook does not leak into other users of the library). */
function sanitizer(): Purifier {
  if (purifier === undefined) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier;
}

/** Sanitized HTML of `markdown`. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizer().sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}

/** Rendered markdown in a `div` (class `markdown` plus `className`). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={className === undefined ? 'markdown' : `markdown ${className}`}
      // Sanitized by renderMarkdown above.
      dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }}
    />
  );
}
