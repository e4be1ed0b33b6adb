/**
 * Organization search over the pages of spaces (SQLite's FTS5 or PostgreSQL's text search: query.ts).
 *
 * Rules:
 * - The organization answers 404 to a caller who is not a member. The search covers the spaces the caller may
 *   view, by the rules of the space lists (spaces in the trash never); a guest sees none.
 * - `query`: up to 512 characters (the contract). Words are separated by white space; a word without a letter or a
 *   digit is dropped; no word left → 400 naming `query`. Every word must match (title or body), compared without
 *   case or diacritics; the last word matches as a prefix (search as you type). No character of the query acts as
 *   syntax: each word is quoted as an FTS5 string (SQLite), each token as a `to_tsquery` lexeme (PostgreSQL), and
 *   the expression is a bound parameter.
 * - Results are grouped by space, then page: spaces ordered by their best page's rank (titles weigh 10× bodies;
 *   bm25 on SQLite, ts_rank on PostgreSQL), pages by rank. A page lists its matching `sections` (the lead and each
 *   heading's part of the markdown; id = the heading's slug), each with a plain-text excerpt around the first
 *   match: at most `PAGES_PER_SPACE` pages per space and `SECTIONS_PER_PAGE` sections per page.
 * - Paging is over spaces: `limit` spaces per page, keyset cursor (rank, space id); `count` = matching spaces.
 * - The index is written by jobs when a space's revision changes (see `index.ts`); a search first waits (up to 1 s,
 *   without holding the thread) for the index jobs of its organization queued before it, so a search right after a
 *   write finds what was written.
 */
import type { SearchSpaceResult } from '../../../shared/contract/resources/search.ts';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_DEFAULT } from '../../../shared/contract/common.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { decodeCursor, encodeCursor, type ListPage } from '../../http/pagination.ts';
import { loadOrgAccessIn } from '../access.ts';
import { ContentLevels } from '../collections/levels.ts';
import { SEARCH_INDEX_JOB } from './index.ts';
import { searchPage, type PageHit } from './query.ts';
import { excerpt, firstMatch, type PageSection, type ParsedQuery, parseQuery } from './text.ts';

type SpaceResult = Static<typeof SearchSpaceResult>;
type PageResult = SpaceResult['pages'][number];

export const PAGES_PER_SPACE = 20;
export const SECTIONS_PER_PAGE = 5;
/** Longest wait for the organization's index jobs queued before a search. */
const SETTLE_MS = 1_000;

/** Most index rows whose parsed sections `parsedSections` keeps. */
const PARSED_SECTIONS_MAX = 2_000;
const parsedByRow = new Map<number, { stored: string; sections: readonly PageSection[] }>();

/**
 * The sections of an index row, parsed from their stored JSON once while the row's text stays the same: the same
 * pages come back search after search, and parsing their sections again showed in profiles of the search. A row id
 * may be used again once its row is deleted, so the stored text is compared too; the kept rows are bounded.
 */
function parsedSections(rowId: number, stored: string): readonly PageSection[] {
  const known = parsedByRow.get(rowId);
  if (known !== undefined && known.stored === stored) return known.sections;
  const sections = JSON.parse(stored) as PageSection[];
  if (parsedByRow.size >= PARSED_SECTIONS_MAX) parsedByRow.clear();
  parsedByRow.set(rowId, { stored, sections });
  return sections;
}

/** The matching sections of the pages hit, by page id, from the sections stored with the index. */
function sectionsOf(
  query: ParsedQuery,
  hits: readonly PageHit[],
): Map<string, { id: string; title: string; body: string }[]> {
  const out = new Map<string, { id: string; title: string; body: string }[]>();
  for (const hit of hits) {
    const found: { id: string; title: string; body: string }[] = [];
    for (const section of parsedSections(hit.row_id, hit.sections)) {
      if (found.length >= SECTIONS_PER_PAGE) break;
      const inText = firstMatch(section.text, query);
      if (inText) {
        found.push({ id: section.id, title: section.title, body: excerpt(section.text, inText) });
        continue;
      }
      // A section whose heading alone matches shows its opening words.
      if (section.title !== '' && firstMatch(section.title, query))
        found.push({ id: section.id, title: section.title, body: excerpt(section.text, [0, 0]) });
    }
    out.set(hit.page_id, found);
  }
  return out;
}

export const searchHandlers = {
  searchOrganizationContent: async ({ params, query, actor, services: { store, jobs }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    const parsed = parseQuery(query.query);
    if (!parsed)
      throw badRequest(
        'query parameter `query`: give at least one word with a letter or a digit (punctuation and emoji alone match nothing)',
      );
    const after = decodeCursor(query.page, 2);
    if (after !== undefined && (typeof after[0] !== 'number' || typeof after[1] !== 'string'))
      throw badRequest('query parameter `page` is not a page cursor of this list');
    // Spaces written before this search are indexed by jobs: give them a moment (off this thread) to finish.
    await jobs.queue.settle(SEARCH_INDEX_JOB, params.organizationId, SETTLE_MS);
    const levels = await ContentLevels.loadIn(store, params.organizationId, orgActor);
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const found = await searchPage(
      store,
      levels,
      parsed,
      after as [number, string] | undefined,
      limit,
      PAGES_PER_SPACE,
    );
    const shown = found.spaces;
    const hits = found.pages;
    const sections = sectionsOf(parsed, hits);
    const pagesBySpace = new Map<string, PageResult[]>();
    for (const hit of hits) {
      const app = `${baseUrl}/s/${hit.space_id}/${hit.path}`;
      const found = sections.get(hit.page_id) ?? [];
      const list = pagesBySpace.get(hit.space_id) ?? [];
      pagesBySpace.set(hit.space_id, list);
      list.push({
        id: hit.page_id,
        title: hit.title,
        path: hit.path,
        ...(found.length > 0
          ? {
              sections: found.map((s) => ({
                id: s.id,
                title: s.title !== '' ? s.title : hit.title,
                path: s.id !== '' ? `${hit.path}#${s.id}` : hit.path,
                body: s.body,
                urls: { app: s.id !== '' ? `${app}#${s.id}` : app },
              })),
            }
          : {}),
        urls: { app },
      });
    }
    const page: ListPage<SpaceResult> = {
      items: shown.map((row) => ({
        id: row.space_id,
        title: row.title,
        pages: pagesBySpace.get(row.space_id) ?? [],
      })),
      count: found.total,
    };
    const last = shown.at(-1);
    if (found.more && last !== undefined) page.next = { page: encodeCursor([last.best, last.space_id]) };
    return page;
  },
} satisfies Handlers;
