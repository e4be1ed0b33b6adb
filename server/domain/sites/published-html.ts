/**
 * The HTML of the published view (`published-view.ts` resolves what it shows): a header with the site's title and
 * its sections (groups' sections in order), the section's variants, the space's pages as a nested list, and the
 * page's body. No script; styles inline; images only from the revision's own files or https.
 */
import type { StoredFile } from '../content/revisions.ts';
import { escapeHtml, renderSafeMarkdown } from '../content/safe-html.ts';
import type { PublishedPage } from './published-view.ts';

/** Headers of every published-view answer: inert markup, no referrer (a share key is in the URL), no framing. */
export const PUBLISHED_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

const STYLE = `
  :root { color-scheme: light dark; --muted: #5d6572; --line: #dcdfe5; --accent: #3b5bdb; }
  @media (prefers-color-scheme: dark) { :root { --muted: #9aa2b1; --line: #2f3440; --accent: #7c93f5; } }
  body { margin: 0; font: 15px/1.6 system-ui, sans-serif; }
  a { color: var(--accent); }
  header.site { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem 2rem; padding: 0.75rem 1.5rem;
    border-bottom: 1px solid var(--line); }
  header.site .title { font-weight: 600; font-size: 1.1rem; }
  nav ul { list-style: none; margin: 0; padding: 0; }
  nav.sections ul, nav.variants ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
  nav.variants { padding: 0.5rem 1.5rem; border-bottom: 1px solid var(--line); font-size: 0.9rem; }
  [aria-current="page"] { font-weight: 600; }
  .layout { display: grid; grid-template-columns: minmax(12rem, 18rem) minmax(0, 1fr); gap: 2rem; padding: 1.5rem; }
  nav.pages ul ul { padding-left: 1rem; }
  nav.pages li { margin: 0.2rem 0; }
  main { max-width: 48rem; }
  main h1.page-title { margin-top: 0; }
  pre { white-space: pre-wrap; padding: 0.75rem; border: 1px solid var(--line); border-radius: 4px; }
  blockquote { border-left: 3px solid var(--line); margin-left: 0; padding-left: 1rem; color: var(--muted); }
  table { border-collapse: collapse; } th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; }
  img { max-width: 100%; }
  .sandbox-note { color: var(--muted); font-size: 0.85rem; }
  @media (max-width: 720px) { .layout { grid-template-columns: 1fr; } }
`;

/** Where a markdown image loads from: the revision's file of that name, or an https URL; otherwise nothing. */
function imageSource(files: readonly StoredFile[]): (href: string) => string | undefined {
  return (href) => {
    if (/^https:\/\//i.test(href)) return href;
    const name = decodeURIComponentSafe(href.split('/').pop() ?? '');
    const file = files.find((candidate) => candidate.name === name);
    return file !== undefined && /^image\//.test(file.contentType) ? `/files/${file.blobId}` : undefined;
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const link = (href: string, text: string, current: boolean) =>
  `<a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a>`;

/** The page of a published site, as HTML. */
export function renderPublishedPage(view: PublishedPage): string {
  const sectionPrefix = view.section === undefined ? '' : `${view.section.path}/`;
  // The default variant's pages sit right under the section, as its `urls.published` says.
  const defaultId = view.section?.default_site_space_id ?? view.site.default_site_space_id;
  const prefixOf = (row: { id: string; path: string }) =>
    row.id === defaultId ? sectionPrefix : `${sectionPrefix}${row.path}/`;
  const variantPrefix = prefixOf(view.siteSpace);
  const sections = view.structure.sections
    .map(
      (section) =>
        `<li>${link(`${view.root}${section.path}/`, section.title, section === view.section)}</li>`,
    )
    .join('');
  const variants =
    view.variants.length < 2
      ? ''
      : `<nav class="variants" aria-label="Variants"><ul>${view.variants
          .map(
            ({ row, title }) =>
              `<li>${link(`${view.root}${prefixOf(row)}`, title, row.id === view.siteSpace.id)}</li>`,
          )
          .join('')}</ul></nav>`;
  const pageTree = (parentId: string | null): string => {
    const children = view.pages.filter((placed) => placed.parentId === parentId);
    if (children.length === 0) return '';
    return `<ul>${children
      .map(
        (placed) =>
          `<li>${
            placed.page.type === 'group'
              ? escapeHtml(placed.page.title)
              : link(`${view.root}${variantPrefix}${placed.path}`, placed.page.title, placed === view.page)
          }${pageTree(placed.page.id)}</li>`,
      )
      .join('')}</ul>`;
  };
  const body =
    view.page === undefined
      ? '<p>This space has no page yet.</p>'
      : `<h1 class="page-title">${escapeHtml(view.page.page.title)}</h1>\n${renderSafeMarkdown(
          view.markdown,
          {
            imageSource: imageSource(view.files),
          },
        )}`;
  const title = view.page === undefined ? view.site.title : `${view.page.page.title} · ${view.site.title}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${view.site.visibility === 'public' ? '' : '<meta name="robots" content="noindex">\n'}<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="site"><span class="title">${escapeHtml(view.site.title)}</span>${
    sections === '' ? '' : `<nav class="sections" aria-label="Sections"><ul>${sections}</ul></nav>`
  }</header>
${variants}
<div class="layout">
<nav class="pages" aria-label="Pages of ${escapeHtml(view.spaceTitle)}">${pageTree(null)}</nav>
<main>${body}
<p class="sandbox-note">A read-only view of this site served by the local sandbox.</p></main>
</div>
</body>
</html>
`;
}

/** A short page saying why nothing is shown. */
export function renderPublishedError(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not available</title>
<style>${STYLE}</style></head>
<body><main style="padding: 2rem"><h1>Not available</h1><p>${escapeHtml(message)}</p></main></body>
</html>
`;
}
