/** The OpenAPI 3.1 document, generated from the contract's table of operations. */
import type { TSchema } from '@sinclair/typebox';
import { ErrorBody, operationList, schemaName, type Operation } from '../../shared/contract/index.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Copies a schema as plain JSON, turning named schemas into `$ref`s to components collected on the way. */
class SchemaWriter {
  readonly components: Record<string, Json> = {};
  private readonly pending = new Map<string, object>();

  ref(schema: object): Json {
    return this.write(schema, true);
  }

  private write(schema: unknown, allowRef: boolean): Json {
    if (Array.isArray(schema)) return schema.map((item) => this.write(item, true));
    if (schema === null || typeof schema !== 'object') return schema as Json;
    const record = schema as Record<string, unknown>;
    const name = schemaName(record) ?? (typeof record.$id === 'string' ? record.$id : undefined);
    if (allowRef && name !== undefined) {
      if (!(name in this.components) && !this.pending.has(name)) {
        this.pending.set(name, record);
        this.components[name] = this.write(record, false);
        this.pending.delete(name);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key === '$id') continue;
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        out.$ref = `#/components/schemas/${value}`;
        continue;
      }
      out[key] = this.write(value, true);
    }
    return out;
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  205: 'Deleted',
  400: 'Bad input: the message names the field and the rule',
  401: 'Missing, malformed or unknown token',
  403: 'The caller lacks the right',
  404: 'Absent, or not visible to the caller',
  409: 'Conflicts with the current state',
  410: 'No longer available',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many requests with this token, or without a valid token from this address (see Retry-After)',
  501: 'Not implemented by this server yet',
};

/** Error statuses only some operations answer, beyond the ones every operation may. */
const EXTRA_ERRORS: Record<string, readonly number[]> = {
  // A space deleted more than 7 days ago can no longer be restored.
  restoreSpace: [410],
};

function queryParameters(operation: Operation, writer: SchemaWriter): Json[] {
  const properties = (operation.query.properties ?? {}) as Record<string, TSchema>;
  const required = new Set(operation.query.required ?? []);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(schema.description ? { description: schema.description } : {}),
    schema: writer.ref(schema),
  }));
}

function pathParameters(operation: Operation, writer: SchemaWriter): Json[] {
  const properties = (operation.params.properties ?? {}) as Record<string, TSchema>;
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: writer.ref(schema),
  }));
}

/** Builds the document (once; it does not change while the server runs). */
export function openApiDocument(): Record<string, Json> {
  const writer = new SchemaWriter();
  const errorRef = writer.ref(ErrorBody);
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of operationList) {
    const responses: Record<string, Json> = {};
    responses[String(operation.success)] = operation.response
      ? {
          description: STATUS_TEXT[operation.success] ?? 'OK',
          content: { 'application/json': { schema: writer.ref(operation.response) } },
        }
      : { description: STATUS_TEXT[operation.success] ?? 'OK' };
    if (operation.unchanged !== undefined)
      responses[String(operation.unchanged)] = { description: 'Nothing to do: nothing was changed' };
    for (const status of [
      400,
      401,
      403,
      404,
      409,
      ...(EXTRA_ERRORS[operation.name] ?? []),
      413,
      415,
      429,
      501,
    ]) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const entry: Record<string, Json> = {
      operationId: operation.name,
      summary: operation.summary,
      tags: [operation.group],
      parameters: [...pathParameters(operation, writer), ...queryParameters(operation, writer)],
      responses,
    };
    if (operation.body) {
      entry.requestBody = {
        required: operation.bodyRequired,
        content: { 'application/json': { schema: writer.ref(operation.body) } },
      };
    }
    if (operation.deprecated) entry.deprecated = true;
    if (operation.extension) entry['x-extension'] = true;
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, Json>)[operation.method.toLowerCase()] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Documentation Platform Management API',
      version: '1.0.0',
      description:
        "GitBook's management API as implemented by Docs Admin's embedded server. Operations marked `x-extension` are not in the spec; they follow GitBook's published shapes.",
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: writer.components,
    },
  };
}

let served: Record<string, Json> | undefined;

/**
 * The document the server serves, built by the process's first app: it depends on the contract alone, so a process
 * that builds many apps (the tests' servers) builds, serializes and hashes it once (openapi-route.ts keeps its forms
 * per document). Never changed after it is built.
 */
export const servedOpenApiDocument = (): Readonly<Record<string, Json>> => (served ??= openApiDocument());
