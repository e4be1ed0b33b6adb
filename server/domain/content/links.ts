/**
 * The link report of a revision: every link of its pages, classified (a page or file of the revision, an app URL,
 * another URL) and grouped by target. Pure functions over a loaded revision, so that they are tested without a
 * server; the handler adds access checks and presentation.
 */
import type { ContentReferenceUsage } from '../../../shared/contract/resources/links.ts';
import { extractLinks, type ExtractedLink } from './markdown-links.ts';
import type { PlacedPage, StoredFile, StoredPage } from './revisions.ts';

export { extractLinks, type ExtractedLink };

type ContentReferenceStatus = ContentReferenceUsage['status'];

/** What a link points at, once classified. */
export interface LinkTarget {
  /** Identity of the target: links with the same key are one usage. */
  key: string;
  /** What the report sorts on and shows: a page path, a file name, a URL, or the raw target of a broken link. */
  label: string;
  kind: 'page' | 'file' | 'url';
  status: ContentReferenceStatus;
  page?: StoredPage;
  file?: StoredFile;
  /** The URL of a `url` link; the target as written for a broken one. */
  url?: string;
  anchor?: string;
}

/** The revision a link is read in. */
export interface LinkContext {
  /** Pages by path (slash-joined slugs). */
  pages: ReadonlyMap<string, PlacedPage>;
  /** Files by name. */
  files: ReadonlyMap<string, StoredFile>;
  /** The first page: what a link to the root of the space (`/`, `README.md`) opens. */
  home: PlacedPage | undefined;
  /** Hosts whose URLs are locations in the app rather than content (this server's, GitBook's). */
  appHosts: ReadonlySet<string>;
}

/** The host of GitBook's app, whose URLs point into an organization rather than at published content. */
export const GITBOOK_APP_HOST = 'app.gitbook.com';

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const MARKDOWN_FILE = /\.(?:md|markdown)$/i;
const FILE_EXTENSION = /\.[a-zA-Z0-9]{1,8}$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Segments of `relative` applied to `base` (both slash-separated), `.` and `..` resolved; `..` stops at the root. */
function resolveSegments(base: readonly string[], relative: string): string[] {
  const out = [...base];
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/** The page path a file-like path names: `a/b.md` and `a/b/README.md` both name `a/b`. */
function pagePathOf(segments: readonly string[]): string {
  const parts = [...segments];
  const last = parts.at(-1);
  if (last !== undefined && /^readme(?:\.md|\.markdown)?$/i.test(last)) parts.pop();
  else if (last !== undefined) parts[parts.length - 1] = last.replace(MARKDOWN_FILE, '');
  return parts.join('/');
}

/**
 * The directory a page's relative links start from. Pages are laid out as in a Git-synced space: a page with
 * children is `path/README.md` (its links start in `path/`), any other page is `path.md` (they start beside it).
 */
function directoryOf(from: PlacedPage): string[] {
  const segments = from.path.split('/');
  return from.page.pages.length > 0 ? segments : segments.slice(0, -1);
}

function classifyUrl(target: string, context: LinkContext): LinkTarget {
  let url = target;
  if (url.startsWith('//')) url = `https:${url}`;
  let host: string | undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') host = parsed.host;
  } catch {
    // Kept as written: an unparsable absolute URL is still a URL the reader can see.
  }
  const inApp = host !== undefined && context.appHosts.has(host.toLowerCase());
  return { key: `url:${url}`, label: url, kind: 'url', status: inApp ? 'in-app' : 'ok', url };
}

/**
 * Classifies one link of the page `from`. Answers `undefined` for links that name no target of their own: an
 * anchor in the same page (`#usage`), an embedded `data:` URL.
 */
