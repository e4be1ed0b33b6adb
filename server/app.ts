/** Builds the HTTP server: one route per operation of the contract, validated and serialized from it. */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { operationList, routeUrl, type Operation } from '../shared/contract/index.ts';
import { systemClock, type Clock } from './clock.ts';
import { ApiError } from './errors.ts';
import { authenticate } from './http/auth.ts';
import {
  UNCHANGED,
  type Actor,
  type HandlerContext,
  type Handlers,
  type Jobs,
  type Services,
} from './http/context.ts';
import { handlers as allHandlers } from './http/handlers.ts';
import { AnonymousLimiter, DEFAULT_ANONYMOUS_RATE_LIMIT } from './http/anonymous-limit.ts';
import { IDLE_COLLECT, IdleCollector } from './http/idle-collect.ts';
import { servedOpenApiDocument } from './http/openapi.ts';
import { registerOpenApiRoute } from './http/openapi-route.ts';
import type { RateLimit } from './http/rate-limit.ts';
import { tokenWindows } from './http/store-rate.ts';
import {
  limitToken,
  presentedState,
  rateHeaders,
  sendRateHeaders,
  type RateStyle,
  type TokenWindows,
} from './http/token-rate.ts';
import { isPublishedByGitBook } from '../shared/gitbook/published.ts';
import { lazySerializer } from './http/serializer.ts';
import { cachedRead, keepAnswers, sendCached } from './http/response-cache.ts';
import { addWarmUp, WARM_UP_READS } from './http/warm-up.ts';
import { bodyAjv, describeValidationErrors, lazyValidator, responseAjv, textAjv } from './http/validation.ts';
import { setErrorHandlers, type FastifyValidationError } from './http/error-handlers.ts';
import type { Database } from './storage/database.ts';
import { noSyncDatabase } from './storage/no-database.ts';
import type { PostgresStore } from './storage/store/postgres-store.ts';
import { SqliteStore } from './storage/store/sqlite-store.ts';
import type { ErrorObject } from 'ajv';
import { registerFileRoutes } from './http/file-routes.ts';
import { accessGate, storeAccessGate } from './http/body-guards.ts';
import { FairTurns } from './http/fair-turns.ts';
import { jsonBodyParser } from './http/json-body.ts';
import type { FetchLimits } from './net/fetch-url.ts';
import { startJobs, type JobsOptions } from './jobs/index.ts';
import { purgeWhileServing } from './jobs/purge.ts';

/**
 * Where the server's data is: a SQLite `Database` (the store is a `SqliteStore` over it), or a `PostgresStore`
 * (`serve --database postgres://…`): then there is no synchronous `Database`, and operations whose code still uses
 * it answer 501 (storage/no-database.ts); the log checkpoints, SQLite's alone, do not run.
 */
export type AppStorage = { db: Database; postgres?: undefined } | { postgres: PostgresStore; db?: undefined };

export type AppOptions = AppStorage & AppSettings;

export interface AppSettings {
  clock?: Clock;
  /** Requests per window per token; `null` turns rate limiting off. */
  rateLimit?: RateLimit | null;
  /**
   * Requests without a valid token per window per client address; `null` turns it off. By default on, unless
   * `rateLimit` is `null` (rate limiting off altogether).
   */
  anonymousRateLimit?: RateLimit | null;
  /**
   * `gitbook`: behave like GitBook's API for the app's tests: only the operations GitBook publishes (our extensions
   * and the spec operations GitBook dropped answer GitBook's 404), no `/v1/openapi.json`, and GitBook's documented
   * rate limit (60 requests a minute per token, unless `rateLimit` says otherwise) with its 429 body.
   */
  compat?: 'gitbook';
  /** Check every response body against its contract schema (tests turn this on). */
  validateResponses?: boolean;
  /** Largest accepted request body, in bytes. */
  bodyLimit?: number;
  /** Replaces the handler map (tests of the routing layer). */
  handlers?: Handlers;
  logger?: boolean;
  /** Let imports and other server-side fetches reach private and loopback addresses (tests' fixture servers). */
  allowPrivateFetch?: boolean;
  /** Overrides of the fetch timeout, size cap and redirect count (tests lower them). */
  fetchLimits?: Partial<FetchLimits>;
  /** Options of the job runner and queue (tests lower budgets and delays). */
  jobs?: JobsOptions;
  /** Compile the review's first reads once ready (`http/warm-up.ts`): on for the CLI's server. */
  warmUp?: boolean;
  /** Run the purge (jobs/purge.ts: trash, orphan source parts, audit retention) once ready: on for the CLI's server. */
  purge?: boolean;
}

