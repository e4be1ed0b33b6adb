/** The diff by operation: extraction from OpenAPI 3.x and Swagger 2.0, matching, the parts that changed. */
import { describe, expect, it } from 'vitest';
import {
  approximateJsonSize,
  diffOperations,
  documentKind,
  entryDocument,
  extractOperations,
  stableJson,
  type OperationDiff,
} from './operations.ts';

const openapi = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths,
  ...extra,
});

const ok = { '200': { description: 'OK' } };
const keysOf = (list: { method: string; path: string }[]) =>
  list.map((op) => `${op.method.toUpperCase()} ${op.path}`);

describe('stableJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(stableJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(stableJson({ a: 1, b: undefined })).toBe(stableJson({ a: 1 }));
  });
});

describe('extractOperations', () => {
  it('reads every method of every path, with operationId and summary, skipping extensions', () => {
    const operations = extractOperations(
      openapi({
        '/a': {
          get: { operationId: 'getA', summary: 'Get A', responses: ok },
          trace: { responses: ok },
          parameters: [],
          summary: 'path item summary',
          'x-foo': { get: {} },
        },
        'x-extension': { get: { responses: ok } },
      }),
    );
    expect([...operations.keys()]).toEqual(['GET /a', 'TRACE /a']);
    expect(operations.get('GET /a')).toMatchObject({
      method: 'get',
      path: '/a',
      operationId: 'getA',
      summary: 'Get A',
    });
  });

  it('follows an internal $ref of a path item', () => {
    const operations = extractOperations(
      openapi(
        { '/a': { $ref: '#/components/pathItems/A' } },
        { components: { pathItems: { A: { post: { operationId: 'postA', responses: ok } } } } },
      ),
    );
    expect(operations.get('POST /a')?.operationId).toBe('postA');
  });

  it('answers no operation for a document without paths, or not a document', () => {
    expect(extractOperations({ openapi: '3.1.0' }).size).toBe(0);
    expect(extractOperations(null).size).toBe(0);
    expect(extractOperations('text').size).toBe(0);
  });
});

