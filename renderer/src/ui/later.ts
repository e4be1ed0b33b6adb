/**
 * Work that must not hold up a screen's first paint: reads and parts that the first frame does not show wait for it
 * (`usePainted`), or for the window to be idle (`useIdle`). Their requests, answers and renders then run after the
 * frame the user is waiting for, not in the same tasks.
 */
import { useEffect, useState } from 'react';

/** Longest wait for a frame: a hidden window (no animation frames) still starts its reads. */
const FRAME_FALLBACK_MS = 250;

/** False during the first render, true once the frame that showed it has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      setPainted(true);
    };
    // The frame's callback runs before its paint: the task after it runs once the frame is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, FRAME_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** False until the window is first idle (or `timeoutMs` passed), true from then on. */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), Math.min(timeoutMs, 1_000));
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}
