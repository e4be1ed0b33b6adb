/**
 * Turning fetched content into pages for `importContentInChangeRequest`. Pure conversions (no I/O): the handler
 * fetches, converts, then writes the pages as one new revision.
 *
 * Rules:
 * - `markdown`: one page. Its title is the first `#` heading when the document starts with one (that heading is
 *   then dropped from the body, as GitBook shows the title above the body), else the URL's file name without its
 *   extension, else the host.
 * - `html` and `website`: one page, the HTML converted to markdown with node-html-markdown (scripts, styles and
 *   other non-content elements dropped); the title is the `<title>`, else the first `<h1>`, else the URL's name.
 * - `zip`: a page per `.md`/`.markdown` file; folders become parent pages: a folder's `README.md` is its body, a
 *   top-level folder without one becomes a group, a deeper one an empty document. Hidden entries (`.name`,
 *   `__MACOSX`) are skipped. Bounded by what inflation actually produces, never by what the archive declares
 *   (zip.ts, `ZIP_LIMITS`): at most 500 entries, 5 MB per file and 20 MB of markdown in all, 100 times a file's
 *   compressed size (files under 1 MB aside); a file that inflates to more or less than its header says is refused.
 *   Siblings sort by name, `README.md` of the root first. Page titles as for `markdown`, with the file (or folder)
 *   name humanized. This runs on a worker thread (import-task.ts).
 * - `totalResources` counts the files found (markdown or not; directories and hidden entries aside),
 *   `importedResources` the pages made from them.
 * - Any other source is refused (the handler's 400 names `source` and the supported ones). Content that cannot be
 *   read (invalid UTF-8 is replaced, not refused; a garbage or empty zip, a zip without markdown) is an `ImportError`
 *   the handler answers as 422.
 */
import { NodeHtmlMarkdown } from 'node-html-markdown';
import type { PageInput } from './revisions.ts';
import { inflateEntry, listEntries, ZipError, type ZipLimits } from './zip.ts';

import type { SupportedImportSource } from './import-sources.ts';

export { SUPPORTED_IMPORT_SOURCES, type SupportedImportSource } from './import-sources.ts';

export const MAX_ZIP_ENTRIES = 500;
export const MAX_ZIP_BYTES = 20 * 1024 * 1024;

/** What a zip's markdown may inflate to (zip.ts): bytes actually produced, per entry and in all, and the ratio. */
export const ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxEntryBytes: 5 * 1024 * 1024,
  maxTotalBytes: MAX_ZIP_BYTES,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** Content the import cannot turn into pages. */
export class ImportError extends Error {}

export interface Converted {
  pages: PageInput[];
  importedResources: number;
  totalResources: number;
}

const MARKDOWN_FILE = /\.(?:md|markdown)$/i;

/** A file or folder name as a title: extension dropped, dashes and underscores as spaces, first letter upper. */
export function humanize(name: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,10}$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  if (base === '') return 'Untitled';
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** The title a URL suggests: its last path segment humanized, else its host. */
export function titleFromUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const last = decodeURIComponent(parsed.pathname.split('/').filter(Boolean).at(-1) ?? '');
    return last !== '' ? humanize(last) : parsed.hostname;
  } catch {
    return 'Imported page';
  }
}

const decodeText = (data: Uint8Array): string =>
  new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\uFEFF/, '');

/** The leading `# Title` of a markdown document (front matter and blank lines before it allowed), split off. */
export function splitTitle(markdown: string): { title?: string; body: string } {
  const text = markdown.replace(/\r\n?/g, '\n');
  const match = /^(?:\s*\n)*# +(.+?)(?: +#+)? *(?:\n|$)/.exec(text);
  if (!match) return { body: text };
  return { title: match[1]!.trim(), body: text.slice(match[0].length).replace(/^\n+/, '') };
}

function markdownPage(markdown: string, fallbackTitle: string): PageInput {
  const { title, body } = splitTitle(markdown);
  return { title: title ?? fallbackTitle, markdown: body };
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Math.min(Number(code), 0x10ffff)))
    .replace(/&amp;/g, '&');

