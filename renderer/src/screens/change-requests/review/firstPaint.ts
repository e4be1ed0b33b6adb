/**
 * The Changes tab's first paint: the mark the review benchmark reads when the first page's diff is on screen, and
 * the switch that lets what must not delay it start after it.
 */
import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * `review:first-diff`, once `ready` (the first page's diff, or its structure, committed) is painted. Called before
 * `useAfterFirstPaint`: its frame callback comes first.
 */
export function useFirstDiffMark(ready: boolean): void {
  const marked = useRef(false);
  useEffect(() => {
    if (!ready || marked.current) return;
    marked.current = true;
    // The frame callback runs before that frame paints; the task after it runs once it has.
    requestAnimationFrame(() => setTimeout(() => performance.mark('review:first-diff'), 0));
  }, [ready]);
}

/**
 * True from the task after the frame that paints once `settled` is true (and from then on): work that must not
 * delay that frame waits for it. `frames` 2: from the task after the next frame, so that the tasks queued from the
 * first frame's callbacks (another mark's, whichever hook registered it) all run before the work this lets start.
 * `transition`: the switch is a transition (what it reveals is rendered in slices, and yields to other updates).
 */
export function useAfterFirstPaint(settled: boolean, frames: 1 | 2 = 1, transition = false): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!settled || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // In a transition, React renders what the switch reveals in slices that yield to the browser, not in one task.
    const set = () => (transition ? startTransition(() => setAfter(true)) : setAfter(true));
    let frame = requestAnimationFrame(() => {
      if (frames === 1) timer = setTimeout(set, 0);
      else frame = requestAnimationFrame(() => (timer = setTimeout(set, 0)));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [settled, after, frames, transition]);
  return after;
}
