/** Bulk actions on members: each member gets its own request, a few in flight at once, and its own result. */
import { errorMessage } from '../../../bridge/errors.ts';

/** How many requests a bulk action keeps in flight. */
export const BULK_CONCURRENCY = 4;

/** The outcome of a bulk action for one member. */
export interface BulkResult {
  userId: string;
  name: string;
  ok: boolean;
  /** The server's message when it failed. */
  message?: string;
}

/** Runs `task` for each target, at most `limit` at once; never rejects, each target gets a result in order. */
export async function runBulk(
  targets: readonly { userId: string; name: string }[],
  task: (userId: string) => Promise<unknown>,
  limit = BULK_CONCURRENCY,
  onProgress?: (done: number) => void,
): Promise<BulkResult[]> {
  const results: BulkResult[] = new Array<BulkResult>(targets.length);
  let next = 0;
  let done = 0;
  async function worker(): Promise<void> {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index]!;
      try {
        await task(target.userId);
        results[index] = { ...target, ok: true };
      } catch (error) {
        results[index] = { ...target, ok: false, message: errorMessage(error) };
      }
      done++;
      onProgress?.(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, targets.length) }, worker));
  return results;
}
