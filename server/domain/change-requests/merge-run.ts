/**
 * Merges and updates of change requests as the handlers run them: the three-way merge on a worker thread (the
 * `merge.trees` task), then the write on this thread, in one transaction that first checks that neither the space
 * nor the request moved while the merge was computed.
 *
 * Rules:
 * - The worker gets the three trees; it answers which bodies it needs to read (merged on both sides), this thread
 *   reads them, and the worker runs again with them. A space that did not move past the merge base needs no merge:
 *   the result is the request's tree.
 * - When the space's revision or the request's head, status or merge base changed meanwhile, the whole attempt
 *   (checks included) runs again, at most 3 times in all; then a 409 asks to try again.
 * - A merge over its task budget answers 409 too, saying the change is too large to merge on this server: nothing
 *   is written.
 * - A merge check's conflicts are kept per database by the three revisions they come from (the request's head, its
 *   merge base and the space's revision: all immutable), so that the same check asked again (the Overview, then the
 *   request's own screen) or at the same time is computed once. The most recent 64 are kept.
 */
import { conflict } from '../../errors.ts';
import type { Services } from '../../http/context.ts';
import { JobLimitError } from '../../jobs/runner.ts';
import type { Store } from '../../storage/store/store.ts';
import { loadRevisionIn, readDocumentsIn } from '../content/revisions.ts';
import { mergeBaseOf } from './present.ts';
import type { MergeConflict } from './merge.ts';
import type { MergedRequest, MergedSpace, MergeResult } from './records.ts';

const CHECKS_KEPT = 64;
const checks = new WeakMap<Store, Map<string, Promise<MergeConflict[]>>>();

/**
 * The conflicts of merging the request's head into the space revision `mainRevisionId` (none when it merges
 * cleanly), computed on a worker thread once per three revisions (see the rules above).
 */
export function mergeConflicts(
  services: Services,
  request: MergedRequest,
  mainRevisionId: string,
): Promise<MergeConflict[]> {
  let kept = checks.get(services.store);
  if (kept === undefined) checks.set(services.store, (kept = new Map()));
  const key = `${request.revision_id}>${mergeBaseOf(request)}>${mainRevisionId}`;
  const known = kept.get(key);
  if (known !== undefined) {
    // Most recent last.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const computed = mergeOffThread(services, request, mainRevisionId).then((outcome) =>
    'conflicts' in outcome ? outcome.conflicts : [],
  );
  kept.set(key, computed);
  // A failed check (over its budget, the server stopping) is not kept: the next one tries again.
  computed.catch(() => {
    if (kept.get(key) === computed) kept.delete(key);
  });
  if (kept.size > CHECKS_KEPT) kept.delete(kept.keys().next().value!);
  return computed;
}

/** The merge of the request's head with the space revision `mainRevisionId`, on a worker thread. */
export async function mergeOffThread(
  services: Services,
  request: MergedRequest,
  mainRevisionId: string,
): Promise<MergeResult> {
  const { store } = services;
  const baseId = mergeBaseOf(request);
  const head = (await loadRevisionIn(store, request.revision_id)).tree;
  if (mainRevisionId === baseId) return { tree: head, written: [] };
  const input = {
    base: (await loadRevisionIn(store, baseId)).tree,
    main: (await loadRevisionIn(store, mainRevisionId)).tree,
    changeRequest: head,
    documents: {},
  };
  try {
    let output = await services.jobs.runner.run('merge.trees', input);
    if ('need' in output)
      output = await services.jobs.runner.run('merge.trees', {
        ...input,
        documents: Object.fromEntries(await readDocumentsIn(store, output.need)),
      });
    if ('need' in output) throw new Error('the merge asked for page bodies twice');
    return output;
  } catch (error) {
    if (error instanceof JobLimitError && error.reason !== 'stopped')
      throw conflict(
        `change request ${request.number} is too large to merge on this server (the merge went over its ${error.reason === 'time' ? 'time' : 'memory'} budget); nothing was written`,
      );
    throw error;
  }
}

/**
 * Whether the space or the request changed between `before` (what the merge or the update was computed from) and
 * `now`, read again in the transaction that writes it (read before it, a merge committed meanwhile would go unseen
 * and the request be merged twice).
 */
export function movedSince(
  space: MergedSpace,
  request: MergedRequest,
  now: { space: MergedSpace; request: MergedRequest },
): boolean {
  return (
    now.space.revision_id !== space.revision_id ||
    now.request.revision_id !== request.revision_id ||
    now.request.status !== request.status ||
    now.request.revision_merged_ancestor !== request.revision_merged_ancestor
  );
}

/** Runs `attempt` until it answers (not `undefined`: something moved), at most 3 times; then a 409. */
export async function untilSettled<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 3; tries++) {
    const done = await attempt();
    if (done !== undefined) return done;
  }
  throw conflict('the space or the change request kept changing while it was merged; try again');
}
