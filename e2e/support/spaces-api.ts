/** Collections and spaces through the sandbox's API: specs create what they need and check what the UI did. */
import type { ApiAnswer, SandboxApi } from './sandbox-api.ts';

/** The fields of a space or collection the specs read. */
export interface ContentItem {
  id: string;
  title: string;
  emoji?: string;
  organization: string;
  parent?: string;
  defaultLevel?: unknown;
  editMode?: string;
  deletedAt?: string;
}

let counter = 0;

/** A title no other test uses (the suite's files share nothing, but a file's tests share one sandbox). */
export function uniqueTitle(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}-${counter}`;
}

function expectStatus(answer: ApiAnswer, status: number, what: string): unknown {
  if (answer.status !== status)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The helpers over one sandbox API. */
export function spacesApi(api: SandboxApi) {
  return {
    /** Creates a space (at the top level, or in `parent`). */
    async createSpace(orgId: string, body: { title: string; parent?: string; emoji?: string }) {
      const answer = await api.call('POST', `/v1/orgs/${orgId}/spaces`, { body });
      return expectStatus(answer, 201, `create space ${body.title}`) as ContentItem;
    },
    /** Creates a collection (at the top level, or in `parent`). */
    async createCollection(orgId: string, body: { title: string; parent?: string }) {
      const answer = await api.call('POST', `/v1/orgs/${orgId}/collections`, { body });
      return expectStatus(answer, 201, `create collection ${body.title}`) as ContentItem;
    },
    /** A space as the API answers it now (a deleted one carries `deletedAt`). */
    async space(spaceId: string) {
      return expectStatus(
        await api.call('GET', `/v1/spaces/${spaceId}`),
        200,
        `space ${spaceId}`,
      ) as ContentItem;
    },
    /** A collection as the API answers it now. */
    async collection(collectionId: string) {
      const answer = await api.call('GET', `/v1/collections/${collectionId}`);
      return expectStatus(answer, 200, `collection ${collectionId}`) as ContentItem;
    },
    /** Sends a space to the trash. */
    async deleteSpace(spaceId: string) {
      expectStatus(await api.call('DELETE', `/v1/spaces/${spaceId}`), 205, `delete space ${spaceId}`);
    },
    /** The ids of the spaces in an organization's trash. */
    async trashIds(orgId: string) {
      const answer = await api.call('GET', `/v1/orgs/${orgId}/spaces`, {
        query: { deleted: true, limit: 1000 },
      });
      const body = expectStatus(answer, 200, 'trash') as { items: ContentItem[] };
      return body.items.map((item) => item.id);
    },
    /** The ids of the active spaces of an organization. */
    async spaceIds(orgId: string) {
      const answer = await api.call('GET', `/v1/orgs/${orgId}/spaces`, { query: { limit: 1000 } });
      const body = expectStatus(answer, 200, 'spaces') as { items: ContentItem[] };
      return body.items.map((item) => item.id);
    },
  };
}

/** The helpers' type. */
export type SpacesApi = ReturnType<typeof spacesApi>;
