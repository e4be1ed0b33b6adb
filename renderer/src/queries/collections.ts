/** Collections: one collection, what it holds, its ancestors, and the changes made to it. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Collection, UpdateCollection } from '../../../shared/contract/resources/content.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { keys } from './keys.ts';
import { invalidateContent, trashKey } from './spaces.ts';

/** The key prefix of everything cached for one collection. */
export function collectionKey(profileId: string, collectionId: string) {
  return keys.group(keys.profile(profileId), 'collection', collectionId);
}

/** One collection. */
export function collectionQuery(profileId: string, collectionId: string) {
  return queryOptions({
    queryKey: keys.read(collectionKey(profileId, collectionId), 'getCollectionById'),
    queryFn: () => clientFor(profileId).call('getCollectionById', { params: { collectionId } }),
  });
}

/** How many spaces sit directly in a collection. */
export function collectionSpaceCountQuery(profileId: string, collectionId: string) {
  return queryOptions({
    queryKey: keys.derived(
      keys.read(collectionKey(profileId, collectionId), 'listSpacesInCollectionById'),
      'count',
    ),
    queryFn: () => countSpacesIn(profileId, collectionId),
  });
}

function countSpacesIn(profileId: string, collectionId: string): Promise<number> {
  return clientFor(profileId)
    .call('listSpacesInCollectionById', { params: { collectionId }, query: { limit: 1 } })
    .then((page) => page.count);
}

/** Every collection of an organization, nested ones included, all pages. */
function allCollections(profileId: string, orgId: string): Promise<Collection[]> {
  return allPages((page) =>
    clientFor(profileId).call('listCollectionsInOrganizationById', {
      params: { organizationId: orgId },
      query: { nested: true, limit: LIST_LIMIT_MAX, ...pageParam(page) },
    }),
  );
}

/** The ids of a collection's sub-collections at any depth, from a flat list of collections. */
export function descendantIds(
  collections: readonly Pick<Collection, 'id' | 'parent'>[],
  rootId: string,
): string[] {
  const children = new Map<string, string[]>();
  for (const collection of collections) {
    if (collection.parent === undefined) continue;
    children.set(collection.parent, [...(children.get(collection.parent) ?? []), collection.id]);
  }
  const found: string[] = [];
  const queue = [...(children.get(rootId) ?? [])];
  const seen = new Set<string>([rootId]);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}

/** What deleting a collection affects: its sub-collections (any depth) and the spaces in all of them. */
export function collectionContentsQuery(profileId: string, orgId: string, collectionId: string) {
  return queryOptions({
    queryKey: keys.derived(collectionKey(profileId, collectionId), 'collectionContents'),
    queryFn: async () => {
      const descendants = descendantIds(await allCollections(profileId, orgId), collectionId);
      const counts = await Promise.all(
        [collectionId, ...descendants].map((id) => countSpacesIn(profileId, id)),
      );
      return { subCollections: descendants.length, spaces: counts.reduce((sum, count) => sum + count, 0) };
    },
    staleTime: 0,
  });
}

/** A collection's ancestors, from the top level down (for breadcrumbs). */
export function collectionPathQuery(profileId: string, collectionId: string | undefined) {
  return queryOptions({
    queryKey: keys.derived(keys.profile(profileId), 'collectionPath', { collectionId: collectionId ?? '' }),
    queryFn: async (): Promise<Collection[]> => {
      const path: Collection[] = [];
      const seen = new Set<string>();
      let next = collectionId;
      while (next !== undefined && !seen.has(next)) {
        seen.add(next);
        const collection = await clientFor(profileId).call('getCollectionById', {
          params: { collectionId: next },
        });
        path.unshift(collection);
        next = collection.parent;
      }
      return path;
    },
    enabled: collectionId !== undefined,
  });
}

/** Changes a collection's title, description or default access; the answer replaces the cached collection. */
export async function updateCollection(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  collectionId: string,
  body: Static<typeof UpdateCollection>,
): Promise<Collection> {
  const collection = await clientFor(profileId).call('updateCollectionById', {
    params: { collectionId },
    body,
  });
  queryClient.setQueryData(collectionQuery(profileId, collectionId).queryKey, collection);
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    queryClient.invalidateQueries({ queryKey: keys.derived(keys.profile(profileId), 'collectionPath') }),
  ]);
  return collection;
}

/** Deletes a collection and its sub-collections; the spaces inside go to the trash. */
export async function deleteCollection(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  collectionId: string,
): Promise<void> {
  await clientFor(profileId).call('deleteCollectionById', { params: { collectionId } });
  queryClient.removeQueries({ queryKey: collectionKey(profileId, collectionId) });
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    queryClient.invalidateQueries({ queryKey: trashKey(profileId, orgId) }),
    // The spaces inside changed parent (or left): their cached copies are stale.
    queryClient.invalidateQueries({ queryKey: keys.group(keys.profile(profileId), 'space') }),
  ]);
}

/** Moves a collection, with everything inside it, to another organization. */
export async function transferCollection(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  collectionId: string,
  targetOrgId: string,
): Promise<Collection> {
  const collection = await clientFor(profileId).call('transferCollection', {
    params: { collectionId },
    body: { organization: targetOrgId },
  });
  queryClient.setQueryData(collectionQuery(profileId, collectionId).queryKey, collection);
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    invalidateContent(queryClient, profileId, targetOrgId),
    queryClient.invalidateQueries({ queryKey: keys.group(keys.profile(profileId), 'space') }),
  ]);
  return collection;
}
