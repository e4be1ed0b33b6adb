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
 * `marked` is warmed apart, earlier: a block comment's place is found by splitting its page into blocks, and a
 * process's first split compiles `marked`'s block rules (25–45 ms for a sample with every kind of block; a 4 KB page
 * alone, 14 ms). Split in that window, the sample would hold the page's own reads back; so it is split once the server
 * has been quiet for `MARKDOWN_QUIET_MS` after it is ready (in `bench review`, right after the supervisor's first
 * health probe, a second before the app's first read), or as the last step of the routes' warm-up if that came first.
 * The first read of a page's comments then took 11–15 ms instead of 22–26 ms.
 */
import type { FastifyInstance } from 'fastify';
import { operations, routeUrl, type Operation } from '../../shared/contract/index.ts';
import { markdownBlocks } from '../../shared/markdown/blocks.ts';
import { serializerOf } from './serializer.ts';
import { compile, textAjv } from './validation.ts';

/** The read that opens the Changes tab (with the base revision's tree): the warm-up starts when it is answered. */
export const REVIEW_TREE_READ: Operation = operations.listPagesInChangeRequest;

/** The read a change request's screen starts with: once it is answered, `REQUEST_SCREEN_READS` are compiled. */
export const REQUEST_READ: Operation = operations.getChangeRequestById;

/**
 * What a change request's screen reads once it has the request: its two page trees (the Overview's and the Changes
 * tab's) and its space. Compiled on their first request, the trees' serializer and the space's cost 10–25 ms each in
 * the first load of a fresh server (the review suite's seed, a server child alone, the three read at once after the
 * request: the head tree answered in 25–50 ms cold, 18–25 ms compiled, the space in 53–93 ms, 29–45 ms), on the way
 * to the first diff; the app sends them 50–80 ms after the request's answer (`bench/review-trace.ts`), a gap in which
 * the server has little else to do.
 */
export const REQUEST_SCREEN_READS: readonly Operation[] = [
  operations.listPagesInChangeRequest,
  operations.listPagesInRevisionById,
  operations.getSpaceById,
];

/** What the Changes tab reads first, after the two page trees. */
export const REVIEW_FIRST_READS: readonly Operation[] = [
  operations.getPageInRevisionById,
  operations.getPageInChangeRequestById,
  operations.listCommentsInChangeRequest,
  operations.listPageBlocksInRevision,
  operations.listRevisionDocuments,
];

/**
 * What the server warms up: the review's first reads, and "Inspect access"'s list (its first page's serializer, a
 * path of reasons per item, cost 50–130 ms to compile on the first inspection: `bench access`'s first run was its
 * slowest in every invocation).
 */
export const WARM_UP_READS: readonly Operation[] = [
  REQUEST_READ,
  ...REQUEST_SCREEN_READS,
  ...REVIEW_FIRST_READS,
  operations.listMemberAccessInOrganization,
  operations.listTeamAccessInOrganization,
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

/** Quiet time after which the server splits `MARKDOWN_SAMPLE`: short, the split being a single step. */
export const MARKDOWN_QUIET_MS = 100;

/** A body with every kind of block `marked` splits (each kind compiles its own rules on its first use). */
export const MARKDOWN_SAMPLE = [
  '# A heading',
  'A paragraph with *emphasis*, **strong** text, `code`, a [link](https://example.com "title") and an ![image](a.png).',
  '- an item\n- another item\n  - a nested item',
  '1. first\n2. second',
  '```ts\nconst answer = 42;\n```',
  '    indented code',
  '> A quote\n> on two lines.',
  '| Column | Other |\n| ------ | ----- |\n| cell   | cell  |',
  '---',
  'Setext heading\n--------------',
  '<div>raw html</div>',
  '[ref]: https://example.com',
].join('\n\n');

let markdownWarm = false;

/** Splits `MARKDOWN_SAMPLE` into blocks, once per process: `marked`'s block rules compiled. */
export function warmUpMarkdown(): void {
  if (markdownWarm) return;
  markdownWarm = true;
  markdownBlocks(MARKDOWN_SAMPLE);
}

/**
 * Compiles `list` in order, one validator or serializer per turn of the event loop, then splits the markdown sample
 * (`warmUpMarkdown`) in a turn of its own, unless done already.
 */
export async function warmUpRoutes(list: readonly Operation[] = REVIEW_FIRST_READS): Promise<void> {
  const steps = [...list.flatMap(operationSteps), warmUpMarkdown];
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
 * `REVIEW_TREE_READ`, whichever comes first; and `marked` once it has been quiet for `MARKDOWN_QUIET_MS`. The
 * `REQUEST_SCREEN_READS` in `list` are also warmed up as soon as it answers `REQUEST_READ`.
 */
export function addWarmUp(app: FastifyInstance, list: readonly Operation[], quietMs: number): void {
  const warmUp = warmUpOnce(list);
  const warmUpScreen = warmUpOnce(REQUEST_SCREEN_READS.filter((operation) => list.includes(operation)));
  // When the last request arrived (the warm-up waits for a quiet moment).
  let lastRequestAt = performance.now();
  app.addHook('onRequest', (_request, _reply, done) => {
    lastRequestAt = performance.now();
    done();
  });
  app.addHook('onReady', async () => {
    void whenQuiet(() => lastRequestAt, MARKDOWN_QUIET_MS).then(warmUpMarkdown);
    void whenQuiet(() => lastRequestAt, quietMs).then(warmUp);
  });
  // The route as Fastify names it (`/v1/spaces/:spaceId/…`).
  const treeRoute = routeUrl(REVIEW_TREE_READ.path);
  const requestRoute = routeUrl(REQUEST_READ.path);
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.routeOptions.url === treeRoute) void warmUp();
    else if (request.routeOptions.url === requestRoute && request.method === 'GET') void warmUpScreen();
    done();
  });
}