describe('diffOperations', () => {
  it('finds added, removed and changed operations with the parts that changed', () => {
    const base = openapi({
      '/pets': {
        get: { operationId: 'list', summary: 'List', responses: ok },
        post: { summary: 'Create', requestBody: { content: { 'application/json': {} } }, responses: ok },
      },
      '/old': { get: { responses: ok } },
      '/same': { get: { summary: 'Same', responses: ok } },
    });
    const head = openapi({
      '/pets': {
        get: {
          operationId: 'list',
          summary: 'List all',
          parameters: [{ name: 'limit', in: 'query' }],
          responses: ok,
        },
        post: {
          summary: 'Create',
          deprecated: true,
          requestBody: { content: { 'application/xml': {} } },
          responses: { '201': { description: 'Created' } },
        },
      },
      '/new': { delete: { responses: ok } },
      '/same': { get: { responses: ok, summary: 'Same' } },
    });
    const diff = diffOperations(base, head);
    expect(keysOf(diff.added)).toEqual(['DELETE /new']);
    expect(keysOf(diff.removed)).toEqual(['GET /old']);
    expect(diff.changed.map((op) => [op.key, op.parts])).toEqual([
      ['GET /pets', ['parameters', 'summary']],
      ['POST /pets', ['requestBody', 'responses', 'deprecated']],
    ]);
    expect(diff.unchanged).toBe(1);
  });

  it('reports description and other fields (tags, security, operationId) as their own parts', () => {
    const diff = diffOperations(
      openapi({ '/a': { get: { description: 'x', tags: ['a'], responses: ok } } }),
      openapi({ '/a': { get: { description: 'y', tags: ['b'], responses: ok } } }),
    );
    expect(diff.changed[0]?.parts).toEqual(['description', 'other']);
  });

  it('applies path-level parameters, and ignores their order and the names of path variables', () => {
    const base = openapi({
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true }],
        get: {
          parameters: [
            { name: 'b', in: 'query' },
            { name: 'a', in: 'query' },
          ],
          responses: ok,
        },
      },
    });
    const head = openapi({
      '/pets/{id}': {
        get: {
          parameters: [
            { name: 'a', in: 'query' },
            { name: 'id', in: 'path', required: true },
            { name: 'b', in: 'query' },
          ],
          responses: ok,
        },
      },
    });
    expect(diffOperations(base, head)).toMatchObject({ added: [], removed: [], changed: [], unchanged: 1 });

    const renamed = openapi({ '/pets/{petId}': { get: { responses: ok } } });
    const original = openapi({ '/pets/{id}': { get: { responses: ok } } });
    const diff = diffOperations(original, renamed);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.unchanged).toBe(1);
  });

  it('lets an operation parameter override the path item one of the same name and place', () => {
    const pathLevel = openapi({
      '/a': { parameters: [{ name: 'q', in: 'query', required: false }], get: { responses: ok } },
    });
    const overridden = openapi({
      '/a': {
        parameters: [{ name: 'q', in: 'query', required: false }],
        get: { parameters: [{ name: 'q', in: 'query', required: true }], responses: ok },
      },
    });
    expect(diffOperations(pathLevel, overridden).changed[0]?.parts).toEqual(['parameters']);
  });

  it('reads Swagger 2.0 body and formData parameters as the request body', () => {
    const swagger = (bodyType: string, limitType: string) => ({
      swagger: '2.0',
      info: { title: 'S', version: '1' },
      paths: {
        '/pets': {
          post: {
            parameters: [
              { name: 'pet', in: 'body', schema: { type: bodyType } },
              { name: 'limit', in: 'query', type: limitType },
            ],
            responses: ok,
          },
        },
      },
    });
    expect(
      diffOperations(swagger('object', 'integer'), swagger('array', 'integer')).changed[0]?.parts,
    ).toEqual(['requestBody']);
    expect(
      diffOperations(swagger('object', 'integer'), swagger('object', 'string')).changed[0]?.parts,
    ).toEqual(['parameters']);
  });

  it('says what both documents are', () => {
    const diff = diffOperations(
      { swagger: '2.0', info: { title: 'P', version: '1.0.0' }, paths: {} },
      openapi({}),
    );
    expect(diff.base).toEqual({ format: 'Swagger 2.0', title: 'P', version: '1.0.0' });
    expect(diff.head).toEqual({ format: 'OpenAPI 3.0.3', title: 'T', version: '1' });
    expect(documentKind(42)).toEqual({ format: 'Unknown format' });
  });

  it('orders each list by path, then by method in the order OpenAPI lists them', () => {
    const diff = diffOperations(
      openapi({}),
      openapi({
        '/b': { get: { responses: ok } },
        '/a': { patch: { responses: ok }, get: { responses: ok } },
      }),
    );
    expect(keysOf(diff.added)).toEqual(['GET /a', 'PATCH /a', 'GET /b']);
  });
});

/**
 * The demo's "acme-api" versions, built the way server/seed/demo-openapi.ts builds them (renderer tests may not
 * import the server; the e2e spec compares the real demo).
 */
type AcmeOperation = { summary: string; query?: string[]; body?: string[]; deprecated?: boolean };
function acme(version: string, paths: Record<string, Record<string, AcmeOperation>>) {
  const operation = (path: string, op: AcmeOperation) => {
    const parameters = [
      ...(path.includes('{projectId}') ? [{ name: 'projectId', in: 'path', required: true }] : []),
      ...(op.query ?? []).map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
    ];
    return {
      summary: op.summary,
      ...(op.deprecated ? { deprecated: true } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { content: { 'application/json': { schema: { required: op.body } } } } }
        : {}),
      responses: { '200': { $ref: '#/components/responses/Project' } },
    };
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Acme API', version },
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, methods]) => [
        path,
        Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, operation(path, op)])),
      ]),
    ),
  };
}
const ACME_V1 = acme('1.0.0', {
  '/projects': { get: { summary: 'List projects' }, post: { summary: 'Create a project', body: ['title'] } },
  '/projects/{projectId}': { get: { summary: 'Get a project' } },
  '/users/me': { get: { summary: 'Get the current user' } },
});
const ACME_V2 = acme('1.1.0', {
  '/projects': {
    get: { summary: 'List projects', query: ['limit', 'page'] },
    post: { summary: 'Create a project', body: ['title'] },
  },
  '/projects/{projectId}': {
    get: { summary: 'Get a project' },
    patch: { summary: 'Update a project', body: ['title'] },
    delete: { summary: 'Delete a project' },
  },
  '/users/me': { get: { summary: 'Get the current user', deprecated: true } },
});
const ACME_V3 = acme('2.0.0', {
  '/projects': {
    get: { summary: 'List projects', query: ['limit', 'page'] },
    post: { summary: 'Create a project', body: ['title', 'visibility'] },
  },
  '/projects/{projectId}': {
    get: { summary: 'Get a project' },
    patch: { summary: 'Update a project', body: ['title'] },
    delete: { summary: 'Delete a project' },
  },
  '/projects/{projectId}/members': { get: { summary: 'List the members of a project' } },
});

