/** The shape of one operation of the API contract, and the types derived from it. */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The path parameter names of a path template, e.g. `'a' | 'b'` for `/v1/x/{a}/y/{b}`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The groups of the spec, plus the ones our extensions add. */
export type OperationGroup =
  | 'Collections'
  | 'Spaces'
  | 'Sites'
  | 'Site sections'
  | 'Site section groups'
  | 'Site spaces'
  | 'Share links'
  | 'Change requests'
  | 'Change request content'
  | 'Space comments'
  | 'Change request comments'
  | 'Change request reviews'
  | 'Merge rules'
  | 'Custom fields'
  | 'Organizations, invites, search'
  | 'Members and teams'
  | 'SAML and SSO'
  | 'OpenAPI specs and versions'
  | 'Translation settings'
  | 'Meta';

/** One operation: the single definition that routes, validation, serialization, the client and the OpenAPI document use. */
export interface Operation<
  Path extends string = string,
  Q extends TObject = TObject,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | undefined = TSchema | undefined,
> {
  /** GitBook's operation id where GitBook has one. */
  readonly name: string;
  readonly group: OperationGroup;
  readonly method: HttpMethod;
  readonly path: Path;
  readonly summary: string;
  /** Path parameters, derived from the path template. */
  readonly params: TObject;
  readonly query: Q;
  readonly body: B;
  readonly bodyRequired: boolean;
  /** Largest request body in bytes, when this operation needs more than the server's default. */
  readonly bodyLimit: number | undefined;
  /** Schema of the success body; undefined for answers without content (204, 205). */
  readonly response: R;
  readonly success: 200 | 201 | 204 | 205;
  /** A second success without content, answered when there was nothing to do (GitBook's 204 beside a 205). */
  readonly unchanged: 204 | undefined;
  /** Not in the spec: an extension with GitBook's published shape. */
  readonly extension: boolean;
  readonly deprecated: boolean;
}

interface OperationInput<
  Path extends string,
  Q extends TObject,
  B extends TSchema | undefined,
  R extends TSchema | undefined,
> {
  name: string;
  group: OperationGroup;
  method: HttpMethod;
  path: Path;
  summary: string;
  query?: Q;
  body?: B;
  /** Defaults to true when a body schema is given. */
  bodyRequired?: boolean;
  /** Largest request body in bytes, when larger than the server's default (uploads). */
  bodyLimit?: number;
  response?: R;
  success: 200 | 201 | 204 | 205;
  unchanged?: 204;
  extension?: boolean;
  deprecated?: boolean;
  /** Overrides of the default path parameter schema (a non-empty string), by name. */
  paramSchemas?: Partial<Record<PathParamNames<Path>, TSchema>>;
}

const PARAM = /\{([^}]+)\}/g;

/** A path template as a router writes it: `{name}` becomes `:name` (Fastify's and find-my-way's form). */
export function routeUrl(path: string): string {
  return path.replace(PARAM, ':$1');
}

/** Defines an operation; path parameters are derived from the path template. */
export function defineOperation<
  const Path extends string,
  Q extends TObject = TObject<{}>,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
>(input: OperationInput<Path, Q, B, R>): Operation<Path, Q, B, R> {
  const overrides: Record<string, TSchema | undefined> = input.paramSchemas ?? {};
  const params: Record<string, TSchema> = {};
  for (const match of input.path.matchAll(PARAM)) {
    const name = match[1] as string;
    params[name] = overrides[name] ?? Type.String({ minLength: 1, maxLength: 256 });
  }
  return {
    name: input.name,
    group: input.group,
    method: input.method,
    path: input.path,
    summary: input.summary,
    params: Type.Object(params),
    query: input.query ?? (Type.Object({}) as Q),
    body: input.body as B,
    bodyRequired: input.bodyRequired ?? input.body !== undefined,
    bodyLimit: input.bodyLimit,
    response: input.response as R,
    success: input.success,
    unchanged: input.unchanged,
    extension: input.extension ?? false,
    deprecated: input.deprecated ?? false,
  };
}

/** Static types of an operation's parts. */
export type ParamsOf<O> =
  O extends Operation<infer P, TObject, TSchema | undefined, TSchema | undefined>
    ? { [K in PathParamNames<P>]: string }
    : never;
export type QueryOf<O> =
  O extends Operation<string, infer Q, TSchema | undefined, TSchema | undefined> ? Static<Q> : never;
export type BodyOf<O> =
  O extends Operation<string, TObject, infer B, TSchema | undefined>
    ? B extends TSchema
      ? Static<B>
      : undefined
    : never;
export type ResponseOf<O> =
  O extends Operation<string, TObject, TSchema | undefined, infer R>
    ? R extends TSchema
      ? Static<R>
      : undefined
    : never;
