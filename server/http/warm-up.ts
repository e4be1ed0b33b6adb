/**
 * The routes of the review's first screen, compiled ahead of their first request: their path and query validators
 * and their response serializers (with the validators of the unions left in them). Compiled on first use, they made
 * the first read of each route tens of milliseconds slower, and the Changes tab's first diff and its comments wait
 * for exactly these first reads (the two bodies of the page on screen, its comments and its blocks).
 *
 * Only these few: compiling every route's (741 schemas) took about a second and 55 MB of heap. Each operation is
 * compiled in its own turn of the event loop (a few milliseconds), so a request arriving meanwhile waits for one at
 * most; `warmUpRoutes` resolves once all are compiled. The server starts it once it has been quiet for a while
 * (`whenQuiet`), never in the middle of the app's start.
 */
import { operations, type Operation } from '../../shared/contract/index.ts';
import { serializerOf } from './serializer.ts';
import { compile, textAjv } from './validation.ts';

/** What the Changes tab reads first, after the two page trees. */
export const REVIEW_FIRST_READS: readonly Operation[] = [
  operations.getPageInRevisionById,
  operations.getPageInChangeRequestById,
  operations.listCommentsInChangeRequest,
  operations.listPageBlocksInRevision,
  operations.listRevisionDocuments,
];

/** Compiles one operation's path and query validators and its response serializer. */
export function warmUpOperation(operation: Operation): void {
  if (operation.params !== undefined) compile(textAjv, operation.params);
  if (operation.query !== undefined) compile(textAjv, operation.query);
  if (operation.response !== undefined) serializerOf(operation.response, true);
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

/** Compiles `list` one operation per turn of the event loop. */
export async function warmUpRoutes(list: readonly Operation[] = REVIEW_FIRST_READS): Promise<void> {
  for (const operation of list) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    warmUpOperation(operation);
  }
}
