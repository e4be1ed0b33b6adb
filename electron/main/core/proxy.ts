/**
 * The API proxy: the renderer names a profile and an API path of the contract; the main process checks the path,
 * adds the token, calls the profile's base URL with a timeout and cancellation, and answers `{ status, body }`.
 * Every failure has the API's error shape. The token appears in no answer and no message.
 *
 * Calls of a profile are paced by its API's rate-limit headers (`pacer.ts`): they wait their turn, and a 429 is
 * retried after the wait the API asks for, so that no 429 reaches the renderer. The queue's wait does not count
 * against the timeout. An operation the profile's API does not offer (`capabilities.ts`) is answered 404 here.
 */
import type { ApiCapabilities, ApiPacing, ApiRequest, ApiResponse } from '../../../shared/bridge.ts';
import { buildQuery } from '../../../shared/client.ts';
import { operationList, type Operation, type OperationName } from '../../../shared/contract/index.ts';
import { SANDBOX_ONLY_OPERATIONS } from '../../../shared/contract/operations/sandbox.ts';
import { optionalOperations } from '../../../shared/gitbook/published.ts';
import { Capabilities } from './capabilities.ts';
import { httpCall } from './http-call.ts';
import { redact, safeBody } from './redaction.ts';
import { Pacer, type RateHeaders, type Turn } from './pacer.ts';
import { LOCAL_PROFILE_ID } from './targets.ts';

export { redact } from './redaction.ts';

/** Where a call goes and with what token. */
export interface ProxyTarget {
  baseUrl: string;
  token: string;
}

/** What looking up a profile found: a target, no such profile, or a reason it cannot be called now. */
export type TargetLookup =
  | { kind: 'target'; target: ProxyTarget }
  | { kind: 'unknown' }
  | { kind: 'unavailable'; status: number; message: string };

/** Finds the base URL and token of a profile. */
export type ResolveTarget = (profileId: string) => Promise<TargetLookup>;

/** An answer plus whether the API was reached at all (false: refused here, network failure, timeout). */
export interface ProxyOutcome extends ApiResponse {
  reached: boolean;
}

/** One call, as `call` takes it: a contract path with parameters filled in, and the rest. */
export type ProxyCall = Omit<ApiRequest, 'profileId'>;

/** Status answered for a call cancelled with `cancel` (the renderer no longer waits for it). */
export const CANCELLED_STATUS = 499;

/** The API's error shape. */
export function errorBody(code: number, message: string): { error: { code: number; message: string } } {
  return { error: { code, message } };
}

interface CompiledOperation {
  operation: Operation;
  method: string;
  pattern: RegExp;
}

/**
 * The operations by their paths' number of segments (a parameter fills one segment): a path is matched against the
 * few of its length only, on every call the renderer makes.
 */