describe('the demo specs', () => {
  const changes = (diff: OperationDiff) =>
    diff.changed.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.parts]);

  it('acme-api v2 → v3: members added, the user endpoint removed, project creation changed', () => {
    const diff = diffOperations(ACME_V2, ACME_V3);
    expect(keysOf(diff.added)).toEqual(['GET /projects/{projectId}/members']);
    expect(keysOf(diff.removed)).toEqual(['GET /users/me']);
    expect(changes(diff)).toEqual([['POST /projects', ['requestBody']]]);
    expect(diff.unchanged).toBe(4);
    expect(diff.head.version).toBe('2.0.0');
  });

  it('acme-api v1 → v2: update and delete added, the list filtered, the user endpoint deprecated', () => {
    const diff = diffOperations(ACME_V1, ACME_V2);
    expect(keysOf(diff.added)).toEqual(['DELETE /projects/{projectId}', 'PATCH /projects/{projectId}']);
    expect(diff.removed).toEqual([]);
    expect(changes(diff)).toEqual([
      ['GET /projects', ['parameters']],
      ['GET /users/me', ['deprecated']],
    ]);
    expect(diff.unchanged).toBe(2);
  });

  it('a Swagger 2.0 petstore → its OpenAPI 3.0 rewrite: delete added, the others changed', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Petstore', version: '1.0.0' },
      paths: {
        '/pets': {
          get: { parameters: [{ name: 'limit', in: 'query', type: 'integer' }], responses: ok },
          post: { parameters: [{ name: 'pet', in: 'body', schema: { type: 'object' } }], responses: ok },
        },
        '/pets/{petId}': {
          get: { parameters: [{ name: 'petId', in: 'path', type: 'string' }], responses: ok },
        },
      },
    };
    const rewrite = openapi({
      '/pets': {
        get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: ok },
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: ok,
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', schema: { type: 'string' } }],
        get: { responses: ok },
        delete: { responses: ok },
      },
    });
    const diff = diffOperations(swagger, rewrite);
    expect(keysOf(diff.added)).toEqual(['DELETE /pets/{petId}']);
    expect(diff.removed).toEqual([]);
    expect(changes(diff)).toEqual([
      ['GET /pets', ['parameters']],
      ['POST /pets', ['requestBody']],
      ['GET /pets/{petId}', ['parameters']],
    ]);
  });
});

describe('approximateJsonSize and entryDocument', () => {
  it('is close to the JSON length and stops counting past the limit', () => {
    const document = {
      paths: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`/p${i}`, { get: { a: 'x'.repeat(50) } }]),
      ),
    };
    const exact = JSON.stringify(document).length;
    const approximate = approximateJsonSize(document, Infinity);
    expect(approximate).toBeGreaterThan(exact * 0.8);
    expect(approximate).toBeLessThan(exact * 1.5);
    expect(approximateJsonSize(document, 1000)).toBeLessThan(1200);
  });

  it('takes openapi.json, else openapi.yaml, else the first file', () => {
    expect(entryDocument({ 'openapi.yaml': 1, 'openapi.json': 2 })).toBe(2);
    expect(entryDocument({ 'openapi.yaml': 1 })).toBe(1);
    expect(entryDocument({ 'other.json': 3 })).toBe(3);
  });
});
