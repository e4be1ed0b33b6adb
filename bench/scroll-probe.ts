/**
 * Scrolling a virtualized list to its end one step per frame, timing every frame: the probe the `people`, `tree` and
 * `sites` suites run inside the page (serialized by Playwright, so it is self-contained; the browser globals it
 * uses are typed structurally, the Node tsconfig has no DOM library).
 */

/** An element, as far as the probe reads it. */
interface ScrollElement {
  scrollTop: number;
  readonly isConnected: boolean;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ScrollElement | null;
  querySelectorAll(selector: string): ArrayLike<ScrollElement>;
}

interface ScrollGlobals {
  document: { querySelector(selector: string): ScrollElement | null };
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
}

/** Frame times while scrolling, and what the scroll reached. */
export interface ScrollFigures {
  frames: number[];
  /** For each frame: whether the list was fetching more rows (`aria-busy` on the scroll container). */
  loading: boolean[];
  /** The row count the list reports (`rowCount`), or the distinct rows seen when it reports none. */
  rows: number;
  /** Distinct rows seen in the DOM while scrolling, by their `data-kind` ("" without one); only with `seen`. */
  seenByKind?: Record<string, number>;
  durationMs: number;
  /** The end reached (and held for 10 frames) on the container in the page, not on one the page had dropped. */
  reachedEnd: boolean;
  /**
   * How often the container was replaced by another element (the screen re-rendered it) while scrolling: the probe
   * then scrolls the new one on from where it stands. A dropped container reads as scrolled to its end (no height).
   */
  replaced: number;
}

/** What to scroll, and how far. */
export interface ScrollRequest {
  /** CSS selector of the scroll container. */
  container: string;
  /** Pixels per frame. */
  step: number;
  limitMs: number;
  /** The container's attribute holding its row count, and what to subtract from it (a header row). */
  rowCount?: { attribute: string; minus: number };
  /** Rows to note as they pass: CSS selector within the container, and the attribute naming each row. */
  seen?: { row: string; key: string };
}

/**
 * Scrolls the container by `step` pixels every frame until its end is reached and nothing is loading (no
 * `aria-busy="true"` on the container or inside it: the people grid's pages and placeholder rows; lists that never
 * load more never set it) for 10 frames, or `limitMs` passes; answers each frame's duration.
 */
export function scrollToEnd(request: ScrollRequest): Promise<ScrollFigures> {
  const { step, limitMs, rowCount, seen } = request;
  const page = globalThis as unknown as ScrollGlobals;
  const found = page.document.querySelector(request.container);
  if (found === null) return Promise.reject(new Error(`no ${request.container} on the page`));
  let list: ScrollElement = found;
  let replaced = 0;
  const frames: number[] = [];
  const loadingAt: boolean[] = [];
  const kinds = new Map<string, string>();
  const note = () => {
    if (seen === undefined) return;
    for (const row of Array.from(list.querySelectorAll(seen.row)))
      kinds.set(row.getAttribute(seen.key) ?? '', row.getAttribute('data-kind') ?? '');
  };
  const start = page.performance.now();
  let last = start;
  let settledFrames = 0;
  return new Promise((resolve) => {
    const tick = (now: number) => {
      // The container found at the start may have been replaced: a detached element has no height, so it reads as
      // scrolled to its end (a run once "reached the end" after 32 frames and 485 of 10,549 rows). Follow the page.
      const current = page.document.querySelector(request.container);
      if (current !== null && current !== list) {
        list = current;
        replaced++;
      }
      note();
      const atEnd = list.isConnected && list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      const fetching = list.getAttribute('aria-busy') === 'true';
      const loading = fetching || list.querySelector('[aria-busy="true"]') !== null;
      frames.push(now - last);
      loadingAt.push(fetching);
      last = now;
      settledFrames = atEnd && !loading ? settledFrames + 1 : 0;
      if (settledFrames >= 10 || now - start > limitMs) {
        const byKind: Record<string, number> = {};
        for (const kind of kinds.values()) byKind[kind] = (byKind[kind] ?? 0) + 1;
        resolve({
          frames: frames.slice(1),
          loading: loadingAt.slice(1),
          rows:
            rowCount === undefined
              ? kinds.size
              : Number(list.getAttribute(rowCount.attribute) ?? '0') - rowCount.minus,
          ...(seen === undefined ? {} : { seenByKind: byKind }),
          durationMs: now - start,
          reachedEnd: settledFrames >= 10,
          replaced,
        });
        return;
      }
      list.scrollTop = Math.min(list.scrollTop + step, list.scrollHeight);
      page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
  });
}
