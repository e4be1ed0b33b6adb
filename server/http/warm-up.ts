/**
 * The routes of the review's first screen, compiled ahead of their first request: their path and query validators
 * and their response serializers (with the validators of the unions left in them). Compiled on first use, they made
 * the first read of each route tens of milliseconds slower, and the Changes tab's first diff and its comments wait
 * for exactly these first reads (the two bodies of the page on screen, its comments and its blocks).
 *
 * Only these few: compiling every route's (741 schemas) took about a second and 55 MB of heap. Each operation is
 * compiled in its own turn of the event loop (a few milliseconds), so a request arriving meanwhile waits for one at
 * most; `warmUpRoutes` resolves once all are compiled.
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

/** Compiles `list` one operation per turn of the event loop. */
export async function warmUpRoutes(list: readonly Operation[] = REVIEW_FIRST_READS): Promise<void> {
  for (const operation of list) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    warmUpOperation(operation);
  }
}