/** Longest path segment the router matches; the contract's own bounds on parameters are tighter. */
const MAX_PARAM_LENGTH = 512;

/** The time a turn of the event loop spends on requests before the next ones wait for a later turn (ms). */
const TURN_BUDGET_MS = 4;
/** The same while connections are being accepted, one per turn (ms). */
const ACCEPT_TURN_BUDGET_MS = 0.5;

/** How long the server waits without a request before it compiles the review's first reads (warm-up.ts). */
const WARM_UP_QUIET_MS = 1_500;

export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 1200, windowMs: 60_000 };

/** GitBook's documented limit: 60 requests per window, a window of a minute. */
export const GITBOOK_RATE_LIMIT: RateLimit = { requests: 60, windowMs: 60_000 };

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyInstance {
    /** The server's job runner and queue (tests wait on the queue). */
    jobs: Jobs;
  }
}

/** Builds the server; call `listen` or `inject` on the result. */
export function buildApp(options: AppOptions): FastifyInstance {
  const services: Services = startJobs(
    {
      ...(options.postgres === undefined
        ? { db: options.db, store: SqliteStore.of(options.db) }
        : { db: noSyncDatabase(), store: options.postgres }),
      clock: options.clock ?? systemClock,
      network: {
        allowPrivateAddresses: options.allowPrivateFetch ?? false,
        limits: options.fetchLimits ?? {},
      },
    },
    options.jobs,
  );
  const handlers = options.handlers ?? allHandlers;
  const gitbook = options.compat === 'gitbook';
  const { limiter, rateStyle, anonymous } = limitsOf(options, gitbook, services);
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const app = createFastify(options.logger ?? false, bodyLimit, limiter);

  // Every request first waits for a short turn of the event loop (fair-turns.ts), so new connections are accepted
  // while the server is busy, and shorter ones while connections are coming.
  const turns = new FairTurns(TURN_BUDGET_MS, ACCEPT_TURN_BUDGET_MS);
  app.server.on('connection', () => turns.accepted());
  app.addHook('onRequest', (_request, _reply, done) => turns.admit(() => done()));

  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(httpPart === 'body' ? bodyAjv : textAjv, schema),
  );
  app.setSerializerCompiler(({ schema }) => lazySerializer(schema as object));

  addBodyParsers(app, bodyLimit, services);

  setErrorHandlers(app, anonymous, gitbook);
  if (limiter) sendRateHeaders(app, limiter);

  addJobHooks(app, services, options.warmUp === true, gitbook);
  if (options.purge === true) purgeWhileServing(app, services);

  app.get('/health', async () => ({ ok: true }));
  if (!gitbook) registerOpenApiRoute(app, servedOpenApiDocument(), anonymous);
  registerFileRoutes(app, services);

  const limit = limiter ? { windows: limiter, style: rateStyle } : undefined;
  keepAnswers(app, services.store);
  for (const operation of operationList) {
    if (gitbook && !isPublishedByGitBook(operation)) continue;
    registerOperation(app, operation, handlers, services, limit, options.validateResponses ?? false);
  }
  return app;
}

/**
 * The rate limits of a server: its token windows (none when `rateLimit` is null; in memory on SQLite, a server alone
 * on its database, and in the database on another store, whose servers share one budget: store-rate.ts), their
 * style, and the limit of requests without a valid token per client address (in memory).
 */
