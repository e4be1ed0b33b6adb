/**
 * The markdown renderer warmed up while the Changes tab waits for its page trees: the rendered diff of the first page
 * would otherwise pay for compiling the markdown lexer's expressions and running its code cold (tens of milliseconds
 * on this machine kind), after the changes data. The blocks of the worker's warm-up page (`warmup.ts`: each kind of
 * block the seeds and real pages use) are rendered once each, in idle time (or after 50 ms without any), at least one
 * block per slice.
 */
import { renderMarkdown } from '../../../ui/Markdown.tsx';
import { WARM_UP } from './warmup.ts';

let warmed = false;
/** Stops the warm-up under way, if any. */
let stopCurrent: (() => void) | undefined;
/** The longest an idle slice is waited for. */
const WAIT_MS = 50;

/** Renders the sample's blocks in idle time, once per app; answers a function that stops what is left. */
export function warmMarkdownWhenIdle(): () => void {
  // A host without idle callbacks (a test's DOM) renders on demand, cold.
  if (warmed || typeof requestIdleCallback !== 'function') return () => {};
  const blocks = [WARM_UP.base, WARM_UP.head].flatMap((page) => page.split(/\n{2,}/));
  let stopped = false;
  let handle: number | undefined;
  // At least one block per callback, which comes within `WAIT_MS` even when no frame is idle: while the trees load,
  // the screen's frames (its skeletons) may leave no idle period at all, and a warm-up that only starts after the
  // changes data would run cold code on the first diff's critical path instead.
  const next = (deadline: IdleDeadline) => {
    handle = undefined;
    do renderMarkdown(blocks.shift()!);
    while (!stopped && blocks.length > 0 && deadline.timeRemaining() > 2);
    if (blocks.length === 0) warmed = true;
    else if (!stopped) handle = requestIdleCallback(next, { timeout: WAIT_MS });
  };
  handle = requestIdleCallback(next, { timeout: WAIT_MS });
  const stop = () => {
    stopped = true;
    if (handle !== undefined) cancelIdleCallback(handle);
  };
  stopCurrent = stop;
  return stop;
}

/**
 * Stops what is left of the warm-up: once the first page's bodies are in, a block rendered now (a slice that no
 * longer waits for idle time, up to tens of milliseconds cold) would delay the diff it was meant to speed up.
 */
export function stopMarkdownWarmUp(): void {
  stopCurrent?.();
  stopCurrent = undefined;
}
