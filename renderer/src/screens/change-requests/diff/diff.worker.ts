/**
 * The diff worker: computes page diffs off the main thread. A single page (`diff`) answers with the whole diff and
 * its blocks' HTML (`blockHtml.ts`); a batch (`batch`) keeps each diff here, by its key, and answers only the line
 * counts (in `progress` messages, then a closing `batch` with the compute time), so no large structure crosses to
 * the main thread until a page is shown.
 * Work runs in slices of about 10 ms and single pages go before the rest of a batch, so the page the user opens
 * never waits behind a whole batch.
 */
import { prepareBlockHtml } from './blockHtml.ts';
import { computePageDiff } from './compute.ts';
import { WARM_UP } from './warmup.ts';
import type { DiffInput, DiffStats, PageDiff, WorkerRequest, WorkerResponse } from './types.ts';

/** The part of a dedicated worker's global scope used here (the renderer's types are the window's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
}

const scope = self as unknown as WorkerScope;
const SLICE_MS = 10;
const CACHE_SIZE = 4_000;

const cache = new Map<string, PageDiff>();

interface Batch {
  id: number;
  inputs: DiffInput[];
  next: number;
  ms: number;
}

const singles: { id: number; input: DiffInput }[] = [];
const batches: Batch[] = [];
let scheduled = false;

const channel = new MessageChannel();
channel.port1.onmessage = () => {
  scheduled = false;
  pump();
};

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  channel.port2.postMessage(null);
}

/** The diff of `input`, from the cache or computed (and cached); with the time spent computing. */
function diffOf(input: DiffInput): { diff: PageDiff; ms: number } {
  const cached = cache.get(input.key);
  if (cached !== undefined) return { diff: cached, ms: 0 };
  const start = performance.now();
  const diff = computePageDiff(input.base, input.head);
  const ms = performance.now() - start;
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(input.key, diff);
  return { diff, ms };
}

function pump(): void {
  const sliceEnd = performance.now() + SLICE_MS;
  while (singles.length > 0) {
    const { id, input } = singles.shift()!;
    try {
      const { diff, ms } = diffOf(input);
      // The page is shown: its blocks' HTML is made here too (the cached diff stays without it).
      scope.postMessage({
        type: 'diff',
        id,
        diff: { ...diff, blockHtml: prepareBlockHtml(diff.rendered) },
        ms,
      });
    } catch (error) {
      scope.postMessage({
        type: 'error',
        id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const batch = batches[0];
  if (batch !== undefined) {
    const stats: { key: string; stats: DiffStats }[] = [];
    while (batch.next < batch.inputs.length && performance.now() < sliceEnd) {
      const input = batch.inputs[batch.next++]!;
      try {
        const { diff, ms } = diffOf(input);
        batch.ms += ms;
        stats.push({ key: input.key, stats: diff.stats });
      } catch {
        // A page that cannot be diffed gets no counts; opening it reports the error.
      }
    }
    if (stats.length > 0) scope.postMessage({ type: 'progress', id: batch.id, stats });
    if (batch.next >= batch.inputs.length) {
      batches.shift();
      scope.postMessage({ type: 'batch', id: batch.id, ms: batch.ms });
    }
  }
  if (singles.length > 0 || batches.length > 0) schedule();
}

// Compiled and warmed before the first page arrives (it comes once both page trees are in): the diff, and the
// markdown renderer over each kind of block.
prepareBlockHtml(computePageDiff(WARM_UP.base, WARM_UP.head).rendered);

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'diff') singles.push({ id: request.id, input: request.input });
  else batches.push({ id: request.id, inputs: request.inputs, next: 0, ms: 0 });
  schedule();
};