function limitsOf(
  options: AppOptions,
  gitbook: boolean,
  { clock, store }: Pick<Services, 'clock' | 'store'>,
): { limiter: TokenWindows | undefined; rateStyle: RateStyle; anonymous: AnonymousLimiter | undefined } {
  const limiter =
    options.rateLimit === null
      ? undefined
      : tokenWindows(options.rateLimit ?? (gitbook ? GITBOOK_RATE_LIMIT : DEFAULT_RATE_LIMIT), store, clock);
  const rateStyle: RateStyle = gitbook ? 'gitbook' : 'docs-admin';
  const anonymousLimit =
    options.anonymousRateLimit !== undefined
      ? options.anonymousRateLimit
      : options.rateLimit === null
        ? null
        : DEFAULT_ANONYMOUS_RATE_LIMIT;
  const anonymous = anonymousLimit === null ? undefined : new AnonymousLimiter(anonymousLimit, clock);
  return { limiter, rateStyle, anonymous };
}

/** The Fastify instance, with the answers it gives before any route runs (router failures, validation errors). */
function createFastify(
  logger: NonNullable<AppOptions['logger']>,
  bodyLimit: number,
  limiter: TokenWindows | undefined,
): FastifyInstance {
  return Fastify({
    logger,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Failures the router answers before any route runs (bad percent-encoding, huge segments): same error shape.
    frameworkErrors: (error, request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
          : error.code === 'FST_ERR_BAD_URL'
            ? 'the path is not valid: a percent-escape is malformed or does not encode UTF-8'
            : 'the request could not be routed';
      // Written raw, like Fastify's own answer here: no route context exists yet to type a reply against.
      const body = JSON.stringify({ error: { code: 400, message } });
      reply.raw.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        ...(limiter ? rateHeaders(presentedState(limiter, request.headers.authorization)) : {}),
      });
      reply.raw.end(body);
    },
    // Path and query validation coerce text; bodies are JSON and are not coerced.
    schemaErrorFormatter: (errors, dataVar) => {
      const error = new Error(describeValidationErrors(dataVar, errors)) as FastifyValidationError;
      error.validation = errors as ErrorObject[];
      error.validationContext = dataVar;
      return error;
    },
  });
}

/** The body parsers: JSON only. */
function addBodyParsers(app: FastifyInstance, bodyLimit: number, services: Services): void {
  // JSON bodies (json-body.ts): an empty body is no body; malformed or too deep JSON is a 400 that says so. Any other
  // media type is a 415 (Fastify's own text/plain parser would hand a string to validation and answer a misleading
  // 400).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, payload, done) => {
    if (payload.length === 0) return done(null, undefined);
    done(new ApiError(415, 'the request body must be JSON (Content-Type: application/json)'), undefined);
  });
  app.addContentTypeParser('application/json', jsonBodyParser(bodyLimit, services.jobs.quick));
}

/** The job threads' life with the server's, the warm-up, and the idle collection after a burst. */
function addJobHooks(app: FastifyInstance, services: Services, warmUp: boolean, gitbook: boolean): void {
  app.decorate('jobs', services.jobs);
  // Jobs are claimed (and SQLite's log checkpointed) once the server is ready, given back before it stops, and their
  // threads end with it. The queue runs through the store, on SQLite or PostgreSQL (jobs/queue.ts).
  app.addHook('onReady', async () => {
    services.jobs.queue.start();
    services.jobs.checkpoints.start();
  });
  if (warmUp)
    addWarmUp(
      app,
      WARM_UP_READS.filter((operation) => !gitbook || isPublishedByGitBook(operation)),
      WARM_UP_QUIET_MS,
    );
  app.addHook('preClose', async () => {
    await services.jobs.queue.stop();
  });
  app.addHook('onClose', async () => {
    await services.jobs.checkpoints.stop();
    await Promise.all([services.jobs.runner.close(), services.jobs.quick.close()]);
  });
  // A write may have queued jobs (an OpenAPI source, a space to index): claim them once it is answered (the queue
  // looks only when one was queued since its last look).
  // After a burst, the heap it grew is collected once the server falls idle (idle-collect.ts).
  const idle = new IdleCollector(IDLE_COLLECT);
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET') services.jobs.queue.pokeIfQueued();
    services.store.forgetKept();
    idle.answered();
    done();
  });
  app.addHook('onClose', async () => idle.stop());
}

