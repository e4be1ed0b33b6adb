/**
 * Organization search: one query per (normalised) text, cached under the organization. The server refuses a text
 * without any letter or digit (400 naming `query`); `searchableText` tells those apart first, so the box shows its
 * empty state instead of an error.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { SearchSpaceResult } from '../../../shared/contract/resources/search.ts';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';

export type SpaceResult = Static<typeof SearchSpaceResult>;
export type PageResult = SpaceResult['pages'][number];

/** The longest query the server accepts. */
export const SEARCH_MAX_LENGTH = 512;

/** Spaces per answer: the box shows the best ones. */
const SEARCH_LIMIT = 20;

/** The text sent for what was typed (trimmed, white space collapsed), or '' when it holds no letter or digit. */
export function searchableText(typed: string): string {
  const text = typed.trim().replace(/\s+/gu, ' ').slice(0, SEARCH_MAX_LENGTH);
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

/** The key prefix of the organization's searches. */
export function searchKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'search');
}

/** The best spaces and pages matching `text` (already `searchableText`). */
export function searchQuery(profileId: string, orgId: string, text: string) {
  return queryOptions({
    queryKey: keys.derived(searchKey(profileId, orgId), 'matches', { text }),
    queryFn: async (): Promise<{ items: SpaceResult[]; count: number }> => {
      const answer = await clientFor(profileId).call('searchOrganizationContent', {
        params: { organizationId: orgId },
        query: { query: text, limit: SEARCH_LIMIT },
      });
      return { items: answer.items, count: answer.count };
    },
    // Content changes rarely while one types; a minute keeps the box quick when going back and forth.
    staleTime: 60_000,
  });
}
