/**
 * Processing of OpenAPI specs over HTTP, against a local fixture server: the states a spec goes through, versions
 * and content, and every failure class (timeout, fetch error, parse error) keeping the last good version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPISpecContent, OpenAPISpecVersion } from '../../../shared/contract/resources/openapi.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { expectError, sendOperation } from '../../test/http-helpers.ts';
import {
  buildAdminOrg,
  createProcessed,
  expectCall,
  type Fixture,
  getSpec,
  INVALID_OPENAPI,
  NOT_OPENAPI_YAML,
  openApi31,
  OPENAPI_30_YAML,
  putProcessed,
  startFixture,
  SWAGGER_2,
  YAML_BOMB,
} from '../../test/factories.ts';

let server: TestServer;
let fixture: Fixture;
let admin: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateFetch: true });
  fixture = await startFixture();
  ({ admin, orgId } = buildAdminOrg(server));
});
afterAll(async () => {
  await server.whenJobsIdle();
  await fixture.close();
  await server.close();
});

const specParams = (slug: string) => ({ organizationId: orgId, specSlug: slug });

async function versions(slug: string): Promise<OpenAPISpecVersion[]> {
  const answer = await expectCall(
    server,
    admin,
    'listOpenAPISpecVersions',
    { params: specParams(slug) },
    200,
  );
  return (answer.body as { items: OpenAPISpecVersion[] }).items;
}

async function latestContent(slug: string): Promise<OpenAPISpecContent> {
  const answer = await expectCall(
    server,
    admin,
    'getLatestOpenAPISpecVersionContent',
    { params: specParams(slug) },
    200,
  );
  return answer.body as OpenAPISpecContent;
}

describe('processing an OpenAPI spec', () => {
  it('answers pending at once, then goes through progress to complete', async () => {
    fixture.set('/held.json', SWAGGER_2);
    const held = fixture.hold('/held.json');
    const created = await expectCall(
      server,
      admin,
      'createOpenAPISpec',
      {
        params: { organizationId: orgId },
        body: { slug: 'held', source: { url: fixture.url('/held.json') } },
      },
      201,
    );
    expect(created.body).toMatchObject({
      processingState: 'pending',
      slug: 'held',
      sourceURL: fixture.url('/held.json'),
    });
    expect(created.body).not.toHaveProperty('lastVersion');
    expect(created.headers.get('location')).toBe(`${server.baseUrl}/v1/orgs/${orgId}/openapi/held`);
    await held.arrived;
    expect((await getSpec(server, admin, orgId, 'held')).processingState).toBe('progress');
    await expectError(
      await sendOperation(server, 'getLatestOpenAPISpecVersion', {
        token: admin.token,
        params: specParams('held'),
      }),
      404,
      'no version yet',
    );
    held.release();
    await server.whenJobsIdle();
    const spec = await getSpec(server, admin, orgId, 'held');
    expect(spec.processingState).toBe('complete');
    expect(spec.lastProcessedAt).toBe(server.clock.now().toISOString());
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
    expect(spec.lastVersion).toEqual(expect.any(String));
  });

  it('reads a Swagger 2.0 JSON document from a URL: one version, its content and its URL', async () => {
    fixture.set('/petstore.json', SWAGGER_2);
    const spec = await createProcessed(server, admin, orgId, 'petstore', {
      url: fixture.url('/petstore.json'),
    });
    expect(spec).toMatchObject({ processingState: 'complete', sourceURL: fixture.url('/petstore.json') });

    const list = await versions('petstore');
    expect(list).toHaveLength(1);
    const [version] = list as [OpenAPISpecVersion];
    expect(version).toEqual({
      object: 'openapi-spec-version',
      id: spec.lastVersion,
      createdAt: server.clock.now().toISOString(),
      url: fixture.url('/petstore.json'),
      urls: { location: `${server.baseUrl}/v1/orgs/${orgId}/openapi/petstore/versions/${spec.lastVersion}` },
    });
    const latest = await expectCall(
      server,
      admin,
      'getLatestOpenAPISpecVersion',
      { params: specParams('petstore') },
      200,
    );
    expect(latest.body).toEqual(version);
    const byId = await expectCall(
      server,
      admin,
      'getOpenAPISpecVersionById',
      { params: { ...specParams('petstore'), versionId: version.id } },
      200,
    );
    expect(byId.body).toEqual(version);

    // The content is the document as written: internal references are kept, not dereferenced.
    const content = await latestContent('petstore');
    expect(content).toEqual({
      filesystem: { 'openapi.json': SWAGGER_2 },
      url: fixture.url('/petstore.json'),
    });
    const contentById = await expectCall(
      server,
      admin,
      'getOpenAPISpecVersionContentById',
      { params: { ...specParams('petstore'), versionId: version.id } },
      200,
    );
    expect(contentById.body).toEqual(content);
  });

  it('reads an OpenAPI 3.0 YAML document from a URL', async () => {
    fixture.set('/widgets.yaml', OPENAPI_30_YAML);
    const spec = await createProcessed(server, admin, orgId, 'widgets', {
      url: fixture.url('/widgets.yaml'),
    });
    expect(spec.processingState).toBe('complete');
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
    const content = await latestContent('widgets');
    const document = content.filesystem['openapi.yaml'] as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(['/widgets']);
  });

  it('reads a text source, JSON or YAML; its version URL is the content in this API', async () => {
    const json = await createProcessed(server, admin, orgId, 'text-json', {
      text: JSON.stringify(openApi31('Text', ['/a', '/b'])),
    });
    expect(json.processingState).toBe('complete');
    expect(json).not.toHaveProperty('sourceURL');
    const [version] = (await versions('text-json')) as [OpenAPISpecVersion];
    const contentUrl = `${server.baseUrl}/v1/orgs/${orgId}/openapi/text-json/versions/${version.id}/content`;
    expect(version.url).toBe(contentUrl);
    const content = await latestContent('text-json');
    expect(content).toEqual({
      filesystem: { 'openapi.json': openApi31('Text', ['/a', '/b']) },
      url: contentUrl,
    });
    // The URL answers the content.
    const fetched = await fetch(contentUrl, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(await fetched.json()).toEqual(content);

    const yaml = await createProcessed(server, admin, orgId, 'text-yaml', { text: OPENAPI_30_YAML });
    expect(yaml.processingState).toBe('complete');
    expect(Object.keys((await latestContent('text-yaml')).filesystem)).toEqual(['openapi.yaml']);
  });

  it('takes a text source of several megabytes, beyond the default body limit', async () => {
    const big = openApi31('Big', ['/a']) as { info: { description?: string } };
    big.info.description = 'x'.repeat(3 * 1024 * 1024);
    const spec = await createProcessed(server, admin, orgId, 'text-big', { text: JSON.stringify(big) });
    expect(spec.processingState).toBe('complete');
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
    expect(await latestContent('text-big')).toMatchObject({ filesystem: { 'openapi.json': big } });
  });

  it('adds a version only when the content changed, newest first', async () => {
    fixture.set('/moving.json', openApi31('Moving', ['/one']));
    const first = await createProcessed(server, admin, orgId, 'moving', { url: fixture.url('/moving.json') });
    server.clock.advance(60_000);
    // Fetched again, the same content: no new version, processed again all the same.
    const same = await putProcessed(server, admin, orgId, 'moving', { url: fixture.url('/moving.json') });
    expect(same.lastVersion).toBe(first.lastVersion);
    expect(same.lastProcessedAt).toBe(server.clock.now().toISOString());
    expect(await versions('moving')).toHaveLength(1);

    server.clock.advance(60_000);
    fixture.set('/moving.json', openApi31('Moving', ['/one', '/two']));
    const changed = await putProcessed(server, admin, orgId, 'moving', { url: fixture.url('/moving.json') });
    expect(changed.lastVersion).not.toBe(first.lastVersion);
    expect(changed.updatedAt).toBe(server.clock.now().toISOString());
    const list = await versions('moving');
    expect(list.map((version) => version.id)).toEqual([changed.lastVersion, first.lastVersion]);
    const paths = (await latestContent('moving')).filesystem['openapi.json'] as { paths: object };
    expect(Object.keys(paths.paths)).toEqual(['/one', '/two']);

    // The earlier version's content is still there.
    const old = await expectCall(
      server,
      admin,
      'getOpenAPISpecVersionContentById',
      { params: { ...specParams('moving'), versionId: first.lastVersion! } },
      200,
    );
    expect(Object.keys((old.body as OpenAPISpecContent).filesystem['openapi.json'] as object)).toContain(
      'paths',
    );
    expect(((old.body as OpenAPISpecContent).filesystem['openapi.json'] as { paths: object }).paths).toEqual(
      openApi31('Moving', ['/one']).paths,
    );
  });

  describe('failures keep the last good version', () => {
    const slug = 'failing';
    let good: string;

    beforeAll(async () => {
      const spec = await createProcessed(server, admin, orgId, slug, { text: OPENAPI_30_YAML });
      good = spec.lastVersion!;
    });

    async function expectFailure(source: { url: string } | { text: string }, code: string) {
      const spec = await putProcessed(server, admin, orgId, slug, source);
      expect(spec.processingState).toBe('complete');
      expect(spec.lastProcessErrorCode).toBe(code);
      // Why it failed, in GitBook's field: one error with the same code and a message.
      expect(spec.lastProcessedErrors).toEqual([{ code, message: expect.any(String) }]);
      expect(spec.lastProcessedErrors?.[0]?.message.length).toBeGreaterThan(0);
      expect(spec.lastVersion).toBe(good);
      expect((await versions(slug)).map((version) => version.id)).toEqual([good]);
      expect(Object.keys((await latestContent(slug)).filesystem)).toEqual(['openapi.yaml']);
      return spec;
    }

    it('a 404 is FETCH_ERROR', async () => {
      await expectFailure({ url: fixture.url('/nothing-here.json') }, 'FETCH_ERROR');
    });

    it('an unreachable host is FETCH_ERROR', async () => {
      // Port 9 (discard): nothing listens on it here, the connection is refused.
      await expectFailure({ url: 'http://127.0.0.1:9/spec.json' }, 'FETCH_ERROR');
    });

    it('garbage is PARSE_ERROR', async () => {
      fixture.set('/garbage', '{{{ <html> this is: not: [a document', { contentType: 'text/html' });
      await expectFailure({ url: fixture.url('/garbage') }, 'PARSE_ERROR');
      fixture.set('/binary', new Uint8Array([0xff, 0xfe, 0x00, 0x41]), {
        contentType: 'application/octet-stream',
      });
      await expectFailure({ url: fixture.url('/binary') }, 'PARSE_ERROR');
      await expectFailure({ text: '{ "openapi": "3.0.3", ' }, 'PARSE_ERROR');
    });

    it('valid YAML that is not OpenAPI is PARSE_ERROR', async () => {
      await expectFailure({ text: NOT_OPENAPI_YAML }, 'PARSE_ERROR');
      await expectFailure({ text: '- just\n- a list\n' }, 'PARSE_ERROR');
    });

    it('a document that breaks the OpenAPI schema, or points nowhere, is PARSE_ERROR', async () => {
      fixture.set('/invalid.json', INVALID_OPENAPI);
      await expectFailure({ url: fixture.url('/invalid.json') }, 'PARSE_ERROR');
      const dangling = openApi31('Dangling', ['/a']) as { paths: Record<string, { get: object }> };
      dangling.paths['/a']!.get = {
        responses: { '200': { $ref: '#/components/responses/Nowhere' } },
      };
      await expectFailure({ text: JSON.stringify(dangling) }, 'PARSE_ERROR');
      await expectFailure(
        { text: 'openapi: 4.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n' },
        'PARSE_ERROR',
      );
      await expectFailure(
        { text: 'swagger: 2.0\ninfo: {title: x, version: "1"}\npaths: {}\n' },
        'PARSE_ERROR',
      );
    });

    it('a YAML bomb is PARSE_ERROR, not expanded', async () => {
      await expectFailure({ text: YAML_BOMB }, 'PARSE_ERROR');
    });

    it('a good source again clears the error', async () => {
      const spec = await putProcessed(server, admin, orgId, slug, { text: OPENAPI_30_YAML });
      expect(spec).not.toHaveProperty('lastProcessErrorCode');
      expect(spec).not.toHaveProperty('lastProcessedErrors');
      expect(spec.lastVersion).toBe(good);
    });
  });

  it('a spec whose first processing fails has no version: latest is a 404 saying why', async () => {
    const spec = await createProcessed(server, admin, orgId, 'never-good', { text: NOT_OPENAPI_YAML });
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec).not.toHaveProperty('lastVersion');
    expect(await versions('never-good')).toEqual([]);
    for (const name of ['getLatestOpenAPISpecVersion', 'getLatestOpenAPISpecVersionContent'] as const)
      expectError(
        await sendOperation(server, name, { token: admin.token, params: specParams('never-good') }),
        404,
        'processing failed (PARSE_ERROR)',
      );
  });

  it('never follows external references of a document', async () => {
    fixture.set('/external.json', { Thing: { type: 'string' } });
    const document = openApi31('External', ['/a']) as { paths: Record<string, { get: object }> };
    document.paths['/a']!.get = {
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: `${fixture.url('/external.json')}#/Thing` } } },
        },
      },
    };
    const before = fixture.requested.length;
    const spec = await createProcessed(server, admin, orgId, 'external', { text: JSON.stringify(document) });
    expect(spec.processingState).toBe('complete');
    expect(fixture.requested.slice(before)).toEqual([]);
    expect((await latestContent('external')).filesystem['openapi.json']).toEqual(document);
  });

  it('a source replaced during a run: the run on the old source drops its result', async () => {
    fixture.set('/slow.json', openApi31('Old source', ['/old']));
    const held = fixture.hold('/slow.json');
    await expectCall(
      server,
      admin,
      'createOpenAPISpec',
      {
        params: { organizationId: orgId },
        body: { slug: 'replaced', source: { url: fixture.url('/slow.json') } },
      },
      201,
    );
    await held.arrived;
    await expectCall(
      server,
      admin,
      'createOrUpdateOpenAPISpecBySlug',
      {
        params: specParams('replaced'),
        body: { source: { text: JSON.stringify(openApi31('New source', ['/new'])) } },
      },
      200,
    );
    held.release();
    await server.whenJobsIdle();
    const spec = await getSpec(server, admin, orgId, 'replaced');
    expect(spec.processingState).toBe('complete');
    expect(await versions('replaced')).toHaveLength(1);
    const document = (await latestContent('replaced')).filesystem['openapi.json'] as {
      info: { title: string };
    };
    expect(document.info.title).toBe('New source');
  });

  it('a spec deleted during a run: the run ends quietly', async () => {
    fixture.set('/doomed.json', SWAGGER_2);
    const held = fixture.hold('/doomed.json');
    await expectCall(
      server,
      admin,
      'createOpenAPISpec',
      {
        params: { organizationId: orgId },
        body: { slug: 'doomed', source: { url: fixture.url('/doomed.json') } },
      },
      201,
    );
    await held.arrived;
    await expectCall(server, admin, 'deleteOpenAPISpecBySlug', { params: specParams('doomed') }, 205);
    held.release();
    await server.whenJobsIdle();
    expect(
      server.db.all(server.db.q.selectFrom('openapi_specs').select('id').where('slug', '=', 'doomed')),
    ).toEqual([]);
  });

  it('a run that a stop interrupted runs again when a server starts on the same data', async () => {
    const first = await startTestServer({ allowPrivateFetch: true });
    const { admin: owner, orgId: org } = buildAdminOrg(first);
    fixture.set('/interrupted.json', SWAGGER_2);
    const held = fixture.hold('/interrupted.json');
    await expectCall(
      first,
      owner,
      'createOpenAPISpec',
      {
        params: { organizationId: org },
        body: { slug: 'interrupted', source: { url: fixture.url('/interrupted.json') } },
      },
      201,
    );
    await held.arrived;
    expect((await getSpec(first, owner, org, 'interrupted')).processingState).toBe('progress');
    await first.close({ keepData: true });
    held.release();
    const second = await startTestServer({ allowPrivateFetch: true, dataDir: first.dataDir });
    try {
      await second.whenJobsIdle();
      const spec = await getSpec(second, owner, org, 'interrupted');
      expect(spec.processingState).toBe('complete');
      expect(spec).not.toHaveProperty('lastProcessErrorCode');
      expect(spec.lastVersion).toBeDefined();
    } finally {
      await second.close();
    }
  });
});

describe('fetch limits', () => {
  /** A server with these fetch limits, and an organization with its admin. */
  async function limitedServer(limits: { timeoutMs?: number; maxBytes?: number }) {
    const limited = await startTestServer({ allowPrivateFetch: true, fetchLimits: limits });
    return { limited, ...buildAdminOrg(limited) };
  }

  it('a fetch that times out is FETCH_TIMEOUT, and the last good version stays', async () => {
    const { limited, admin: owner, orgId: org } = await limitedServer({ timeoutMs: 50 });
    try {
      const first = await createProcessed(limited, owner, org, 'slow', { text: OPENAPI_30_YAML });
      const spec = await putProcessed(limited, owner, org, 'slow', { url: fixture.url('/hang') });
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT' });
      expect(spec.lastVersion).toBe(first.lastVersion);
      expect(spec.sourceURL).toBe(fixture.url('/hang'));
    } finally {
      await limited.whenJobsIdle();
      await limited.close();
    }
  });

  it('a document over the size cap is FETCH_ERROR', async () => {
    const { limited, admin: owner, orgId: org } = await limitedServer({ maxBytes: 2048 });
    try {
      fixture.set(
        '/large.json',
        openApi31(
          'Large',
          Array.from({ length: 100 }, (_, i) => `/path-${i}`),
        ),
      );
      const spec = await createProcessed(limited, owner, org, 'large', { url: fixture.url('/large.json') });
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
      expect(spec).not.toHaveProperty('lastVersion');
    } finally {
      await limited.whenJobsIdle();
      await limited.close();
    }
  });
});
