/** Sites and share links through the sandbox's API: specs create what they need and check what the UI did. */
import type { ShareLink, Site, SiteAdaptiveSchema } from '../../shared/contract/resources/sites.ts';
import type { SiteSpace } from '../../shared/contract/resources/siteStructure.ts';
import type { ApiAnswer, SandboxApi } from './sandbox-api.ts';

function expectStatus(answer: ApiAnswer, status: number, what: string): unknown {
  if (answer.status !== status)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The helpers over one sandbox API, for the sites of one organization. */
export function sitesApi(api: SandboxApi, orgId: string) {
  const base = `/v1/orgs/${orgId}/sites`;
  return {
    /** Creates a site (with `spaces`: ids, or `empty`). */
    async createSite(body: { title: string; visibility?: Site['visibility']; spaces?: string[] | 'empty' }) {
      return expectStatus(await api.call('POST', base, { body }), 201, `create site ${body.title}`) as Site;
    },
    /** A site as the API answers it now. */
    async site(siteId: string) {
      return expectStatus(await api.call('GET', `${base}/${siteId}`), 200, `site ${siteId}`) as Site;
    },
    /** Changes a site's settings. */
    async updateSite(siteId: string, body: Record<string, unknown>) {
      const answer = await api.call('PATCH', `${base}/${siteId}`, { body });
      return expectStatus(answer, 200, `update site ${siteId}`) as Site;
    },
    /** Publishes a site. */
    async publish(siteId: string) {
      return expectStatus(
        await api.call('POST', `${base}/${siteId}/publish`),
        200,
        `publish ${siteId}`,
      ) as Site;
    },
    /** The site spaces of a site (all of them). */
    async siteSpaces(siteId: string) {
      const answer = await api.call('GET', `${base}/${siteId}/site-spaces`, { query: { limit: 1000 } });
      return (expectStatus(answer, 200, `site spaces of ${siteId}`) as { items: SiteSpace[] }).items;
    },
    /** The names of the claims a site's adaptive schema declares (unsigned ones as `unsigned.<name>`). */
    async claimNames(siteId: string) {
      const answer = await api.call('GET', `${base}/${siteId}/adaptive-schema`);
      const schema = expectStatus(answer, 200, `adaptive schema of ${siteId}`) as SiteAdaptiveSchema;
      const { unsigned, ...signed } = schema.jsonSchema.properties;
      return [
        ...Object.keys(signed),
        ...Object.keys(unsigned?.properties ?? {}).map((name) => `unsigned.${name}`),
      ];
    },
    /** The share links of a site. */
    async shareLinks(siteId: string) {
      const answer = await api.call('GET', `${base}/${siteId}/share-links`, { query: { limit: 1000 } });
      return (expectStatus(answer, 200, `share links of ${siteId}`) as { items: ShareLink[] }).items;
    },
    /** The status of the published view of a site, with a share link's key when given. */
    async publishedStatus(siteId: string, shareKey?: string) {
      const answer = await api.call('GET', `${base}/${siteId}/published`, {
        ...(shareKey !== undefined ? { query: { shareKey } } : {}),
      });
      return answer.status;
    },
  };
}

/** The key of a share link, read from its published address (`…/~s/<key>/`). */
export function shareKeyOf(link: ShareLink): string {
  const url = link.urls?.published;
  const key = url === undefined ? undefined : /\/~s\/([^/]+)\/?$/.exec(url)?.[1];
  if (key === undefined) throw new Error(`share link ${link.id} has no published address: ${String(url)}`);
  return decodeURIComponent(key);
}

/** The helpers' type. */
export type SitesApi = ReturnType<typeof sitesApi>;
