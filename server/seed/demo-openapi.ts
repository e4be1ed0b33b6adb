/**
 * Demo OpenAPI specifications: "petstore" (a Swagger 2.0 description, then its OpenAPI 3.0 rewrite) and "acme-api"
 * (OpenAPI 3.1, three versions that add, remove and change operations, for the screen's diff by operation).
 *
 * The documents are embedded text sources, stored through the processing's own parse and store steps
 * (`parseSpecText`, `recordProcessed`), synchronously, so the demo is `complete` from the start. The asynchronous
 * validation step is left out here only because the seed runs in one synchronous transaction: the seed's test
 * validates every embedded document with it. Deterministic: same documents, same dates.
 */
import { parseSpecText } from '../domain/openapi/document.ts';
import { insertSpec, recordProcessed } from '../domain/openapi/records.ts';
import type { Database } from '../storage/database.ts';

const DAY = 86_400_000;

interface DemoSpec {
  slug: string;
  /** Oldest first: each version's text, and how many days before the seed it was processed. */
  versions: { daysAgo: number; text: string }[];
}

const PETSTORE_SWAGGER = JSON.stringify(
  {
    swagger: '2.0',
    info: { title: 'Swagger Petstore', version: '1.0.0', description: 'A sample API that uses a petstore.' },
    host: 'petstore.acme.test',
    basePath: '/v1',
    schemes: ['https'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List all pets',
          tags: ['pets'],
          parameters: [
            { name: 'limit', in: 'query', type: 'integer', format: 'int32', description: 'How many items' },
          ],
          responses: {
            '200': { description: 'A page of pets', schema: { $ref: '#/definitions/Pets' } },
            default: { description: 'Unexpected error', schema: { $ref: '#/definitions/Error' } },
          },
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          tags: ['pets'],
          parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
          responses: {
            '201': { description: 'Created' },
            default: { description: 'Unexpected error', schema: { $ref: '#/definitions/Error' } },
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'showPetById',
          summary: 'Info for a specific pet',
          tags: ['pets'],
          parameters: [{ name: 'petId', in: 'path', required: true, type: 'string' }],
          responses: {
            '200': { description: 'The pet', schema: { $ref: '#/definitions/Pet' } },
            default: { description: 'Unexpected error', schema: { $ref: '#/definitions/Error' } },
          },
        },
      },
    },
    definitions: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          name: { type: 'string' },
          tag: { type: 'string' },
        },
      },
      Pets: { type: 'array', items: { $ref: '#/definitions/Pet' } },
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
      },
    },
  },
  null,
  2,
);

const PETSTORE_OPENAPI_30 = `openapi: 3.0.3
info:
  title: Swagger Petstore
  version: 2.0.0
  description: A sample API that uses a petstore, rewritten in OpenAPI 3.0.
servers:
  - url: https://petstore.acme.test/v2
tags:
  - name: pets
paths:
  /pets:
    get:
      operationId: listPets
      summary: List all pets
      tags: [pets]
      parameters:
        - name: limit
          in: query
          description: How many items to return at one time (max 100)
          schema:
            type: integer
            format: int32
            maximum: 100
      responses:
        '200':
          description: A page of pets
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pets'
        default:
          $ref: '#/components/responses/Error'
    post:
      operationId: createPet
      summary: Create a pet
      tags: [pets]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '201':
          description: Created
        default:
          $ref: '#/components/responses/Error'
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        schema:
          type: string
    get:
      operationId: showPetById
      summary: Info for a specific pet
      tags: [pets]
      responses:
        '200':
          description: The pet
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
        default:
          $ref: '#/components/responses/Error'
    delete:
      operationId: deletePet
      summary: Delete a pet
      tags: [pets]
      responses:
        '204':
          description: Deleted
        default:
          $ref: '#/components/responses/Error'
components:
  responses:
    Error:
      description: Unexpected error
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id:
          type: integer
          format: int64
        name:
          type: string
        tag:
          type: string
    Pets:
      type: array
      items:
        $ref: '#/components/schemas/Pet'
    Error:
      type: object
      required: [code, message]
      properties:
        code:
          type: integer
          format: int32
        message:
          type: string
`;

