import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../shared/contract/index.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

const SPEC_COUNT = 130;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface DocumentOperation {
  operationId?: string;
  'x-extension'?: boolean;
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], DocumentOperation>>>;
}

/** Every operation of the document, as `METHOD path` with its entry. */
function documentOperations(doc: Document): { key: string; entry: DocumentOperation }[] {
  const found: { key: string; entry: DocumentOperation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const entry = item[method];
      if (entry) found.push({ key: `${method.toUpperCase()} ${path}`, entry });
    }
  }
  return found;
}

describe('GET /v1/openapi.json', () => {
  let server: TestServer;
  let response: Response;
  let doc: Document;
  beforeAll(async () => {
    server = await startTestServer();
    response = await fetch(`${server.baseUrl}/v1/openapi.json`);
    doc = (await response.json()) as Document;
  });
  afterAll(async () => server.close());

  it('is served without a token, as JSON', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
  });

  it('resolves every $ref to a component of the document', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, unknown> } }).components
      .schemas;
    const refs = new Set<string>();
    JSON.stringify(doc, (name, value: unknown) => {
      if (name === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    expect(refs.size).toBeGreaterThan(0);
    const dangling = [...refs].filter(
      (ref) => !(ref.startsWith('#/components/schemas/') && ref.slice(21) in components),
    );
    expect(dangling).toEqual([]);
  });

  it('lists every operation of the table, once, under its name', () => {
    const listed = documentOperations(doc);
    const ids = listed.map(({ entry }) => entry.operationId);
    expect(new Set(ids)).toEqual(new Set(operationList.map((operation) => operation.name)));
    const extensions = operationList.filter((operation) => operation.extension).length;
    expect(listed).toHaveLength(SPEC_COUNT + extensions);
    expect(listed).toHaveLength(operationList.length);
    expect(new Set(listed.map(({ key }) => key))).toEqual(
      new Set(operationList.map((o) => `${o.method} ${o.path}`)),
    );
  });

  it('marks extensions with x-extension and nothing else', () => {
    const byId = new Map(documentOperations(doc).map(({ entry }) => [entry.operationId, entry]));
    for (const operation of operationList) {
      const entry = byId.get(operation.name);
      if (operation.extension) expect(entry?.['x-extension'], operation.name).toBe(true);
      else expect(entry?.['x-extension'], operation.name).toBeUndefined();
    }
  });

  it('documents each success status of the table', () => {
    const byId = new Map(documentOperations(doc).map(({ entry }) => [entry.operationId, entry]));
    for (const operation of operationList) {
      expect(Object.keys(byId.get(operation.name)?.responses ?? {}), operation.name).toContain(
        String(operation.success),
      );
    }
  });
});
