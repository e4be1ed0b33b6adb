/**
 * Seeds a browser-mode data directory for the `admin` benchmark: the demo, then an organization "Bench Fields" owned
 * by the demo's owner (the sandbox profile's user) with 2,000 spaces and 20 custom fields of every type (selects with
 * 8 options), and values on every other space for half the fields; written straight into the server's storage in one
 * transaction (through the API this would be tens of thousands of requests). Also a separate API data directory
 * (the demo and an owner token) for the OpenAPI processing half, served by `server/cli.ts serve`.
 */
import { join } from 'node:path';
import type { CustomFieldTypeValue } from '../shared/contract/resources/customFields.ts';
import { buildPages } from '../server/domain/content/revisions.ts';
import { createOrganization, issueToken } from '../server/domain/organizations/commands.ts';
import { insertSpaceWithTree } from '../server/domain/spaces/records.ts';
import { newId } from '../server/ids.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { openDatabase, type Database } from '../server/storage/database.ts';
import { keysBetween } from '../server/storage/sort-keys.ts';

export const DEMO_ORG_TITLE = 'Acme Docs';
export const BENCH_ORG_TITLE = 'Bench Fields';

/** How much to seed. */
export interface AdminSeedSize {
  spaces: number;
  fields: number;
}

/** What the benchmark needs to know about the seeded grid. */
export interface AdminSeed {
  orgId: string;
  spaces: number;
  fields: number;
  /** Values written (space × field pairs). */
  values: number;
}

const TYPES: readonly CustomFieldTypeValue[] = [
  'text',
  'number',
  'boolean',
  'tags',
  'select:single',
  'select:multi',
];
const OPTIONS = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta'];

function valueFor(type: CustomFieldTypeValue, space: number, field: number): unknown {
  switch (type) {
    case 'text':
      return `Owner ${(space * 7 + field) % 97}`;
    case 'number':
      return (space * 13 + field) % 365;
    case 'boolean':
      return (space + field) % 2 === 0;
    case 'tags':
      return [`tag-${space % 11}`, `topic-${field}`];
    case 'select:single':
      return OPTIONS[(space + field) % OPTIONS.length];
    case 'select:multi':
      return [OPTIONS[space % OPTIONS.length], OPTIONS[(space + 3) % OPTIONS.length]];
    default: {
      const unexpected: never = type;
      throw new Error(`unknown type ${String(unexpected)}`);
    }
  }
}

/** The demo organization's owner (the user of the sandbox profile). */
function demoOwner(db: Database): string {
  const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', DEMO_ORG_TITLE));
  if (org === undefined) throw new Error(`the demo has no organization titled ${DEMO_ORG_TITLE}`);
  const owner = db.first(
    db.q
      .selectFrom('members')
      .select('user_id')
      .where('organization_id', '=', org.id)
      .where('role', '=', 'admin')
      .orderBy('joined_at'),
  );
  if (owner === undefined) throw new Error(`${DEMO_ORG_TITLE} has no admin`);
  return owner.user_id;
}

