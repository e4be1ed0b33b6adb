/**
 * OpenAPI specs of an organization: the list (refreshed every second while a spec is being processed), the
 * versions of one spec, a version's content, and the changes (create, replace the source, delete). Keys:
 * `[…org, 'openapi', …]`. A version's content never changes, so it is cached for good.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import { LIST_LIMIT_MAX } from '../../../shared/contract/constants.ts';
import type {
  OpenAPISpec,
  OpenAPISpecSource,
  OpenAPISpecVersion,
} from '../../../shared/contract/resources/openapi.ts';
import { clientFor } from '../bridge/api.ts';
import { allPages } from './allPages.ts';
import { keys } from './keys.ts';

/** How often the list refreshes while a spec is pending or in progress. */
export const PROCESSING_POLL_MS = 1000;

/** The key prefix of everything cached for the OpenAPI specs of an organization. */
export function openApiKey(profileId: string, orgId: string) {
  return keys.group(keys.org(profileId, orgId), 'openapi');
}

/** The key prefix of everything cached for one spec (its versions, their contents, their diffs). */
export function specKey(profileId: string, orgId: string, slug: string) {
  return keys.group(openApiKey(profileId, orgId), 'openapi-spec', slug);
}

const pageQuery = (page: string | undefined) => ({
  limit: LIST_LIMIT_MAX,
  ...(page !== undefined ? { page } : {}),
});

/** The specs of an organization (all pages); refetched every second while one is pending or in progress. */
export function specsQuery(profileId: string, orgId: string) {
  return queryOptions({
    queryKey: keys.read(openApiKey(profileId, orgId), 'listOpenAPISpecs'),
    queryFn: () =>
      allPages<OpenAPISpec>((page) =>
        clientFor(profileId).call('listOpenAPISpecs', {
          params: { organizationId: orgId },
          query: pageQuery(page),
        }),
      ),
    refetchInterval: (query) =>
      query.state.data?.some((spec) => spec.processingState !== 'complete') === true
        ? PROCESSING_POLL_MS
        : false,
  });
}

/**
 * The versions of a spec, newest first (all pages). `lastVersion` is part of the key: when processing records a
 * new version, the list refetches by itself.
 */
export function versionsQuery(
  profileId: string,
  orgId: string,
  slug: string,
  lastVersion: string | undefined,
) {
  return queryOptions({
    queryKey: keys.read(specKey(profileId, orgId, slug), 'listOpenAPISpecVersions', {
      lastVersion: lastVersion ?? null,
    }),
    queryFn: () =>
      allPages<OpenAPISpecVersion>((page) =>
        clientFor(profileId).call('listOpenAPISpecVersions', {
          params: { organizationId: orgId, specSlug: slug },
          query: pageQuery(page),
        }),
      ),
  });
}

/** How many versions a spec has, and its newest (one small page); keyed like `versionsQuery`. */
export function latestVersionQuery(profileId: string, orgId: string, slug: string, lastVersion: string) {
  return queryOptions({
    queryKey: keys.read(specKey(profileId, orgId, slug), 'listOpenAPISpecVersions', {
      lastVersion,
      limit: 1,
    }),
    queryFn: async () => {
      const page = await clientFor(profileId).call('listOpenAPISpecVersions', {
        params: { organizationId: orgId, specSlug: slug },
        query: { limit: 1 },
      });
      return { count: page.count, latest: page.items[0] };
    },
    staleTime: Infinity,
  });
}

/** The content of one version (its files and URL); versions never change. */
export function versionContentQuery(profileId: string, orgId: string, slug: string, versionId: string) {
  return queryOptions({
    queryKey: keys.read(specKey(profileId, orgId, slug), 'getOpenAPISpecVersionContentById', { versionId }),
    queryFn: () =>
      clientFor(profileId).call('getOpenAPISpecVersionContentById', {
        params: { organizationId: orgId, specSlug: slug, versionId },
      }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** After a change: the answer replaces its row in the cached list, then the list refetches (and polls). */
async function specChanged(queryClient: QueryClient, profileId: string, orgId: string, spec: OpenAPISpec) {
  const key = specsQuery(profileId, orgId).queryKey;
  queryClient.setQueryData(key, (old: OpenAPISpec[] | undefined) =>
    old === undefined
      ? old
      : old.some((item) => item.slug === spec.slug)
        ? old.map((item) => (item.slug === spec.slug ? spec : item))
        : [...old, spec].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
  );
  await queryClient.invalidateQueries({ queryKey: key });
}

/** Adds a spec; processing starts on the server (`pending`). */
export async function createSpec(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  slug: string,
  source: Static<typeof OpenAPISpecSource>,
): Promise<OpenAPISpec> {
  const spec = await clientFor(profileId).call('createOpenAPISpec', {
    params: { organizationId: orgId },
    body: { slug, source },
  });
  await specChanged(queryClient, profileId, orgId, spec);
  return spec;
}

/** Gives a spec a new source (the same URL fetches it again); processing starts over. */
export async function replaceSpecSource(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  slug: string,
  source: Static<typeof OpenAPISpecSource>,
): Promise<OpenAPISpec> {
  const spec = await clientFor(profileId).call('createOrUpdateOpenAPISpecBySlug', {
    params: { organizationId: orgId, specSlug: slug },
    body: { source },
  });
  await specChanged(queryClient, profileId, orgId, spec);
  return spec;
}

/** Deletes a spec and its versions. */
export async function deleteSpec(
  queryClient: QueryClient,
  profileId: string,
  orgId: string,
  slug: string,
): Promise<void> {
  await clientFor(profileId).call('deleteOpenAPISpecBySlug', {
    params: { organizationId: orgId, specSlug: slug },
  });
  queryClient.removeQueries({ queryKey: specKey(profileId, orgId, slug) });
  await queryClient.invalidateQueries({ queryKey: specsQuery(profileId, orgId).queryKey });
}
