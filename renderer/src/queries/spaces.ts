/** Spaces of an organization: one space, its link report, the trash, and the changes made to them. */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type { Space, UpdateSpace } from '../../../shared/contract/resources/content.ts';
import type { ContentReferenceStatus } from '../../../shared/contract/resources/links.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages, pageParam } from './allPages.ts';
import { optionalRead } from './capabilities.ts';
import { keys } from './keys.ts';
import { spaceCountQuery } from './counts.ts';

/** The key prefix of the content tree's queries of an organization (owned by the content screen). */
export function contentKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'content');
}

/** The key prefix of everything cached for one space (the space, its links). */
export function spaceKey(profileId: string, spaceId: string) {
  return keys.group(keys.profile(profileId), 'space', spaceId);
}

/** The key of an organization's trash. */
export function trashKey(profileId: string, orgId: string) {
  return keys.read(keys.org(profileId, orgId), 'listSpacesInOrganizationById', { deleted: true });
}

/** One space (a deleted one too: it then carries `deletedAt`). */
export function spaceQuery(profileId: string, spaceId: string) {
  return queryOptions({
    queryKey: keys.read(spaceKey(profileId, spaceId), 'getSpaceById'),
    queryFn: () => clientFor(profileId).call('getSpaceById', { params: { spaceId } }),
  });
}

/** The spaces of an organization's trash, all pages; only those with `deletedAt`, in case a server ignores `deleted`. */
export function trashQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: trashKey(profileId, orgId),
    queryFn: async (): Promise<Space[]> => {
      const spaces = await allPages((page) =>
        clientFor(profileId).call('listSpacesInOrganizationById', {
          params: { organizationId: orgId },
          query: { deleted: true, limit: LIST_LIMIT_MAX, ...pageParam(page) },
        }),
      );
      return spaces.filter((space) => space.deletedAt !== undefined);
    },
  });
}

/** The link report filter: every link, or one status. */
export type LinkFilter = 'all' | Static<typeof ContentReferenceStatus>;

/** The links report of a space, page by page ("Load more"). */
export function spaceLinksQuery(profileId: string, spaceId: string, filter: LinkFilter) {
  return infiniteQueryOptions({
    queryKey: keys.read(spaceKey(profileId, spaceId), 'listSpaceLinks', { filter }),
    queryFn: ({ pageParam, client }) =>
      optionalRead(client, profileId, 'listSpaceLinks', () =>
        clientFor(profileId).call('listSpaceLinks', {
          params: { spaceId },
          query: {
            limit: 50,
            ...(filter !== 'all' ? { status: filter } : {}),
            ...(pageParam !== undefined ? { page: pageParam } : {}),
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next?.page,
  });
}

/** How many links of a status a space has (the report's `stats` count only all and broken). */
export function spaceLinkCountQuery(profileId: string, spaceId: string, filter: LinkFilter) {
  return queryOptions({
    queryKey: keys.derived(keys.read(spaceKey(profileId, spaceId), 'listSpaceLinks', { filter }), 'count'),
    queryFn: async ({ client }) => {
      const answer = await optionalRead(client, profileId, 'listSpaceLinks', () =>
        clientFor(profileId).call('listSpaceLinks', {
          params: { spaceId },
          query: { limit: 1, ...(filter !== 'all' ? { status: filter } : {}) },
        }),
      );
      return answer.count;
    },
  });
}

/** Refetches what lists collections and spaces in an organization: the tree and the spaces count. */
export function invalidateContent(queryClient: QueryClient, profileId: string, orgId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentKey(profileId, orgId) }),
    queryClient.invalidateQueries({ queryKey: spaceCountQuery(profileId, orgId).queryKey }),
  ]);
}

/** Changes a space's title, emoji, edit mode or default access; the answer replaces the cached space. */
export async function updateSpace(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  body: Static<typeof UpdateSpace>,
): Promise<Space> {
  const space = await clientFor(profileId).call('updateSpaceById', { params: { spaceId }, body });
  queryClient.setQueryData(spaceQuery(profileId, spaceId).queryKey, space);
  await invalidateContent(queryClient, profileId, orgId);
  return space;
}

/** Duplicates a space (content, not history) next to it. */
export async function duplicateSpace(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
): Promise<Space> {
  const copy = await clientFor(profileId).call('duplicateSpace', { params: { spaceId } });
  queryClient.setQueryData(spaceQuery(profileId, copy.id).queryKey, copy);
  await invalidateContent(queryClient, profileId, orgId);
  return copy;
}

/** Sends a space to the trash. */
export async function deleteSpace(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
): Promise<void> {
  await clientFor(profileId).call('deleteSpaceById', { params: { spaceId } });
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    queryClient.invalidateQueries({ queryKey: trashKey(profileId, orgId) }),
    queryClient.invalidateQueries({ queryKey: spaceKey(profileId, spaceId) }),
  ]);
}

/** Brings a space back from the trash. */
export async function restoreSpace(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
): Promise<Space> {
  const space = await clientFor(profileId).call('restoreSpace', { params: { spaceId } });
  queryClient.setQueryData(spaceQuery(profileId, spaceId).queryKey, space);
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    queryClient.invalidateQueries({ queryKey: trashKey(profileId, orgId) }),
  ]);
  return space;
}

/** Deletes a space in the trash for good (an extension of the embedded server; admins only). */
export async function deleteSpaceForGood(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
): Promise<void> {
  await clientFor(profileId).call('deleteSpacePermanently', { params: { spaceId } });
  queryClient.removeQueries({ queryKey: spaceKey(profileId, spaceId) });
  await queryClient.invalidateQueries({ queryKey: trashKey(profileId, orgId) });
}

/** Moves a space to another organization; both organizations' trees change. */
export async function transferSpace(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  spaceId: string,
  targetOrgId: string,
): Promise<Space> {
  const space = await clientFor(profileId).call('transferSpace', {
    params: { spaceId },
    body: { organization: targetOrgId },
  });
  queryClient.setQueryData(spaceQuery(profileId, spaceId).queryKey, space);
  await Promise.all([
    invalidateContent(queryClient, profileId, orgId),
    invalidateContent(queryClient, profileId, targetOrgId),
  ]);
  return space;
}