/** Seeds `<dataDir>/sandbox` (the database the browser-mode supervisor opens) and closes it again. */
export function seedAdminGrid(dataDir: string, size: AdminSeedSize, now = new Date()): AdminSeed {
  const db = openDatabase(join(dataDir, 'sandbox'));
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dataDir} already has a sandbox database`);
    const ownerId = demoOwner(db);
    const at = now.toISOString();
    let orgId = '';
    let values = 0;
    db.transaction(() => {
      orgId = createOrganization(db, now, { title: BENCH_ORG_TITLE, ownerId }).id;
      const pages = buildPages(db, now, [{ title: 'Introduction', markdown: '# Introduction\n' }]);
      const keys = keysBetween(null, null, size.spaces);
      const spaceIds = keys.map(
        (sortKey, i) =>
          insertSpaceWithTree(
            db,
            now,
            {
              organizationId: orgId,
              parentId: null,
              title: `Bench Space ${String(i + 1).padStart(4, '0')}`,
              actorId: ownerId,
              sortKey,
            },
            () => ({ pages, files: [] }),
          ).id,
      );
      const fields = Array.from({ length: size.fields }, (_, f) => {
        const type = TYPES[f % TYPES.length]!;
        const id = newId();
        const name = `bench-${String(f + 1).padStart(2, '0')}-${type.replace(':', '-')}`;
        db.run(
          db.q.insertInto('custom_fields').values({
            id,
            organization_id: orgId,
            name,
            type,
            title: `Bench ${String(f + 1).padStart(2, '0')} (${type})`,
            description: '',
            placeholder: '',
            options: type.startsWith('select:') ? JSON.stringify(OPTIONS) : null,
            created_at: at,
            updated_at: at,
          }),
        );
        return { id, type };
      });
      spaceIds.forEach((spaceId, s) => {
        if (s % 2 === 1) return;
        fields.forEach((field, f) => {
          if (f % 2 === 1) return;
          db.run(
            db.q.insertInto('space_custom_field_values').values({
              space_id: spaceId,
              field_id: field.id,
              value: JSON.stringify(valueFor(field.type, s, f)),
              updated_at: at,
            }),
          );
          values++;
        });
      });
    });
    return { orgId, spaces: size.spaces, fields: size.fields, values };
  } finally {
    db.close();
  }
}

/** Seeds an API data directory with the demo; answers the demo organization and a token of its owner. */
export function seedApiData(dir: string, now = new Date()): { orgId: string; token: string } {
  const db = openDatabase(dir);
  try {
    if (seedDemo(db, now) === undefined) throw new Error(`${dir} already has a database`);
    const org = db.first(db.q.selectFrom('organizations').select('id').where('title', '=', DEMO_ORG_TITLE));
    if (org === undefined) throw new Error(`the demo has no organization titled ${DEMO_ORG_TITLE}`);
    const token = db.transaction(() => issueToken(db, now, demoOwner(db), 'bench'));
    return { orgId: org.id, token };
  } finally {
    db.close();
  }
}

/** One resource of the generated API: its two schemas and its five operations on two paths. */
function addResource(doc: OpenApiDocument, i: number): void {
  const name = `Resource${String(i).padStart(4, '0')}`;
  const tag = `group-${Math.floor(i / 25)}`;
  const path = `/resources-${i}`;
  const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
  // Chains of links within a group of 25 (a validator dereferences them: a chain of 1,000 would be too deep).
  const linked = i % 25 !== 0 ? { linked: ref(`Resource${String(i - 1).padStart(4, '0')}`) } : {};
  doc.components.schemas[`${name}Input`] = {
    type: 'object',
    description: `What a client sends to create or change a ${name}. Every field is checked by the server.`,
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 200, description: `Title of the ${name}.` },
      summary: { type: 'string', maxLength: 2000, description: 'A short summary shown in lists.' },
      state: { type: 'string', enum: ['draft', 'review', 'published', 'archived'] },
      priority: { type: 'integer', minimum: 0, maximum: 10 },
      labels: { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 20 },
    },
  };
  doc.components.schemas[name] = {
    type: 'object',
    description: `A ${name} as the API answers it, with its identifiers, timestamps and links.`,
    required: ['id', 'title', 'createdAt'],
    properties: {
      id: { type: 'string', description: 'Unique identifier.', example: `r${i}-0001` },
      title: { type: 'string', description: `Title of the ${name}.` },
      summary: { type: 'string', nullable: true },
      state: { type: 'string', enum: ['draft', 'review', 'published', 'archived'] },
      priority: { type: 'integer', format: 'int32' },
      labels: { type: 'array', items: { type: 'string' } },
      owner: ref('Person'),
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      urls: { type: 'object', properties: { app: { type: 'string', format: 'uri' } } },
      ...linked,
    },
  };
  const errors = {
    '400': { $ref: '#/components/responses/BadRequest' },
    '401': { $ref: '#/components/responses/Unauthorized' },
    '404': { $ref: '#/components/responses/NotFound' },
  };
  doc.tags.push({ name: `${tag}-${i}`, description: `Operations on ${name}.` });
  doc.paths[path] = {
    get: {
      operationId: `list${name}`,
      tags: [tag],
      summary: `List ${name} items`,
      description: `Answers the ${name} items page by page, newest first.`,
      parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Page' }],
      responses: {
        '200': {
          description: 'A page of items.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { items: { type: 'array', items: ref(name) }, next: { type: 'string' } },
              },
            },
          },
        },
        ...errors,
      },
    },
    post: {
      operationId: `create${name}`,
      tags: [tag],
      summary: `Create a ${name}`,
      requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Input`) } } },
      responses: {
        '201': { description: 'Created.', content: { 'application/json': { schema: ref(name) } } },
        ...errors,
      },
    },
  };
  doc.paths[`${path}/{id}`] = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      operationId: `get${name}`,
      tags: [tag],
      summary: `Get a ${name}`,
      responses: {
        '200': { description: 'The item.', content: { 'application/json': { schema: ref(name) } } },
        ...errors,
      },
    },
    patch: {
      operationId: `update${name}`,
      tags: [tag],
      summary: `Change a ${name}`,
      requestBody: { required: true, content: { 'application/json': { schema: ref(`${name}Input`) } } },
      responses: {
        '200': { description: 'Changed.', content: { 'application/json': { schema: ref(name) } } },
        ...errors,
      },
    },
    delete: {
      operationId: `delete${name}`,
      tags: [tag],
      summary: `Delete a ${name}`,
      responses: { '204': { description: 'Deleted.' }, ...errors },
    },
  };
}

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * A valid OpenAPI 3.0 document (pretty-printed JSON) of at least `targetBytes`: resources of two schemas and five
 * operations each (two paths), sharing parameters and error responses, schemas linking to the previous one in groups
 * of 25.
 */
export function buildOpenApiDocument(targetBytes: number): { text: string; paths: number; schemas: number } {
  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: 'Bench API',
      version: '1.0.0',
      description: 'A generated API description for the admin bench.',
    },
    servers: [{ url: 'https://api.bench.test/v1' }],
    security: [{ bearer: [] }],
    tags: [],
    paths: {},
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      parameters: {
        Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
        Page: { name: 'page', in: 'query', schema: { type: 'string' } },
      },
      responses: Object.fromEntries(
        (['BadRequest', 'Unauthorized', 'NotFound'] as const).map((name) => [
          name,
          {
            description: name,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              properties: { code: { type: 'integer' }, message: { type: 'string' } },
            },
          },
        },
        Person: {
          type: 'object',
          properties: { id: { type: 'string' }, displayName: { type: 'string' }, email: { type: 'string' } },
        },
      },
    },
  };
  let count = 0;
  let text = '';
  do {
    for (let batch = 0; batch < 50; batch++) addResource(doc, count++);
    text = JSON.stringify(doc, null, 2);
  } while (Buffer.byteLength(text) < targetBytes);
  return { text, paths: Object.keys(doc.paths).length, schemas: Object.keys(doc.components.schemas).length };
}
