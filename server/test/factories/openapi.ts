/**
 * Factories of the OpenAPI spec tests (part of server/test/factories.ts): a local fixture HTTP server (127.0.0.1, port 0) serving documents, failures,
 * a route that never answers and a route held until the test releases it; sample documents; small API helpers.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OpenAPISpec } from '../../../shared/contract/resources/openapi.ts';
import { expectStatus, sendOperation, type RawAnswer } from '../http-helpers.ts';
import type { TestServer, TestUser } from '../harness.ts';

export const SWAGGER_2 = {
  swagger: '2.0',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        produces: ['application/json'],
        responses: { '200': { description: 'The pets', schema: { $ref: '#/definitions/Pets' } } },
      },
    },
  },
  definitions: {
    Pet: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    Pets: { type: 'array', items: { $ref: '#/definitions/Pet' } },
  },
};

export const OPENAPI_30_YAML = `openapi: 3.0.3
info:
  title: Widgets
  version: 2.0.0
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses:
        '200':
          description: The widgets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Widget'
components:
  schemas:
    Widget:
      type: object
      properties:
        id:
          type: string
`;

/** A valid OpenAPI 3.1 document with one operation per path given. */
export function openApi31(title: string, paths: string[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    paths: Object.fromEntries(
      paths.map((path) => [path, { get: { responses: { '200': { description: `GET ${path}` } } } }]),
    ),
  };
}

/** Valid YAML that is no OpenAPI description. */
export const NOT_OPENAPI_YAML = 'name: my shopping list\nitems:\n  - milk\n  - bread\n';

/** An OpenAPI document that breaks the schema: `responses` must be a map. */
export const INVALID_OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Broken', version: '1' },
  paths: { '/a': { get: { responses: 5 } } },
};

/** A YAML "billion laughs": nine levels of nine aliases. */
export const YAML_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...Array.from({ length: 8 }, (_, i) => {
    const name = String.fromCharCode(98 + i);
    const prev = String.fromCharCode(97 + i);
    return `${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
  'openapi: 3.0.3',
].join('\n');

/**
 * An OpenAPI document whose references expand exponentially: `levels` schemas, each referring twice to the next
 * (about 5 KB at 40 levels, 2^40 values once dereferenced).
 */
export function exponentialDocument(levels: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++)
    schemas[`Level${i}`] =
      i === levels - 1
        ? { type: 'string' }
        : {
            type: 'object',
            properties: {
              left: { $ref: `#/components/schemas/Level${i + 1}` },
              right: { $ref: `#/components/schemas/Level${i + 1}` },
            },
          };
  return {
    openapi: '3.0.3',
    info: { title: 'Exponential', version: '1.0.0' },
    paths: {
      '/tree': {
        get: {
          responses: {
            '200': {
              description: 'The tree',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Level0' } } },
            },
          },
        },
      },
    },
    components: { schemas },
  };
}

export interface Fixture {
  url(path: string): string;
  /** Sets what a path answers: a body (text or JSON) and optionally a status and a content type. */
  set(
    path: string,
    body: string | Uint8Array | object,
    options?: { status?: number; contentType?: string },
  ): void;
  /** Paths requested so far, in order. */
  requested: string[];
  /** Holds the next request of `path` until `release()`; `arrived` resolves when it comes in. */
  hold(path: string): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

/** Starts the fixture server. `/hang` never answers. */
export async function startFixture(): Promise<Fixture> {
  const routes = new Map<string, { status: number; body: string | Uint8Array; contentType: string }>();
  const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();
  const requested: string[] = [];
  const sockets = new Set<Socket>();
  const answer = (path: string, response: ServerResponse) => {
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(route.status, { 'content-type': route.contentType }).end(route.body);
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requested.push(path);
    if (path === '/hang') return;
    const held = holds.get(path);
    if (held) {
      holds.delete(path);
      held.arrived();
      void held.released.then(() => answer(path, response));
      return;
    }
    answer(path, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set(path, body, options = {}) {
      const data =
        typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body, null, 2);
      routes.set(path, {
        status: options.status ?? 200,
        body: data,
        contentType:
          options.contentType ??
          (typeof body === 'string'
            ? 'text/yaml'
            : body instanceof Uint8Array
              ? 'application/octet-stream'
              : 'application/json'),
      });
    },
    requested,
    hold(path) {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(path, { arrived, released });
      return { arrived: arrivedPromise, release };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends an operation as a user and asserts the status; answers the body. */
export async function expectCall(
  server: TestServer,
  user: TestUser,
  name: Parameters<typeof sendOperation>[1],
  input: Omit<Parameters<typeof sendOperation>[2] & object, 'token'>,
  status: number,
): Promise<RawAnswer> {
  const answer = await sendOperation(server, name, { ...input, token: user.token });
  expectStatus(answer, status);
  return answer;
}

/** Creates a spec, waits for its processing, and answers it as it is then. */
export async function createProcessed(
  server: TestServer,
  user: TestUser,
  orgId: string,
  slug: string,
  source: { url: string } | { text: string },
): Promise<OpenAPISpec> {
  await expectCall(
    server,
    user,
    'createOpenAPISpec',
    { params: { organizationId: orgId }, body: { slug, source } },
    201,
  );
  await server.whenJobsIdle();
  return getSpec(server, user, orgId, slug);
}

/** Replaces a spec's source, waits for its processing, and answers it as it is then. */
export async function putProcessed(
  server: TestServer,
  user: TestUser,
  orgId: string,
  slug: string,
  source: { url: string } | { text: string },
): Promise<OpenAPISpec> {
  await expectCall(
    server,
    user,
    'createOrUpdateOpenAPISpecBySlug',
    { params: { organizationId: orgId, specSlug: slug }, body: { source } },
    200,
  );
  await server.whenJobsIdle();
  return getSpec(server, user, orgId, slug);
}

export async function getSpec(
  server: TestServer,
  user: TestUser,
  orgId: string,
  slug: string,
): Promise<OpenAPISpec> {
  const answer = await expectCall(
    server,
    user,
    'getOpenAPISpecBySlug',
    { params: { organizationId: orgId, specSlug: slug } },
    200,
  );
  return answer.body as OpenAPISpec;
}
