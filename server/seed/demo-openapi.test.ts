/** The demo OpenAPI specs, read through the API: complete from the start, with versions that differ by operation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OpenAPISpec,
  OpenAPISpecContent,
  OpenAPISpecVersion,
} from '../../shared/contract/resources/openapi.ts';
import { parseSpecText, validateSpecDocument } from '../domain/openapi/document.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expectStatus, sendOperation } from '../test/http-helpers.ts';
import { DEMO_OPENAPI_SPECS } from './demo-openapi.ts';
import { seedDemo } from './demo.ts';

let server: TestServer;
let token: string;
let organizationId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = seedDemo(server.db, server.clock.now())!.tokens[0]!.token;
  organizationId = server.db.first(
    server.db.q.selectFrom('organizations').select('id').where('title', '=', 'Acme Docs'),
  )!.id;
});
afterAll(async () => server.close());

async function call(name: Parameters<typeof sendOperation>[1], params: Record<string, string>) {
  const answer = await sendOperation(server, name, { token, params: { organizationId, ...params } });
  expectStatus(answer, 200);
  return answer.body;
}

/** `METHOD path` of every operation of a document (OpenAPI 3 or Swagger 2). */
function operationsOf(document: unknown): string[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

async function versionDocuments(slug: string): Promise<unknown[]> {
  const list = (await call('listOpenAPISpecVersions', { specSlug: slug })) as { items: OpenAPISpecVersion[] };
  const documents: unknown[] = [];
  for (const version of [...list.items].reverse()) {
    const content = (await call('getOpenAPISpecVersionContentById', {
      specSlug: slug,
      versionId: version.id,
    })) as OpenAPISpecContent;
    documents.push(Object.values(content.filesystem)[0]);
  }
  return documents;
}

describe('demo OpenAPI specs', () => {
  it('are two complete specs with their versions', async () => {
    const list = (await call('listOpenAPISpecs', {})) as { items: OpenAPISpec[] };
    expect(list.items.map((spec) => [spec.slug, spec.processingState, spec.lastProcessErrorCode])).toEqual([
      ['acme-api', 'complete', undefined],
      ['petstore', 'complete', undefined],
    ]);
    for (const spec of list.items) {
      const latest = (await call('getLatestOpenAPISpecVersion', {
        specSlug: spec.slug,
      })) as OpenAPISpecVersion;
      expect(latest.id).toBe(spec.lastVersion);
    }
  });

  it('petstore moves from Swagger 2.0 to OpenAPI 3.0, adding an operation', async () => {
    const [swagger, openapi] = (await versionDocuments('petstore')) as [
      { swagger: string },
      { openapi: string },
    ];
    expect(swagger.swagger).toBe('2.0');
    expect(openapi.openapi).toBe('3.0.3');
    expect(operationsOf(openapi)).toEqual([...operationsOf(swagger), 'DELETE /pets/{petId}'].sort());
    const latest = (await call('getLatestOpenAPISpecVersionContent', {
      specSlug: 'petstore',
    })) as OpenAPISpecContent;
    expect(Object.keys(latest.filesystem)).toEqual(['openapi.yaml']);
  });

  it('acme-api has three OpenAPI 3.1 versions that add, remove and change operations', async () => {
    const documents = await versionDocuments('acme-api');
    expect(documents).toHaveLength(3);
    const [v1, v2, v3] = documents.map(operationsOf) as [string[], string[], string[]];
    expect(v2.filter((op) => !v1.includes(op))).toEqual([
      'DELETE /projects/{projectId}',
      'PATCH /projects/{projectId}',
    ]);
    expect(v1.filter((op) => !v3.includes(op))).toEqual(['GET /users/me']);
    expect(v3.filter((op) => !v2.includes(op))).toEqual(['GET /projects/{projectId}/members']);
    const post = (document: unknown) =>
      JSON.stringify(
        (document as { paths: Record<string, Record<string, unknown>> }).paths['/projects']!.post,
      );
    expect(post(documents[2])).not.toBe(post(documents[1]));
  });

  it('embeds only documents the processing validates', async () => {
    for (const spec of DEMO_OPENAPI_SPECS)
      for (const version of spec.versions) await validateSpecDocument(parseSpecText(version.text).document);
  });
});