/** The Acme API's operations, per version: what the diff by operation shows. */
type Operation = { summary: string; query?: string[]; body?: string[]; deprecated?: boolean };
type Paths = Record<string, Record<string, Operation>>;

/** An operation of the Acme API as OpenAPI 3.1. */
function acmeOperation(method: string, path: string, operation: Operation): Record<string, unknown> {
  const parameters = [
    ...(path.includes('{projectId}')
      ? [{ name: 'projectId', in: 'path', required: true, schema: { type: 'string' } }]
      : []),
    ...(operation.query ?? []).map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
  ];
  const words = path.replace(/[{}]/g, '').split('/').filter(Boolean);
  return {
    operationId: [method, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join(''),
    summary: operation.summary,
    ...(operation.deprecated ? { deprecated: true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: operation.body,
                  properties: Object.fromEntries(operation.body.map((name) => [name, { type: 'string' }])),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: operation.summary,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Project' } } },
      },
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

function acmeApi(version: string, paths: Paths): string {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Acme API', version, description: 'Projects and members of Acme Docs.' },
    servers: [{ url: 'https://api.acme.test/v1' }],
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, methods]) => [
        path,
        Object.fromEntries(
          Object.entries(methods).map(([method, operation]) => [
            method,
            acmeOperation(method, path, operation),
          ]),
        ),
      ]),
    ),
    components: {
      responses: {
        Error: {
          description: 'Unexpected error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Project: {
          type: 'object',
          required: ['id', 'title'],
          properties: { id: { type: 'string' }, title: { type: 'string' }, visibility: { type: 'string' } },
        },
        Error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  };
  return JSON.stringify(document, null, 2);
}

/** v1: projects read and created, the caller's own user. */
const ACME_V1: Paths = {
  '/projects': {
    get: { summary: 'List projects' },
    post: { summary: 'Create a project', body: ['title'] },
  },
  '/projects/{projectId}': { get: { summary: 'Get a project' } },
  '/users/me': { get: { summary: 'Get the current user' } },
};

/** v2: projects updated and deleted (added), the list filtered (changed), the user endpoint deprecated (changed). */
const ACME_V2: Paths = {
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
};

/** v3: the user endpoint removed, project members added, creation needs a visibility (changed). */
const ACME_V3: Paths = {
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
};

/** The demo specifications, oldest version first. */
export const DEMO_OPENAPI_SPECS: readonly DemoSpec[] = [
  {
    slug: 'acme-api',
    versions: [
      { daysAgo: 120, text: acmeApi('1.0.0', ACME_V1) },
      { daysAgo: 45, text: acmeApi('1.1.0', ACME_V2) },
      { daysAgo: 6, text: acmeApi('2.0.0', ACME_V3) },
    ],
  },
  {
    slug: 'petstore',
    versions: [
      { daysAgo: 200, text: PETSTORE_SWAGGER },
      { daysAgo: 20, text: PETSTORE_OPENAPI_30 },
    ],
  },
];

/** Seeds the demo specifications of the organization, each `complete` with all its versions. */
export function seedDemoOpenApi(db: Database, now: Date, organizationId: string): void {
  for (const demo of DEMO_OPENAPI_SPECS) {
    const dated = demo.versions.map((version) => ({
      at: new Date(now.getTime() - version.daysAgo * DAY),
      text: version.text,
    }));
    const last = dated[dated.length - 1]!;
    const id = insertSpec(db, dated[0]!.at, { organizationId, slug: demo.slug, source: { text: last.text } });
    for (const version of dated) {
      // The spec's first and only source so far: serial 1.
      if (!recordProcessed(db, version.at, id, 1, parseSpecText(version.text), null))
        throw new Error(`demo OpenAPI spec ${demo.slug}: a version was not recorded`);
    }
  }
}
