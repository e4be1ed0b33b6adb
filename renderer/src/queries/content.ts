/** Collections and spaces of an organization: the whole content tree's lists, and the calls that change them. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Collection, MoveContent, Space } from '../../../shared/contract/resources/content.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages } from './allPages.ts';
import { keys } from './keys.ts';

/** The prefix of everything cached about an organization's content (the content actions invalidate it too). */
export function contentKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'content');
}

/** Every collection and every space of an organization, each list in the server's order. */
export interface ContentData {
  collections: Collection[];
  spaces: Space[];
}

/** The whole content tree's lists: nested collections and active spaces, all pages, fetched side by side. */
export function contentQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.derived(contentKey(profileId, orgId), 'contentTree'),
    queryFn: async (): Promise<ContentData> => {
      const client = clientFor(profileId);
      const params = { organizationId: orgId };
      const [collections, spaces] = await Promise.all([
        allPages((page) =>
          client.call('listCollectionsInOrganizationById', {
            params,
            query: { limit: LIST_LIMIT_MAX, nested: true, ...(page !== undefined ? { page } : {}) },
          }),
        ),
        allPages((page) =>
          client.call('listSpacesInOrganizationById', {
            params,
            query: { limit: LIST_LIMIT_MAX, ...(page !== undefined ? { page } : {}) },
          }),
        ),
      ]);
      return { collections, spaces };
    },
  });
}

/** Refetches everything about the organization's content. */
export function invalidateContent(queryClient: QueryClient, profileId: string, orgId: string) {
  return queryClient.invalidateQueries({ queryKey: contentKey(profileId, orgId) });
}

/** Moves one collection or space (`moveCollection` / `moveSpace`). */
export function moveContentItem(
  profileId: string,
  kind: 'collection' | 'space',
  id: string,
  body: Static<typeof MoveContent>,
): Promise<Collection | Space> {
  const client = clientFor(profileId);
  return kind === 'collection'
    ? client.call('moveCollection', { params: { collectionId: id }, body })
    : client.call('moveSpace', { params: { spaceId: id }, body });
}

/** Creates a collection or a space, at the top level or inside `parent`, and refreshes the tree. */
export async function createContentItem(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  kind: 'collection' | 'space',
  title: string,
  parent: string | null,
): Promise<Collection | Space> {
  const client = clientFor(profileId);
  const body = { title, ...(parent !== null ? { parent } : {}) };
  const created =
    kind === 'collection'
      ? await client.call('createCollection', { params: { organizationId: orgId }, body })
      : await client.call('createSpace', { params: { organizationId: orgId }, body });
  await invalidateContent(queryClient, profileId, orgId);
  return created;
}

/**
 * Renames a collection or a space: the cached title changes at once, and goes back if the server refuses (the
 * error is thrown for the caller to tell).
 */
export async function renameContentItem(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  kind: 'collection' | 'space',
  id: string,
  title: string,
): Promise<void> {
  const key = contentQuery(profileId, orgId).queryKey;
  await queryClient.cancelQueries({ queryKey: key });
  const saved = queryClient.getQueryData(key);
  const retitle = <T extends { id: string; title: string }>(list: T[]) =>
    list.map((item) => (item.id === id ? { ...item, title } : item));
  queryClient.setQueryData(key, (data) =>
    data === undefined
      ? data
      : kind === 'collection'
        ? { ...data, collections: retitle(data.collections) }
        : { ...data, spaces: retitle(data.spaces) },
  );
  const client = clientFor(profileId);
  try {
    if (kind === 'collection') {
      await client.call('updateCollectionById', { params: { collectionId: id }, body: { title } });
    } else {
      await client.call('updateSpaceById', { params: { spaceId: id }, body: { title } });
    }
  } catch (error) {
    queryClient.setQueryData(key, saved);
    throw error;
  } finally {
    await invalidateContent(queryClient, profileId, orgId);
  }
}
