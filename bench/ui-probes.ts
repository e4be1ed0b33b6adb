/**
 * Functions the `tree`, `sites` and `review` benchmarks run inside the page (serialized by Playwright, so each is
 * self-contained), and the few browser globals they use, typed structurally (the Node tsconfig has no DOM library).
 */

interface ProbeElement {
  getAttribute(name: string): string | null;
}

interface ProbeResponse {
  json(): Promise<unknown>;
}

/** What the first-render probe records (performance.now() values of the page). */
export interface TreeFirstMarks {
  /** The last collections or spaces list page parsed before the first row appeared. */
  dataAt?: number;
  /** The first tree row in the DOM. */
  rowAt?: number;
  /** The frame after that. */
  paintedAt?: number;
}

/** What the expand-all probe records. */
export interface TreeExpandMarks {
  clickAt?: number;
  /** The tree reports every item as a row. */
  rowsAt?: number;
  /** The frame after that. */
  paintedAt?: number;
}

/** What the drop probe records. */
export interface TreeDropMarks {
  upAt?: number;
  /** The move shown and acknowledged: no move in flight any more. */
  settledAt?: number;
}

interface ProbeGlobals {
  document: {
    querySelector(selector: string): ProbeElement | null;
  };
  addEventListener(type: string, listener: () => void, options: { capture: boolean; once: boolean }): void;
  fetch: (input: unknown, init?: { body?: unknown }) => Promise<ProbeResponse>;
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => {
    observe(
      target: unknown,
      options: { childList: boolean; subtree: boolean; characterData?: boolean; attributes?: boolean },
    ): void;
    disconnect(): void;
  };
  treeFirst?: TreeFirstMarks;
  treeExpand?: TreeExpandMarks;
  treeDrop?: TreeDropMarks;
}

/** What the first-render probe watches: the API paths whose answers the screen needs, and its rows. */
export interface FirstRenderWatch {
  /** Source of a regular expression matching the request paths (GET) of the screen's data. */
  paths: string;
  /** CSS selector of a row. */
  row: string;
}

/** The content tree's watch: every page of the collections and spaces lists, then a tree row. */
export const TREE_WATCH: FirstRenderWatch = {
  paths: '^/v1/orgs/[^/]+/(collections|spaces)$',
  row: '[data-testid="tree-row"]',
};

/**
 * Init script: notes when each answer the screen needs has been parsed by the app (its `fetch` to the bridge is
 * wrapped), and when the first row appears, then the next frame. Marks go to `treeFirst`.
 */
export function probeFirstRender(watch: FirstRenderWatch): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: TreeFirstMarks = {};
  page.treeFirst = marks;
  const pattern = new RegExp(watch.paths);
  const isWatched = (body: unknown): boolean => {
    if (typeof body !== 'string') return false;
    try {
      const request = JSON.parse(body) as { method?: string; path?: string; query?: { limit?: number } };
      return (
        request.method === 'GET' &&
        pattern.test(request.path ?? '') &&
        (request.query?.limit === undefined || request.query.limit > 1)
      );
    } catch {
      return false;
    }
  };
  const original = page.fetch.bind(page);
  page.fetch = async (input, init) => {
    const response = await original(input, init);
    if (marks.rowAt === undefined && isWatched(init?.body)) {
      const json = response.json.bind(response);
      response.json = async () => {
        const value = await json();
        if (marks.rowAt === undefined) marks.dataAt = page.performance.now();
        return value;
      };
    }
    return response;
  };
  const observer = new page.MutationObserver(() => {
    if (page.document.querySelector(watch.row) === null) return;
    observer.disconnect();
    marks.rowAt = page.performance.now();
    page.requestAnimationFrame(() => page.setTimeout(() => (marks.paintedAt = page.performance.now()), 0));
  });
  observer.observe(page.document, { childList: true, subtree: true });
}

/** Before clicking "Expand all": notes the click, and when the tree reports `rows` rows, then the next frame. */
export function probeTreeExpand({ rows }: { rows: number }): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: TreeExpandMarks = {};
  page.treeExpand = marks;
  page.addEventListener('click', () => (marks.clickAt = page.performance.now()), {
    capture: true,
    once: true,
  });
  const observer = new page.MutationObserver(() => {
    const tree = page.document.querySelector('[data-testid="content-tree"]');
    if (marks.clickAt === undefined || tree?.getAttribute('data-row-count') !== String(rows)) return;
    observer.disconnect();
    marks.rowsAt = page.performance.now();
    page.requestAnimationFrame(() => page.setTimeout(() => (marks.paintedAt = page.performance.now()), 0));
  });
  observer.observe(page.document, { childList: true, subtree: true, attributes: true });
}

/**
 * Before a drop: notes the mouse up, and when the tree (`tree`: a CSS selector of the element carrying
 * `data-pending`) has had a move in flight and has none any more.
 */
export function probeDrop({ tree }: { tree: string }): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: TreeDropMarks = {};
  page.treeDrop = marks;
  let sawPending = false;
  page.addEventListener('pointerup', () => (marks.upAt = page.performance.now()), {
    capture: true,
    once: true,
  });
  const observer = new page.MutationObserver(() => {
    if (marks.upAt === undefined) return;
    const pending = page.document.querySelector(tree)?.getAttribute('data-pending');
    if (pending !== '0') sawPending = true;
    else if (sawPending) {
      marks.settledAt = page.performance.now();
      observer.disconnect();
    }
  });
  observer.observe(page.document, { childList: true, subtree: true, attributes: true });
}

/** A main-thread task over 50 ms, as the `longtask` entries report it (performance.now() values). */
export interface LongTask {
  startTime: number;
  duration: number;
}

/**
 * Init script: records every long task of the page's main thread (over 50 ms, Chromium's `longtask` entries) in
 * `longTasks`, from the start of the document.
 */
export function probeLongTasks(): void {
  const page = globalThis as unknown as {
    longTasks?: LongTask[];
    PerformanceObserver: new (callback: (list: { getEntries(): LongTask[] }) => void) => {
      observe(options: { type: string; buffered: boolean }): void;
    };
  };
  const tasks: LongTask[] = [];
  page.longTasks = tasks;
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}
