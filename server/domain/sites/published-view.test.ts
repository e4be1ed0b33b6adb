/** The sandbox's published view, over HTTP: what `urls.published` of sites, sections, variants and share links opens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildSiteOrg, siteParams } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** GETs a URL without any token, as a visitor's browser does. */
async function visit(url: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url.startsWith('http') ? url : `${server.baseUrl}${url}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** A published site of two variants (root site spaces) in a fresh organization, and its admin. */
async function publishedSite(visibility = 'public') {
  const org = buildSiteOrg(server);
  const guide = server.buildSpace(org.orgId, {
    title: 'Guide',
    pages: [
      { title: 'Welcome', markdown: '# Hello\n\nThe **first** page.' },
      {
        title: 'Advanced',
        pages: [
          {
            title: 'Tricks',
            markdown: [
              'Some <script>alert(1)</script> text.',
              '[a bad link](javascript:alert(1)) and [a good one](https://example.com/ok).',
              '![remote](https://example.com/picture.png) ![local](http://127.0.0.1:1/x.png)',
            ].join('\n\n'),
          },
        ],
      },
    ],
  }).id;
  const legacy = server.buildSpace(org.orgId, { title: 'Guide v1', pages: [{ title: 'Old page' }] }).id;
  const site = server.buildSite(org.orgId, { title: 'Help Center', visibility, spaces: [guide, legacy] });
  const params = siteParams(org.orgId, site.id);
  await org.admin.client.call('publishSite', { params });
  const read = await org.admin.client.call('getSiteById', { params });
  return { ...org, siteId: site.id, params, url: read.urls.published! };
}

describe('the published view', () => {
  it('serves the default variant, its pages by path, and its other variants', async () => {
    const { url } = await publishedSite();
    const home = await visit(url);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.html).toContain('<title>Welcome · Help Center</title>');
    expect(home.html).toContain('The <strong>first</strong> page.');
    // The variants as navigation, the current one marked; the page tree with nested pages.
    expect(home.html).toMatch(/<nav class="variants"[^>]*>.*Guide v1/s);
    expect(home.html).toContain('aria-current="page">Guide</a>');
    const nested = /href="([^"]*advanced\/tricks)"/.exec(home.html)?.[1];
    expect(nested).toBeDefined();

    const tricks = await visit(nested!);
    expect(tricks.status).toBe(200);
    expect(tricks.html).toContain('<h1 class="page-title">Tricks</h1>');
    // Raw HTML shown as text, unsafe links dropped, images only from https (or the revision's files).
    expect(tricks.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(tricks.html).not.toContain('<script');
    expect(tricks.html).not.toContain('javascript:');
    expect(tricks.html).toContain('<a href="https://example.com/ok">a good one</a>');
    expect(tricks.html).toContain('<img src="https://example.com/picture.png" alt="remote">');
    expect(tricks.html).toContain('[local]');

    const other = /href="([^"]*)">Guide v1<\/a>/.exec(home.html)?.[1];
    const v1 = await visit(other!);
    expect(v1.status).toBe(200);
    expect(v1.html).toContain('<h1 class="page-title">Old page</h1>');
  });

  it('serves sections as navigation, each with its own space', async () => {
    const { url, admin, params, orgId } = await publishedSite();
    // The first section takes the site's variants in; the second holds its own space.
    const first = server.buildSpace(orgId, { title: 'Manual', pages: [{ title: 'Manual home' }] });
    await admin.client.call('addSectionToSite', { params, body: { spaceId: first.id, title: 'Guides' } });
    const api = server.buildSpace(orgId, {
      title: 'API',
      pages: [{ title: 'Endpoints', markdown: 'GET /v1' }],
    });
    const section = await admin.client.call('addSectionToSite', {
      params,
      body: { spaceId: api.id, title: 'API reference' },
    });
    const home = await visit(url);
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<nav class="sections"[^>]*>.*Guides.*API reference/s);
    expect(home.html).toContain('aria-current="page">Guides</a>');
    const page = await visit(section.urls?.published ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 class="page-title">Endpoints</h1>');
    expect(page.html).toContain('aria-current="page">API reference</a>');
  });

  it('answers 404 for what is not published or not there, without a token and without revealing why', async () => {
    const { url, admin, params } = await publishedSite();
    expect((await visit(`${url}no/such/page`)).status).toBe(404);
    expect((await visit('/sites/no-such-org/docs/')).status).toBe(404);
    // A malformed escape is refused by the router itself, before the view.
    expect((await visit(`${url}%E0%A4%A`)).status).toBe(400);
    await admin.client.call('unpublishSite', { params });
    const gone = await visit(url);
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('This site is not published.');
  });

  it('opens a share-link site with an active key only, keeping the key in its links', async () => {
    const { url, admin, params } = await publishedSite('share-link');
    const link = await admin.client.call('createSiteShareLink', { params, body: { name: 'Partners' } });
    const keyed = link.urls?.published ?? '';
    expect(keyed.startsWith(url)).toBe(true);
    expect((await visit(url)).status).toBe(404);
    expect((await visit(`${url}~s/not-the-key/`)).status).toBe(404);
    const shared = await visit(keyed);
    expect(shared.status).toBe(200);
    expect(shared.html).toContain('<title>Welcome · Help Center</title>');
    expect(shared.html).toContain('<meta name="robots" content="noindex">');
    expect(shared.headers.get('referrer-policy')).toBe('no-referrer');
    const key = keyed.slice(url.length);
    expect(shared.html).toContain(`href="${new URL(keyed).pathname}`);
    expect(key.startsWith('~s/')).toBe(true);

    await admin.client.call('updateSiteShareLinkById', {
      params: { ...params, shareLinkId: link.id },
      body: { active: false },
    });
    expect((await visit(keyed)).status).toBe(404);
  });

  it('says a visitor-auth site needs its own sign-in', async () => {
    const { url } = await publishedSite('visitor-auth');
    const answer = await visit(url);
    expect(answer.status).toBe(401);
    expect(answer.html).toContain('sign in');
  });
});
