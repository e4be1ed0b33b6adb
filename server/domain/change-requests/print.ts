/**
 * The "PDF" of a change request: `getChangeRequestPDF` hands out a temporary URL of a print-ready HTML page (the
 * app, or the reader's browser, prints it to PDF). The URL's token is the credential, so it is random, stored only
 * as a hash, and short-lived.
 *
 * Rules:
 * - Token: 32 random bytes, base64url; `print_links` keeps its SHA-256 with the request, the scope and
 *   `expires_at` = now + 1 hour (the services clock). Expired links are purged whenever a new one is made. The
 *   scope lives in `page_id`: null (every page), `tree:<pageId>` or `only:<pageId>`.
 * - Scope: no `page` prints every page of the request in reading order; `page` prints that page and its
 *   descendants; `only=true` prints just that page (and needs `page`: 400 naming `page`). `page` must be a page of
 *   the request's head revision (400 naming `page`).
 * - The page renders the request's head as it is when opened (not as it was when the link was made). An unknown
 *   or expired token, or a request or space gone since, answers 404.
 * - The HTML has no scripts; markdown goes through `marked` with raw HTML escaped (shown as text) and link targets
 *   other than http(s), mailto and relative ones dropped; images can only be `data:` URLs (the CSP). Pages are
 *   separated by `break-before: page`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';
import {
  flattenPages,
  loadRevisionIn,
  readDocumentsIn,
  type LoadedRevision,
  type PlacedPage,
} from '../content/revisions.ts';
import { escapeHtml, renderSafeMarkdown } from '../content/safe-html.ts';
import { changeRequestQuery, type ChangeRequestRow } from './present.ts';

export const PRINT_LINK_TTL_MS = 60 * 60 * 1000;

/** Headers of the print page: nothing but inline styles and `data:` images may load. */
export const PRINT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The pages a print of the request shows (checking `page` against the head revision). */
function printedPages(pages: readonly PlacedPage[], pageId: string | null, only: boolean): PlacedPage[] {
  if (pageId === null) return [...pages];
  const index = pages.findIndex((placed) => placed.page.id === pageId);
  if (index < 0) return [];
  const page = pages[index]!;
  if (only) return [page];
  return pages.filter((placed) => placed === page || placed.path.startsWith(`${page.path}/`));
}

type PrintLinkInput = { request: ChangeRequestRow; page?: string; only?: boolean; baseUrl: string };

/** Refuses `only` without `page` (before anything is read). */
function checkScope(input: PrintLinkInput): void {
  if (input.only === true && input.page === undefined)
    throw badRequest('query parameter `page` is required with `only=true`: which page to print');
}

/** Refuses a `page` that the request's head lacks. */
function checkPage(input: PrintLinkInput, head: LoadedRevision): void {
  if (
    input.page !== undefined &&
    !flattenPages(head.tree.pages).some((placed) => placed.page.id === input.page)
  )
    throw badRequest(
      `query parameter \`page\`: no page \`${input.page}\` in change request ${input.request.number}`,
    );
}

/** A new link's token, and the statements that purge the expired links and store the new one. */
function newPrintLink(now: Date, input: PrintLinkInput) {
  const token = randomBytes(32).toString('base64url');
  const pageId = input.page === undefined ? null : `${input.only === true ? 'only:' : 'tree:'}${input.page}`;
  const statements = [
    builder.deleteFrom('print_links').where('expires_at', '<=', now.toISOString()),
    builder.insertInto('print_links').values({
      token_hash: hashToken(token),
      change_request_id: input.request.id,
      page_id: pageId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PRINT_LINK_TTL_MS).toISOString(),
    }),
  ] as const;
  return { url: `${input.baseUrl}/print/${token}`, statements };
}

/** Makes a print link of the request through a store (or a transaction); answers its URL. */
export async function createPrintLinkIn(on: Statements, now: Date, input: PrintLinkInput): Promise<string> {
  checkScope(input);
  if (input.page !== undefined) checkPage(input, await loadRevisionIn(on, input.request.revision_id));
  const { url, statements } = newPrintLink(now, input);
  await on.transaction(async (tx) => {
    for (const statement of statements) await tx.run(statement);
  });
  return url;
}

const STYLE = `
  @page { margin: 2cm; }
  body { font: 11pt/1.5 system-ui, sans-serif; color: #111; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
  header.request { border-bottom: 1px solid #ccc; margin-bottom: 2rem; }
  header.request p { color: #555; margin: 0.25rem 0 1rem; }
  section.page + section.page { break-before: page; }
  section.page > h1.page-title { font-size: 1.8em; margin-top: 0; }
  pre { white-space: pre-wrap; background: #f5f5f5; padding: 0.75rem; border-radius: 4px; }
  code { font-family: ui-monospace, monospace; font-size: 0.95em; }
  blockquote { border-left: 3px solid #ccc; margin-left: 0; padding-left: 1rem; color: #444; }
  table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; }
  img { max-width: 100%; } pre, blockquote, table, img { break-inside: avoid; }
  @media print { body { margin: 0; max-width: none; } a { color: inherit; } }
`;

/** The print page behind a token at `now`, read through a store, or 404. */
export async function renderPrintPage(on: Statements, now: Date, token: string): Promise<string> {
  const link = await on.first(
    builder
      .selectFrom('print_links')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', now.toISOString()),
  );
  const expired = notFound('this print link is unknown or has expired: ask for a new one');
  if (!link) throw expired;
  const request = await on.first(changeRequestQuery().where('cr.id', '=', link.change_request_id));
  const space = request
    ? await on.first(
        builder.selectFrom('spaces').select(['title', 'deleted_at']).where('id', '=', request.space_id),
      )
    : undefined;
  if (!request || !space || space.deleted_at !== null) throw expired;

  const head = await loadRevisionIn(on, request.revision_id);
  const scope = link.page_id === null ? null : /^(only|tree):(.*)$/.exec(link.page_id);
  const pages = printedPages(flattenPages(head.tree.pages), scope ? scope[2]! : null, scope?.[1] === 'only');
  const documents = await readDocumentsIn(
    on,
    pages.flatMap((placed) => (placed.page.documentId !== undefined ? [placed.page.documentId] : [])),
  );
  const sections = pages.map((placed) => {
    const markdown =
      placed.page.documentId !== undefined ? (documents.get(placed.page.documentId) ?? '') : '';
    const body = renderSafeMarkdown(markdown);
    return `<section class="page"><h1 class="page-title">${escapeHtml(placed.page.title)}</h1>\n${body}</section>`;
  });
  const subject = request.subject === '' ? `Change request #${request.number}` : request.subject;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${subject} · ${space.title}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="request"><p>${escapeHtml(space.title)} · change request #${request.number}</p><h1>${escapeHtml(subject)}</h1></header>
${sections.length > 0 ? sections.join('\n') : '<p>This change request has no pages.</p>'}
</body>
</html>
`;
}
