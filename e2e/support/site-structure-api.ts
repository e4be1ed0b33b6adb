/** Sites and their structure through the sandbox's API: specs build a site to edit and check what the editor did. */
import type { Static } from '@sinclair/typebox';
import type { SiteStructure } from '../../shared/contract/resources/sites.ts';
import type { ApiAnswer, SandboxApi } from './sandbox-api.ts';

/** The structure as `getSiteStructure` answers it. */
export type StructureAnswer = Static<typeof SiteStructure>;

function expectStatus(answer: ApiAnswer, status: number, what: string): unknown {
  if (answer.status !== status)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The helpers over one sandbox API, for one organization. */
export function siteStructureApi(api: SandboxApi, orgId: string) {
  const site = (siteId: string) => `/v1/orgs/${orgId}/sites/${siteId}`;
  return {
    /** Creates a site without site spaces. */
    async createSite(title: string): Promise<{ id: string }> {
      const answer = await api.call('POST', `/v1/orgs/${orgId}/sites`, { body: { title } });
      return expectStatus(answer, 201, `create site ${title}`) as { id: string };
    },
    /** Adds a section publishing `spaceId`. */
    async addSection(siteId: string, spaceId: string, title: string): Promise<{ id: string; path: string }> {
      const answer = await api.call('POST', `${site(siteId)}/sections`, { body: { spaceId, title } });
      return expectStatus(answer, 201, `add section ${title}`) as { id: string; path: string };
    },
    /** Sets a section's condition. */
    async setCondition(siteId: string, sectionId: string, condition: string): Promise<void> {
      const answer = await api.call('PATCH', `${site(siteId)}/sections/${sectionId}`, {
        body: { condition },
      });
      expectStatus(answer, 200, `condition of ${sectionId}`);
    },
    /** Declares boolean claims (signed) in the site's adaptive schema. */
    async declareClaims(siteId: string, claims: string[]): Promise<void> {
      const properties = Object.fromEntries(
        claims.map((claim) => [claim, { type: 'boolean', description: `Claim ${claim}` }]),
      );
      const answer = await api.call('PUT', `${site(siteId)}/adaptive-schema`, {
        body: { jsonSchema: { type: 'object', properties, additionalProperties: false } },
      });
      expectStatus(answer, 200, 'adaptive schema');
    },
    /** The structure now. */
    async structure(siteId: string): Promise<StructureAnswer> {
      return expectStatus(
        await api.call('GET', `${site(siteId)}/structure`),
        200,
        'structure',
      ) as StructureAnswer;
    },
    /** The top level now, as `title` or `title: [section titles]` for groups. */
    async outline(siteId: string): Promise<string[]> {
      const answer = await this.structure(siteId);
      if (answer.type !== 'sections') return answer.structure.map((siteSpace) => siteSpace.title);
      return answer.structure.map((item) =>
        item.object === 'site-section'
          ? item.title
          : `${item.title}: [${(item.sections ?? []).map((section) => section.title).join(', ')}]`,
      );
    },
    /** A section's path now. */
    async sectionPath(siteId: string, sectionId: string): Promise<string | undefined> {
      const answer = await this.structure(siteId);
      if (answer.type !== 'sections') return undefined;
      const sections = answer.structure.flatMap((item) =>
        item.object === 'site-section' ? [item] : (item.sections ?? []),
      );
      return sections.find((section) => section.id === sectionId)?.path;
    },
  };
}
