/**
 * Markdown to HTML for pages the server renders itself (the print view, the published view): GitHub-flavoured
 * markdown through `marked`, with raw HTML escaped (shown as text), link targets other than http(s), mailto,
 * anchors and relative ones dropped, and images kept only where the caller's `imageSource` says where they load from.
 * The pages these go into carry a CSP without scripts; this keeps their markup inert as well.
 */
import { Marked, type Tokens } from 'marked';

/** Text safe in HTML content and in quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const SAFE_HREF = /^(?:https?:|mailto:|#|\/|\.{0,2}\/|[^:]*$)/i;

/** Options of `renderSafeMarkdown`. */
export interface SafeMarkdownOptions {
  /** Where an image's `href` loads from, or undefined to show its alt text instead. */
  imageSource: (href: string) => string | undefined;
  /** Rewrites a kept link target (e.g. a page path under the page's own prefix); the identity by default. */
  linkTarget?: (href: string) => string;
}

/** Images only as `data:` URLs (the print view's CSP allows nothing else). */
export const dataImagesOnly = (href: string): string | undefined =>
  /^data:image\//i.test(href) ? href : undefined;

function markedFor(options: SafeMarkdownOptions): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag): string {
        return escapeHtml(text);
      },
      link({ href, title, tokens }: Tokens.Link): string {
        const inner = this.parser.parseInline(tokens);
        const target = href.trim();
        if (!SAFE_HREF.test(target)) return inner;
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(options.linkTarget?.(target) ?? target)}"${titled}>${inner}</a>`;
      },
      image({ href, text }: Tokens.Image): string {
        const source = options.imageSource(href.trim());
        if (source === undefined) return `<span class="image">[${escapeHtml(text || 'image')}]</span>`;
        return `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}">`;
      },
    },
  });
}

const printMarked = markedFor({ imageSource: dataImagesOnly });

/** Sanitized HTML of `markdown`. */
export function renderSafeMarkdown(markdown: string, options?: SafeMarkdownOptions): string {
  const marked = options === undefined ? printMarked : markedFor(options);
  return marked.parse(markdown, { async: false });
}