function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function registerOperation(
  app: FastifyInstance,
  operation: Operation,
  handlers: Handlers,
  services: Services,
  limit: { windows: TokenWindows; style: RateStyle } | undefined,
  validateResponses: boolean,
): void {
  const handler = (handlers as Record<string, ((context: HandlerContext<never>) => unknown) | undefined>)[
    operation.name
  ];
  const responseValidator =
    validateResponses && operation.response ? lazyValidator(responseAjv, operation.response) : undefined;
  const gate = accessGate(operation);
  const storeGate = storeAccessGate(operation);
  const checkResponse = (result: unknown) => {
    if (responseValidator && !responseValidator(result)) {
      throw new Error(
        `response of ${operation.name} breaks its contract: ${JSON.stringify(responseValidator.errors?.slice(0, 3))}`,
      );
    }
  };
  const cache = cachedRead(operation, services.store, app.keptAnswers);

  app.route({
    method: operation.method,
    url: routeUrl(operation.path),
    config: { operation: operation.name },
    ...(operation.bodyLimit !== undefined ? { bodyLimit: operation.bodyLimit } : {}),
    schema: {
      params: operation.params,
      querystring: operation.query,
      ...(operation.body ? { body: operation.body } : {}),
      ...(operation.response ? { response: { [operation.success]: operation.response } } : {}),
    },
    onRequest: async (request, reply) => {
      request.actor = await authenticate(services.store, request.headers.authorization);
      if (limit) {
        const counted = limitToken(
          request,
          limit.windows,
          request.actor.tokenHash,
          limit.style,
          services.clock.now().getTime(),
        );
        if (counted !== undefined) await counted;
      }
      void reply;
    },
    // Runs before the body is read: a caller who cannot reach the resource does not get it parsed.
    ...(gate
      ? {
          preParsing: async (request: FastifyRequest) => {
            const { store } = services;
            // On SQLite the gate reads the synchronous `Database` (its reads are kept for the handlers still on it):
            // it waits for an open async transaction (authentication awaits the store, so this may run between two
            // statements of another request's). Without one (PostgreSQL) it reads through the store.
            if (store instanceof SqliteStore)
              await store.outsideTransactions(() =>
                gate(services.db, request.params as Record<string, string>, request.actor as Actor),
              );
            else await storeGate?.(store, request.params as Record<string, string>, request.actor as Actor);
          },
        }
      : {}),
    ...(operation.body
      ? {
          preValidation: async (request: FastifyRequest) => {
            if (request.body !== undefined) return;
            if (operation.bodyRequired) throw new ApiError(400, 'body: a JSON object is required');
            // An optional body may be left out: it reads as an empty object.
            request.body = {};
          },
        }
      : {}),
    handler: async (request, reply) => {
      if (!handler) throw new ApiError(501, `${operation.name} is not implemented by this server yet`);
      const context = {
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        actor: request.actor as Actor,
        services,
        baseUrl: baseUrlOf(request),
      };
      // Handlers not yet on the store run synchronous statements, which the `Database` refuses while one of the
      // store's transactions is open; since authentication awaits the store, a request may reach here between two
      // statements of another's transaction. On SQLite the handler therefore starts once none is open (at once in
      // the common case: the gate is then a settled promise), so its synchronous part never meets one.
      const { store } = services;
      if (cache !== undefined) {
        const key = `${context.actor.userId}\n${context.baseUrl}\n${request.url}`;
        return sendCached(cache, key, reply.status(operation.success), async () => {
          const result = await cache.store.outsideTransactions(() => handler(context));
          checkResponse(result);
          return result;
        });
      }
      const result = await (store instanceof SqliteStore
        ? store.outsideTransactions(() => handler(context))
        : handler(context));
      if (result === UNCHANGED && operation.unchanged !== undefined)
        return reply.status(operation.unchanged).send();
      void reply.status(operation.success);
      if (operation.success === 204 || operation.success === 205 || operation.response === undefined)
        return reply.send();
      checkResponse(result);
      if (operation.success === 201) {
        const location = (result as { urls?: { location?: unknown } } | null)?.urls?.location;
        if (typeof location === 'string') void reply.header('location', location);
      }
      return result;
    },
  });
}