const compiledBySegments = new Map<number, CompiledOperation[]>();
for (const operation of operationList) {
  const segments = operation.path.split('/').length;
  const entries = compiledBySegments.get(segments) ?? [];
  entries.push({
    operation,
    method: operation.method,
    pattern: new RegExp(
      `^${operation.path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
  });
  compiledBySegments.set(segments, entries);
}

/** The operations whose path pattern matches `path`. */
function matchingOperations(path: string): CompiledOperation[] {
  const candidates = compiledBySegments.get(path.split('/').length) ?? [];
  return candidates.filter((entry) => entry.pattern.test(path));
}

// Characters a filled-in path may hold: RFC 3986 pchar (unreserved, sub-delims, ':', '@', '%' of an escape) and '/'.
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Why a path is refused for this method, or `undefined` when it is an operation of the contract. */
export function checkApiPath(method: string, path: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path))
    return 'path must be an API path such as /v1/orgs, not an absolute URL';
  if (path.startsWith('//')) return 'path must not start with "//" (that names another host)';
  if (path.includes('\\')) return 'path must not contain a backslash';
  if (hasControlCharacter(path)) return 'path must not contain control characters';
  if (path.includes('?') || path.includes('#'))
    return 'path must not contain "?" or "#" (pass query as an object)';
  if (!path.startsWith('/v1/')) return 'path must start with /v1/';
  if (path.includes('//')) return 'path must not contain an empty segment ("//")';
  if (/%(2f|2e|5c)/i.test(path)) return 'path must not contain an encoded "/", "." or "\\"';
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return 'path has a "%" that is not a percent-escape';
  if (!PATH_CHARS.test(path)) return 'path has a character that is not allowed in a URL path';
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'path must not contain "." or ".." segments';
  const matching = matchingOperations(path);
  if (matching.length === 0) return `${path} is not a path of the API`;
  if (!matching.some((operation) => operation.method === method)) {
    const allowed = [...new Set(matching.map((operation) => operation.method))].join(', ');
    return `${method} ${path} is not an operation of the API (that path takes ${allowed})`;
  }
  return undefined;
}

/** The operation of the contract a checked method and path call. */
function operationOf(method: string, path: string): Operation | undefined {
  const candidates = compiledBySegments.get(path.split('/').length) ?? [];
  return candidates.find((entry) => entry.method === method && entry.pattern.test(path))?.operation;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const failure = cause instanceof Error ? cause : error;
    const code = (failure as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ECONNRESET') return 'connection reset';
    return failure.message || code || error.message;
  }
  return String(error);
}

/** Options of the proxy. */
export interface ApiProxyOptions {
  resolve: ResolveTarget;
  /** How long a call may take, answer body included (default 15 s); the wait for its turn is not counted. */
  timeoutMs?: number;
  /** The pacing of calls per profile (tests pass one on their own clock). */
  pacer?: Pacer;
}

/** How many times a call answered 429 is sent again (each after the wait the API asked for). */
const RATE_RETRIES = 10;
/** The API's description, read once per profile to learn what it offers. */
const DESCRIPTION_PATH = '/v1/openapi.json';

/** Calls the API of a profile on the renderer's behalf. */
export class ApiProxy {
  private readonly resolve: ResolveTarget;
  private readonly timeoutMs: number;
  private readonly inFlight = new Map<string, AbortController>();
  private readonly pacer: Pacer;
  private readonly capabilities: Capabilities;

  constructor(options: ApiProxyOptions) {
    this.resolve = options.resolve;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.pacer = options.pacer ?? new Pacer();
    this.capabilities = new Capabilities((profileId) => this.readDescription(profileId));
  }

  /**
   * Checks the path, looks up the profile and calls its API. With `asText`, a JSON body that cannot hold the token
   * (`passableJson`) is answered as its `JsonText`, for a bridge that sends it on as JSON text (browser mode).
   */
  async request(request: ApiRequest, options: { asText?: boolean } = {}): Promise<ApiResponse> {
    const refused = checkApiPath(request.method, request.path);
    if (refused !== undefined) return { status: 400, body: errorBody(400, refused) };
    // The sandbox's own operations (creating an organization) go to the local sandbox only, never to a hosted API.
    if (
      request.profileId !== LOCAL_PROFILE_ID &&
      SANDBOX_ONLY_OPERATIONS.has(operationOf(request.method, request.path)!.name)
    )
      return {
        status: 403,
        body: errorBody(403, 'Only the local sandbox is asked to create an organization.'),
      };
    const lookup = await this.resolve(request.profileId);
    if (lookup.kind === 'unknown')
      return { status: 404, body: errorBody(404, `There is no profile with the id ${request.profileId}.`) };
    if (lookup.kind === 'unavailable')
      return { status: lookup.status, body: errorBody(lookup.status, lookup.message) };
    const operation = operationOf(request.method, request.path)!;
    const name = operation.name as OperationName;
    const optional = optionalOperations.has(name);
    let endProbe: (() => void) | undefined;
    if (optional) {
      // Learned before the first optional call, so that its 404 can be read as the operation's absence; and one call
      // finds out whether the API has the operation while the others wait.
      await this.capabilities.of(request.profileId);
      for (let probe = this.capabilities.pendingProbe(request.profileId, name); probe !== undefined;) {
        await probe;
        probe = this.capabilities.pendingProbe(request.profileId, name);
      }
      endProbe = this.capabilities.beginProbe(request.profileId, name);
    }
    if (this.capabilities.isAbsent(request.profileId, name))
      return {
        status: 404,
        body: errorBody(404, `This API does not offer ${operation.summary.toLowerCase()}.`),
      };
    try {
      const { status, body } = await this.send(
        lookup.target,
        request,
        request.profileId,
        options.asText === true,
      );
      if (optional) this.capabilities.noteAnswer(request.profileId, name, status);
      return { status, body };
    } finally {
      endProbe?.();
    }
  }

  /** What the profile's API offers (read from its description once, or learned from 404s). */
  async capabilitiesOf(profileId: string): Promise<ApiCapabilities> {
    return this.capabilities.of(profileId);
  }

  /** Whether the profile's calls wait for the API's rate limit. */
  pacing(profileId: string): ApiPacing {
    return this.pacer.status(profileId);
  }

  /** Forgets what was learned of a profile (removed). */
  forget(profileId: string): void {
    this.capabilities.forget(profileId);
    this.pacer.forget(profileId);
  }

  /** The profile's `/v1/openapi.json`: whether its API answered, and the description when it serves one. */
  private async readDescription(profileId: string): Promise<{ reached: boolean; document?: unknown }> {
    const lookup = await this.resolve(profileId);
    if (lookup.kind !== 'target') return { reached: false };
    const outcome = await this.send(lookup.target, { method: 'GET', path: DESCRIPTION_PATH }, profileId);
    const reached = outcome.reached && outcome.status < 500;
    return outcome.status === 200 ? { reached, document: outcome.body } : { reached };
  }

  /** Looks up a profile's target (base URL and token) without calling it. */
  lookup(profileId: string): Promise<TargetLookup> {
    return this.resolve(profileId);
  }

  /** Calls a target directly (also used to test a base URL and token before saving them). */
  async call(target: ProxyTarget, request: ProxyCall): Promise<ProxyOutcome> {
    const refused = checkApiPath(request.method, request.path);
    if (refused !== undefined) return { status: 400, body: errorBody(400, refused), reached: false };
    return this.send(target, request, `target:${target.baseUrl}`);
  }

  /** Aborts a call under way; answers whether there was one with that id. */
  cancel(requestId: string): boolean {
    const controller = this.inFlight.get(requestId);
    if (controller === undefined) return false;
    controller.abort();
    return true;
  }

  /** Aborts every call under way (on quit). */
  cancelAll(): void {
    for (const controller of this.inFlight.values()) controller.abort();
  }

  private async send(
    target: ProxyTarget,
    request: ProxyCall,
    key: string,
    asText = false,
  ): Promise<ProxyOutcome> {
    const fail = (status: number, message: string, reached = false): ProxyOutcome => ({
      status,
      body: errorBody(status, redact(message, target.token)),
      reached,
    });
    let base: URL;
    try {
      base = new URL(target.baseUrl);
    } catch {
      return fail(400, 'the profile has no valid base URL');
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      return fail(400, 'the profile has no valid base URL');
    const origin = base.origin;
    const url = new URL(
      `${origin}${base.pathname.replace(/\/+$/, '')}${request.path}${buildQuery(request.query)}`,
    );
    // Defence in depth: what is called is on the profile's origin and is the path that was checked.
    if (url.origin !== origin || !url.pathname.endsWith(request.path))
      return fail(400, 'path does not stay on the profile\u2019s API');
    if (request.body !== undefined && request.method === 'GET')
      return fail(400, 'a GET request takes no body');
    if (!/^[\x21-\x7E]+$/.test(target.token))
      return fail(401, 'the stored token has characters a token cannot have; add the profile again');

    const controller = new AbortController();
    const id = request.requestId;
    if (id !== undefined) this.inFlight.get(id)?.abort();
    if (id !== undefined) this.inFlight.set(id, controller);
    try {
      for (let attempt = 0; ; attempt++) {
        // A retry keeps its place at the head of the queue.
        const turn = await this.pacer.turn(key, controller.signal, {
          front: attempt > 0,
          background: request.background === true,
        });
        if (turn === undefined) return fail(CANCELLED_STATUS, 'the request was cancelled');
        const outcome = await this.attempt(url, target, request, controller.signal, turn, asText);
        if (outcome.status !== 429 || !outcome.reached || attempt >= RATE_RETRIES) return outcome;
      }
    } finally {
      if (id !== undefined && this.inFlight.get(id) === controller) this.inFlight.delete(id);
    }
  }

  /** One call on its turn, within the timeout; the turn hears the answer's rate-limit headers. */
  private async attempt(
    url: URL,
    target: ProxyTarget,
    request: ProxyCall,
    cancel: AbortSignal,
    turn: Turn,
    asText: boolean,
  ): Promise<ProxyOutcome> {
    const origin = url.origin;
    const fail = (status: number, message: string, reached = false): ProxyOutcome => ({
      status,
      body: errorBody(status, redact(message, target.token)),
      reached,
    });
    // One signal for this attempt, aborted by the call's cancellation or its own timeout (cheaper than
    // `AbortSignal.any`, on every call).
    const stop = new AbortController();
    const onCancel = () => stop.abort();
    if (cancel.aborted) stop.abort();
    else cancel.addEventListener('abort', onCancel, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop.abort();
    }, this.timeoutMs);
    let answered: { status: number; rate: RateHeaders } | undefined;
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${target.token}`,
      };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const response = await httpCall(url, {
        method: request.method,
        headers,
        signal: stop.signal,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      answered = { status: response.status, rate: response.rate };
      const text = response.text;
      if (response.status >= 300 && response.status < 400) {
        return fail(
          502,
          `${origin} answered a redirect (${response.status}) to ${response.location ?? 'nowhere'}; redirects are not followed: check the base URL`,
          true,
        );
      }
      if (text.trim() === '') return { status: response.status, body: null, reached: true };
      const safe = safeBody(text, target.token, asText);
      if (safe !== undefined) return { status: response.status, body: safe.body, reached: true };
      const type = response.contentType ?? 'no content type';
      return fail(
        response.status >= 400 ? response.status : 502,
        `${origin} answered ${response.status} with a body that is not JSON (${type}): is the base URL an API?`,
        true,
      );
    } catch (error) {
      if (timedOut)
        return fail(504, `cannot reach ${origin}: no answer within ${formatSeconds(this.timeoutMs)}`);
      if (cancel.aborted) return fail(CANCELLED_STATUS, 'the request was cancelled');
      return fail(503, `cannot reach ${origin}: ${reasonOf(error)}`);
    } finally {
      clearTimeout(timer);
      cancel.removeEventListener('abort', onCancel);
      turn.done(answered?.status, answered?.rate ?? {});
    }
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return seconds >= 1 ? `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s` : `${ms} ms`;
}
