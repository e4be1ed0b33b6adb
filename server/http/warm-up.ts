/**
 * The routes of the review's first screen, compiled ahead of their first request: their path and query validators
 * and their response serializers (with the validators of the unions left in them). Compiled on first use, they made
 * the first read of each route tens of milliseconds slower, and the Changes tab's first diff and its comments wait
 * for exactly these first reads (the two bodies of the page on screen, its comments and its blocks).
 *
 * Only these few: compiling every route's (741 schemas) took about a second and 55 MB of heap. Each validator and
 * serializer is compiled in its own turn of the event loop (a few milliseconds), so a request arriving meanwhile
 * waits for one at most; `warmUpRoutes` resolves once all are compiled. The server starts the warm-up once it has
 * been quiet for a while (`whenQuiet`), never in the middle of the app's start, or as soon as a request's page tree
 * is read (`REVIEW_TREE_READ`, the Changes tab's first read): the app then classifies the two trees before it asks
 * for the first page (40–80 ms in `bench review`, the server idle), whose bodies and comments waited 10–30 ms each
 * for these compilations when the Changes tab was the app's first screen.
 *
 * Not `marked`: a block comment's place is found by splitting its page, and a process's first split is slow, but
 * splitting a sample body took 85 ms there, longer than the app's pause, and the page's own split stayed as slow.
 */
import type { FastifyInstance } from 'fastify';
import { operations, routeUrl, type Operation } from '../../shared/contract/index.ts';
import { serializerOf } from './serializer.ts';
import { compile, textAjv } from './validation.ts';

/** The read that opens the Changes tab (with the base revision's tree): the warm-up starts when it is answered. */
export const REVIEW_TREE_READ: Operation = operations.listPagesInChangeRequest;

/** What the Changes tab reads first, after the two page trees. */
export const REVIEW_FIRST_READS: readonly Operation[] = [
  operations.getPageInRevisionById,
  operations.getPageInChangeRequestById,
  operations.listCommentsInChangeRequest,
  operations.listPageBlocksInRevision,
  operations.listRevisionDocuments,
];

/** The steps that compile one operation's path and query validators and its response serializer. */
function operationSteps(operation: Operation): (() => void)[] {
  const { params, query, response } = operation;
  return [
    ...(params !== undefined ? [() => void compile(textAjv, params)] : []),
    ...(query !== undefined ? [() => void compile(textAjv, query)] : []),
    ...(response !== undefined ? [() => void serializerOf(response, true)] : []),
  ];
}

/** Compiles one operation's path and query validators and its response serializer. */
export function warmUpOperation(operation: Operation): void {
  for (const step of operationSteps(operation)) step();
}

/**
 * Resolves once no request has arrived for `quietMs` (`lastRequestAt` on the `now` clock), checking every `quietMs`
 * on timers that never keep the process alive. The warm-up waits for it: compiling these routes amid the desktop
 * app's start (its own first requests, then the first screen's) held that screen back (`bench app`, overview
 * visible 4,665 ms with the warm-up at once, 3,394 ms without it).
 */
export function whenQuiet(
  lastRequestAt: () => number,
  quietMs: number,
  now = () => performance.now(),
): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const quiet = now() - lastRequestAt();
      if (quiet >= quietMs) return resolve();
      setTimeout(check, quietMs - quiet).unref();
    };
    setTimeout(check, quietMs).unref();
  });
}

/** Compiles `list` in order, one validator or serializer per turn of the event loop. */
export async function warmUpRoutes(list: readonly Operation[] = REVIEW_FIRST_READS): Promise<void> {
  const steps = list.flatMap(operationSteps);
  for (const step of steps) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    step();
  }
}

/** `warmUpRoutes(list)` run once: the first call starts it, later ones answer the same promise. */
export function warmUpOnce(list: readonly Operation[]): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= warmUpRoutes(list));
}

/**
 * Warms `list` up once in `app`: when it has been quiet for `quietMs` after it is ready, or when it answers
 * `REVIEW_TREE_READ`, whichever comes first.
 */
export function addWarmUp(app: FastifyInstance, list: readonly Operation[], quietMs: number): void {
  const warmUp = warmUpOnce(list);
  // When the last request arrived (the warm-up waits for a quiet moment).
  let lastRequestAt = performance.now();
  app.addHook('onRequest', (_request, _reply, done) => {
    lastRequestAt = performance.now();
    done();
  });
  app.addHook('onReady', async () => {
    void whenQuiet(() => lastRequestAt, quietMs).then(warmUp);
  });
  // The route as Fastify names it (`/v1/spaces/:spaceId/…`).
  const treeRoute = routeUrl(REVIEW_TREE_READ.path);
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.routeOptions.url === treeRoute) void warmUp();
    done();
  });
}
