/**
 * Change requests through the sandbox's API: specs create requests, edit their content (the content-write
 * extension, GitBook's shape), merge them, and read back what the UI did.
 */
import type { Static } from '@sinclair/typebox';
import type { ChangeRequest } from '../../shared/contract/resources/changeRequests.ts';
import type {
  ChangeRequestContentChange,
  Page,
  Revision,
} from '../../shared/contract/resources/revisions.ts';
import type { ApiAnswer, SandboxApi } from './sandbox-api.ts';

type Change = Static<typeof ChangeRequestContentChange>;

function expectStatus(answer: ApiAnswer, status: number, what: string): unknown {
  if (answer.status !== status)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The helpers over one sandbox API. */
export function changeRequestsApi(api: SandboxApi) {
  const base = (spaceId: string) => `/v1/spaces/${spaceId}/change-requests`;
  return {
    /** Creates a space with pages (markdown bodies), through a change request merged at once. */
    async createSpaceWithPages(
      orgId: string,
      title: string,
      pages: { title: string; markdown: string }[],
    ): Promise<{ spaceId: string }> {
      const space = expectStatus(
        await api.call('POST', `/v1/orgs/${orgId}/spaces`, { body: { title } }),
        201,
        `create space ${title}`,
      ) as { id: string };
      const request = await this.create(space.id, `Seed ${title}`);
      await this.edit(
        space.id,
        request.id,
        pages.map((page) => ({
          operation: 'insert_page' as const,
          title: page.title,
          document: { markdown: page.markdown },
        })),
      );
      await this.merge(space.id, request.id);
      return { spaceId: space.id };
    },
    async create(spaceId: string, subject: string): Promise<ChangeRequest> {
      return expectStatus(
        await api.call('POST', base(spaceId), { body: { subject } }),
        201,
        `create change request ${subject}`,
      ) as ChangeRequest;
    },
    async get(spaceId: string, id: string): Promise<ChangeRequest> {
      return expectStatus(
        await api.call('GET', `${base(spaceId)}/${id}`),
        200,
        'get change request',
      ) as ChangeRequest;
    },
    /** Applies content changes to the request (one new revision). */
    async edit(spaceId: string, id: string, changes: Change[]): Promise<ChangeRequest> {
      return expectStatus(
        await api.call('POST', `${base(spaceId)}/${id}/content`, { body: { changes } }),
        200,
        'edit change request content',
      ) as ChangeRequest;
    },
    async merge(spaceId: string, id: string): Promise<ApiAnswer> {
      const answer = await api.call('POST', `${base(spaceId)}/${id}/merge`);
      expectStatus(answer, 200, 'merge change request');
      return answer;
    },
    /** The pages of the request's head revision (markdown not included). */
    async pages(spaceId: string, id: string): Promise<Page[]> {
      const body = expectStatus(
        await api.call('GET', `${base(spaceId)}/${id}/content/pages`),
        200,
        'list change request pages',
      ) as { pages: Page[] };
      return body.pages;
    },
    /** A page of the request as markdown. */
    async pageMarkdown(spaceId: string, id: string, pageId: string): Promise<string> {
      const page = expectStatus(
        await api.call('GET', `${base(spaceId)}/${id}/content/page/${pageId}`, {
          query: { format: 'markdown' },
        }),
        200,
        'get change request page',
      ) as Page;
      return page.markdown ?? '';
    },
    /** The space's current revision (its main content). */
    async spaceRevision(spaceId: string): Promise<Revision> {
      const space = expectStatus(await api.call('GET', `/v1/spaces/${spaceId}`), 200, 'get space') as {
        revision: string;
      };
      return expectStatus(
        await api.call('GET', `/v1/spaces/${spaceId}/revisions/${space.revision}`),
        200,
        'get revision',
      ) as Revision;
    },
    /** A page of the space's current revision as markdown. */
    async mainPageMarkdown(spaceId: string, pageId: string): Promise<string> {
      const space = expectStatus(await api.call('GET', `/v1/spaces/${spaceId}`), 200, 'get space') as {
        revision: string;
      };
      const page = expectStatus(
        await api.call('GET', `/v1/spaces/${spaceId}/revisions/${space.revision}/page/${pageId}`, {
          query: { format: 'markdown' },
        }),
        200,
        'get main page',
      ) as Page;
      return page.markdown ?? '';
    },
  };
}
