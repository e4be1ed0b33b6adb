/**
 * The requests of the `mixed` suite: an administrator's day on the demo organization, eight kinds of request in
 * turn (list, get, create and rename spaces, list members, read a change request's page, post comments, search
 * the organization), each kind cycling through the demo's spaces, requests, pages and search words.
 */
import type { RequestSpec } from './load.ts';

/** The kinds of request, in the order they are sent. */
export const MIXED_KINDS = [
  'list spaces',
  'get space',
  'create space',
  'rename space',
  'list members',
  'read change request page',
  'post comment',
  'search organization',
] as const;
export type MixedKind = (typeof MIXED_KINDS)[number];

/** What the workload needs to know about the demo organization, found over the API. */
export interface MixedData {
  orgId: string;
  spaceIds: string[];
  /** Pages of open change requests: `{ spaceId, changeRequestId, pageId }`. */
  changeRequestPages: { spaceId: string; changeRequestId: string; pageId: string }[];
}

/** Words of the demo's pages: each search looks for one of them (the last one as a prefix). */
const SEARCH_WORDS = ['install', 'search', 'review', 'api', 'release', 'configuration', 'team', 'domain'];

async function getJson(baseUrl: string, token: string, path: string): Promise<unknown> {
  const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const itemsOf = (body: unknown): Record<string, unknown>[] =>
  (body as { items: Record<string, unknown>[] }).items;

interface PageNode {
  id: string;
  type: string;
  pages?: PageNode[];
}

const documentPages = (pages: readonly PageNode[]): string[] =>
  pages.flatMap((page) => [
    ...(page.type === 'document' ? [page.id] : []),
    ...documentPages(page.pages ?? []),
  ]);

/** Finds the demo organization's spaces and the pages of its open change requests. */
export async function discoverMixedData(baseUrl: string, token: string, orgId: string): Promise<MixedData> {
  const spaces = itemsOf(await getJson(baseUrl, token, `/v1/orgs/${orgId}/spaces?limit=100`));
  const requests = itemsOf(
    await getJson(baseUrl, token, `/v1/orgs/${orgId}/change-requests?limit=100&status=open`),
  );
  const changeRequestPages: MixedData['changeRequestPages'] = [];
  for (const request of requests) {
    const spaceId = String(request.space ?? (request as { spaceId?: string }).spaceId);
    const changeRequestId = String(request.id);
    const tree = (await getJson(
      baseUrl,
      token,
      `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/pages`,
    )) as { pages: PageNode[] };
    for (const pageId of documentPages(tree.pages).slice(0, 10))
      changeRequestPages.push({ spaceId, changeRequestId, pageId });
  }
  if (spaces.length === 0) throw new Error('the demo organization lists no spaces');
  if (changeRequestPages.length === 0)
    throw new Error('the demo organization has no open change request pages');
  return { orgId, spaceIds: spaces.map((space) => String(space.id)), changeRequestPages };
}

const at = <T>(items: readonly T[], turn: number): T => items[turn % items.length] as T;

/** The request of a kind at its turn. */
export function mixedRequest(data: MixedData, kind: MixedKind, turn: number): RequestSpec {
  const org = `/v1/orgs/${data.orgId}`;
  const page = at(data.changeRequestPages, turn);
  switch (kind) {
    case 'list spaces':
      return { method: 'GET', path: `${org}/spaces?limit=50` };
    case 'get space':
      return { method: 'GET', path: `/v1/spaces/${at(data.spaceIds, turn)}` };
    case 'create space':
      return {
        method: 'POST',
        path: `${org}/spaces`,
        body: JSON.stringify({ title: `Bench space ${turn}` }),
      };
    case 'rename space':
      return {
        method: 'PATCH',
        path: `/v1/spaces/${at(data.spaceIds, turn)}`,
        body: JSON.stringify({ title: `Renamed space ${turn}` }),
      };
    case 'list members':
      return { method: 'GET', path: `${org}/members?limit=50` };
    case 'read change request page':
      return {
        method: 'GET',
        path: `/v1/spaces/${page.spaceId}/change-requests/${page.changeRequestId}/content/page/${page.pageId}?format=markdown`,
      };
    case 'post comment':
      return {
        method: 'POST',
        path: `/v1/spaces/${page.spaceId}/change-requests/${page.changeRequestId}/comments`,
        body: JSON.stringify({ page: page.pageId, body: { markdown: `Looks good to me (${turn}).` } }),
      };
    case 'search organization':
      return { method: 'GET', path: `${org}/search?query=${at(SEARCH_WORDS, turn)}&limit=10` };
  }
}