const textOf = (html: string): string =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The page of an HTML document. */
export function htmlPage(html: string, url: string): PageInput {
  const title = textOf(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
  const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '');
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  let markdown = NodeHtmlMarkdown.translate(body, {
    ignore: ['script', 'style', 'noscript', 'template', 'head', 'iframe', 'object', 'embed', 'form', 'svg'],
  }).trim();
  // The page title shows above the body: a leading heading that repeats it is dropped.
  const chosen = title || h1 || titleFromUrl(url);
  const split = splitTitle(markdown);
  if (split.title !== undefined && split.title === chosen) markdown = split.body;
  return { title: chosen.slice(0, 200), markdown: markdown === '' ? '' : `${markdown}\n` };
}

interface Folder {
  name: string;
  readme?: string;
  files: Map<string, string>;
  folders: Map<string, Folder>;
}

const hidden = (segment: string): boolean => segment.startsWith('.') || segment === '__MACOSX';

/** Unzips with the bounds above; answers the markdown files by path and the count of files. */
function readZip(data: Uint8Array): { markdown: Map<string, string>; total: number } {
  const markdown = new Map<string, string>();
  let total = 0;
  let inflated = 0;
  try {
    for (const entry of listEntries(data, ZIP_LIMITS)) {
      const segments = entry.name.split('/').filter(Boolean);
      if (entry.name.endsWith('/') || segments.length === 0 || segments.some(hidden)) continue;
      total++;
      if (!MARKDOWN_FILE.test(entry.name)) continue;
      const bytes = inflateEntry(data, entry, ZIP_LIMITS, inflated);
      inflated += bytes.byteLength;
      markdown.set(entry.name, decodeText(bytes));
    }
  } catch (error) {
    if (error instanceof ZipError) throw new ImportError(error.message);
    throw error;
  }
  return { markdown, total };
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const isReadme = (name: string): boolean => /^readme\.(?:md|markdown)$/i.test(name);

function folderPages(folder: Folder, depth: number): PageInput[] {
  const pages: PageInput[] = [];
  for (const name of [...folder.files.keys()].sort(byName))
    pages.push(markdownPage(folder.files.get(name)!, humanize(name)));
  for (const name of [...folder.folders.keys()].sort(byName)) {
    const child = folder.folders.get(name)!;
    const children = folderPages(child, depth + 1);
    if (child.readme !== undefined) {
      pages.push({ ...markdownPage(child.readme, humanize(name)), pages: children });
    } else if (children.length > 0) {
      pages.push({ title: humanize(name), type: depth === 0 ? 'group' : 'document', pages: children });
    }
  }
  return pages;
}

/** The pages of a zip archive of markdown files. */
export function zipPages(data: Uint8Array): Converted {
  const { markdown, total } = readZip(data);
  if (markdown.size === 0)
    throw new ImportError(
      total === 0 ? 'the zip archive is empty' : 'the zip archive holds no markdown (`.md`) files',
    );
  const root: Folder = { name: '', files: new Map(), folders: new Map() };
  let rootReadme: string | undefined;
  for (const [path, text] of markdown) {
    const segments = path.split('/').filter(Boolean);
    const fileName = segments.pop()!;
    let folder = root;
    for (const segment of segments) {
      let child = folder.folders.get(segment);
      if (!child) {
        child = { name: segment, files: new Map(), folders: new Map() };
        folder.folders.set(segment, child);
      }
      folder = child;
    }
    if (isReadme(fileName) && folder === root) rootReadme = text;
    else if (isReadme(fileName)) folder.readme = text;
    else folder.files.set(fileName, text);
  }
  const pages = folderPages(root, 0);
  if (rootReadme !== undefined) pages.unshift(markdownPage(rootReadme, 'Introduction'));
  return { pages, importedResources: markdown.size, totalResources: total };
}

/** Converts fetched content of a supported source into pages. */
export function convertImport(source: SupportedImportSource, data: Uint8Array, url: string): Converted {
  switch (source) {
    case 'markdown':
      return {
        pages: [markdownPage(decodeText(data), titleFromUrl(url))],
        importedResources: 1,
        totalResources: 1,
      };
    case 'html':
    case 'website':
      return { pages: [htmlPage(decodeText(data), url)], importedResources: 1, totalResources: 1 };
    case 'zip':
      return zipPages(data);
  }
}
