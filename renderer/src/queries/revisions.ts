/**
 * Reading a space's revisions (the space screen's page reader, a change request's base): the page tree of one revision and one page's markdown (the extension operations
 * `listPagesInRevisionById` and `getPageInRevisionById`). A revision never changes, so neither does what these
 * cache; a space that moves on has a new `revision` and so new keys.
 */
import { queryOptions } from '@tanstack/react-query';
import type { File, Page } from '../../../shared/contract/resources/revisions.ts';
import { clientFor } from '../bridge/api.ts';
import { keys } from './keys.ts';
import { spaceKey } from './spaces.ts';

/** The key prefix of what is cached for one revision of a space. */
function revisionKey(profileId: string, spaceId: string, revisionId: string) {
  return keys.group(spaceKey(profileId, spaceId), 'revision', revisionId);
}

/** The page tree of a revision (no bodies). */
export function revisionPagesQuery(profileId: string, spaceId: string, revisionId: string) {
  return queryOptions({
    queryKey: keys.read(revisionKey(profileId, spaceId, revisionId), 'listPagesInRevisionById'),
    queryFn: async (): Promise<Page[]> =>
      (
        await clientFor(profileId).call('listPagesInRevisionById', {
          params: { spaceId, revisionId },
          query: { metadata: false },
        })
      ).pages,
    staleTime: Infinity,
  });
}

/** The files of a revision (images and attachments, with their `downloadURL`). */
export function revisionFilesQuery(profileId: string, spaceId: string, revisionId: string) {
  return queryOptions({
    queryKey: keys.read(revisionKey(profileId, spaceId, revisionId), 'getRevisionById'),
    queryFn: async (): Promise<File[]> =>
      (await clientFor(profileId).call('getRevisionById', { params: { spaceId, revisionId }, query: {} }))
        .files,
    staleTime: Infinity,
  });
}

/** One page of a revision, with its body as markdown. */
export function revisionPageQuery(profileId: string, spaceId: string, revisionId: string, pageId: string) {
  return queryOptions({
    queryKey: keys.read(revisionKey(profileId, spaceId, revisionId), 'getPageInRevisionById', { pageId }),
    queryFn: (): Promise<Page> =>
      clientFor(profileId).call('getPageInRevisionById', {
        params: { spaceId, revisionId, pageId },
        query: { format: 'markdown', metadata: false },
      }),
    staleTime: Infinity,
  });
}

/** The first page of a tree one can read (a document), depth first. */
export function firstDocument(pages: readonly Page[]): Page | undefined {
  for (const page of pages) {
    if (page.type === 'document') return page;
    const inside = firstDocument(page.pages ?? []);
    if (inside) return inside;
  }
  return undefined;
}
