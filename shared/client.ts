/**
 * A typed client derived from the contract's table: one method for every operation, by name. It loads only the plain
 * table of methods and paths (routes.ts), not the schemas, so that the renderer's first screen loads without them.
 */
import type {
  BodyOf,
  ErrorBody,
  OperationName,
  Operations,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from './contract/index.ts';
import { operationRoutes } from './contract/routes.ts';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Maybe<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call takes: `params` (path), `query` and `body`, each present only where the operation has them. */
export type CallInput<N extends OperationName> = Simplify<
  Maybe<'params', keyof ParamsOf<Operations[N]> extends never ? undefined : ParamsOf<Operations[N]>> &
    Maybe<'query', QueryOf<Operations[N]>> &
    Maybe<'body', BodyOf<Operations[N]>>
>;

/** A raw answer: the success body, or the error body with its status. */
export type CallResult<N extends OperationName> =
  | { ok: true; status: number; body: ResponseOf<Operations[N]>; headers: Headers }
  | { ok: false; status: number; body: ErrorBody; headers: Headers };

/** Thrown by `call` for any non-success answer; carries the status and the server's message. */
export class ApiClientError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
  }
}

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** Fills a path template with encoded parameters. */
export function buildPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Serializes a query object (arrays repeat the key; undefined values are left out). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** One API call as a transport sees it: the path is filled in, the query is still an object. */
export interface TransportRequest {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Carries a request to the API and answers its status and parsed JSON body (HTTP directly, or the desktop bridge). */
export type Transport = (
  request: TransportRequest,
) => Promise<{ status: number; body: unknown; headers?: Headers }>;

/** The HTTP transport: calls the API at `baseUrl` with the token, as the main process and tests do. */
export function httpTransport(options: ClientOptions): Transport {
  const doFetch = options.fetch ?? fetch;
  return async ({ method, path, query, body }) => {
    const url = `${options.baseUrl.replace(/\/$/, '')}${path}${buildQuery(query)}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      headers: response.headers,
    };
  };
}

/** A typed client over HTTP. */
export function createClient(options: ClientOptions) {
  return createTransportClient(httpTransport(options));
}

/** A typed client over any transport. */
export function createTransportClient(transport: Transport) {
  async function request<N extends OperationName>(
    name: N,
    input: CallInput<N> = {} as CallInput<N>,
  ): Promise<CallResult<N>> {
    const [method, path] = operationRoutes[name];
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const answer = await transport({
      method,
      path: buildPath(path, params),
      ...(query !== undefined ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    const headers = answer.headers ?? new Headers();
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, status: answer.status, body: answer.body as ResponseOf<Operations[N]>, headers };
    }
    return { ok: false, status: answer.status, body: answer.body as ErrorBody, headers };
  }

  /** The success body, or an `ApiClientError`. */
  async function call<N extends OperationName>(
    name: N,
    input?: CallInput<N>,
  ): Promise<ResponseOf<Operations[N]>> {
    const result = await request(name, input);
    if (!result.ok)
      throw new ApiClientError(result.status, result.body?.error?.message ?? `HTTP ${result.status}`);
    return result.body;
  }

  return { request, call };
}

export type ApiClient = ReturnType<typeof createClient>;