export function classifyLink(
  link: ExtractedLink,
  from: PlacedPage,
  context: LinkContext,
): LinkTarget | undefined {
  const target = link.target.trim();
  if (target === '' || target.startsWith('#')) return undefined;
  const scheme = SCHEME.exec(target)?.[1]?.toLowerCase();
  if (scheme === 'data') return undefined;
  if (scheme !== undefined || target.startsWith('//')) return classifyUrl(target, context);

  const hashAt = target.indexOf('#');
  const anchor = hashAt >= 0 ? decode(target.slice(hashAt + 1)) : '';
  const pathPart = decode((hashAt >= 0 ? target.slice(0, hashAt) : target).replace(/\?.*$/, ''));
  const rooted = pathPart.startsWith('/');
  const segments = resolveSegments(rooted ? [] : directoryOf(from), pathPart);
  const lastSegment = segments.at(-1) ?? '';
  const fileLike = link.image || (FILE_EXTENSION.test(lastSegment) && !MARKDOWN_FILE.test(lastSegment));

  if (fileLike) {
    const file = context.files.get(lastSegment);
    const path = segments.join('/');
    if (file) return { key: `file:${file.id}`, label: file.name, kind: 'file', status: 'ok', file };
    return { key: `file-missing:${path}`, label: target, kind: 'file', status: 'broken', url: target };
  }

  const pagePath = pagePathOf(segments);
  let page = pagePath === '' ? context.home : context.pages.get(pagePath);
  // `guides/install` written without `./` or `/` is often meant from the root of the space: accept that reading
  // when the relative one names no page.
  if (!page && !rooted && !/^\.\.?\//.test(pathPart))
    page = context.pages.get(pagePathOf(resolveSegments([], pathPart)));
  if (!page) {
    return {
      key: `page-missing:${pagePath}`,
      label: target,
      kind: 'page',
      status: 'broken',
      url: target,
    };
  }
  const result: LinkTarget = {
    key: `page:${page.page.id}#${anchor}`,
    label: anchor === '' ? page.path : `${page.path}#${anchor}`,
    kind: 'page',
    status: 'ok',
    page: page.page,
  };
  if (anchor !== '') result.anchor = anchor;
  return result;
}

/** One target and the pages linking to it. */
export interface LinkUsage {
  target: LinkTarget;
  /** Linking pages, in reading order, each once. */
  pages: PlacedPage[];
}

/** The input of a report: a revision's pages, their markdown by document id, and its files. */
export interface LinkReportInput {
  pages: readonly PlacedPage[];
  documents: ReadonlyMap<string, string>;
  files: readonly StoredFile[];
  appHosts: ReadonlySet<string>;
  /** Only the links written in these pages (ids); all pages still resolve targets. Default: every page. */
  from?: ReadonlySet<string>;
}

/** The rank a usage sorts by first: broken links lead. */
export const statusRank = (status: ContentReferenceStatus): number => (status === 'broken' ? 0 : 1);

/** Compares two usages in report order: broken first, then by label, then by key (labels can repeat). */
export function compareUsages(a: LinkUsage, b: LinkUsage): number {
  return (
    statusRank(a.target.status) - statusRank(b.target.status) ||
    compareText(a.target.label, b.target.label) ||
    compareText(a.target.key, b.target.key)
  );
}

/** Code-unit order: the same order a page cursor compares with, whatever the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every link target of a revision, with the pages that link to it, in report order. */
export function buildLinkReport(input: LinkReportInput): LinkUsage[] {
  const context: LinkContext = {
    pages: new Map(input.pages.map((placed) => [placed.path, placed])),
    files: new Map(input.files.map((file) => [file.name, file])),
    home: input.pages[0],
    appHosts: input.appHosts,
  };
  const usages = new Map<string, LinkUsage>();
  for (const placed of input.pages) {
    if (input.from && !input.from.has(placed.page.id)) continue;
    const links: ExtractedLink[] = [];
    if (placed.page.type === 'link' && placed.page.href !== undefined)
      links.push({ target: placed.page.href, image: false });
    if (placed.page.documentId !== undefined)
      links.push(...extractLinks(input.documents.get(placed.page.documentId) ?? ''));
    for (const link of links) {
      const target = classifyLink(link, placed, context);
      if (!target) continue;
      const usage = usages.get(target.key);
      if (!usage) usages.set(target.key, { target, pages: [placed] });
      else if (usage.pages.at(-1) !== placed) usage.pages.push(placed);
    }
  }
  return [...usages.values()].sort(compareUsages);
}
