/**
 * Functions the `people` benchmark runs inside the page (serialized by Playwright, so each is self-contained), and
 * the few browser globals they use, typed structurally (the Node tsconfig has no DOM library).
 */

/** An element, as far as the probes read it. */
interface ProbeElement {
  textContent: string | null;
}

/** A response whose `json()` the first-rows probe wraps. */
interface ProbeResponse {
  json(): Promise<unknown>;
}

/** What the first-rows probe records (performance.now() values of the page). */
export interface FirstRowsMarks {
  /** The members list's answer parsed by the app (its `response.json()` resolved). */
  dataAt?: number;
  /** The first member row in the DOM. */
  rowAt?: number;
  /** The frame after that (the rows painted). */
  paintedAt?: number;
}

/** What the search probe records. */
export interface SearchMarks {
  lastInputAt?: number;
  appliedAt?: number;
}

/** What the drop probe records. */
export interface DropMarks {
  upAt?: number;
  settledAt?: number;
}

/** The globals the probes use. */
interface ProbeGlobals {
  document: {
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): ArrayLike<ProbeElement>;
    addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean): void;
  };
  addEventListener(type: string, listener: () => void, options: { capture: boolean; once: boolean }): void;
  fetch: (input: unknown, init?: { body?: unknown }) => Promise<ProbeResponse>;
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => {
    observe(
      target: unknown,
      options: { childList: boolean; subtree: boolean; characterData: boolean; attributes?: boolean },
    ): void;
    disconnect(): void;
  };
  peopleFirstRows?: FirstRowsMarks;
  peopleSearch?: SearchMarks;
  peopleDrop?: DropMarks;
}

/**
 * Init script (runs before the page's own): notes when the members list's answer has been parsed (the app's
 * `fetch` to the bridge is wrapped) and when the first member row appears, then the next frame.
 */
export function probeFirstRows(): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: FirstRowsMarks = {};
  page.peopleFirstRows = marks;
  const isMembersList = (body: unknown): boolean => {
    if (typeof body !== 'string') return false;
    try {
      const request = JSON.parse(body) as { method?: string; path?: string; query?: { limit?: number } };
      return (
        request.method === 'GET' &&
        /^\/v1\/orgs\/[^/]+\/members$/.test(request.path ?? '') &&
        (request.query?.limit ?? 0) > 1
      );
    } catch {
      return false;
    }
  };
  const original = page.fetch.bind(page);
  page.fetch = async (input, init) => {
    const response = await original(input, init);
    if (marks.dataAt === undefined && isMembersList(init?.body)) {
      const json = response.json.bind(response);
      response.json = async () => {
        const value = await json();
        marks.dataAt ??= page.performance.now();
        return value;
      };
    }
    return response;
  };
  const observer = new page.MutationObserver(() => {
    if (page.document.querySelector('[data-testid="member-row"]') === null) return;
    observer.disconnect();
    marks.rowAt = page.performance.now();
    page.requestAnimationFrame(() => page.setTimeout(() => (marks.paintedAt = page.performance.now()), 0));
  });
  observer.observe(page.document, { childList: true, subtree: true, characterData: false });
}

/**
 * Before typing `term` into the members search: notes the time of each keystroke's `input` event, and when the rows
 * shown are exactly `expected` rows that all contain the term, with the search box holding it in full.
 */
export function probeSearch({ term, expected }: { term: string; expected: number }): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: SearchMarks = {};
  page.peopleSearch = marks;
  const box = page.document.querySelector('[data-testid="members-search"]');
  page.document.addEventListener(
    'input',
    (event) => {
      if (event.target === box) marks.lastInputAt = page.performance.now();
    },
    true,
  );
  const wanted = term.toLowerCase();
  const check = () => {
    if (marks.appliedAt !== undefined || marks.lastInputAt === undefined) return;
    const value = (box as unknown as { value?: string } | null)?.value ?? '';
    if (value !== term) return;
    const rows = Array.from(page.document.querySelectorAll('[data-testid="member-row"]'));
    if (rows.length !== expected) return;
    if (!rows.every((row) => (row.textContent ?? '').toLowerCase().includes(wanted))) return;
    marks.appliedAt = page.performance.now();
    observer.disconnect();
  };
  const observer = new page.MutationObserver(check);
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}

/** Before a drop on a team: notes the mouse up, and when the team's row shows `expected` members. */
export function probeDrop({ teamId, expected }: { teamId: string; expected: number }): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: DropMarks = {};
  page.peopleDrop = marks;
  page.addEventListener('pointerup', () => (marks.upAt = page.performance.now()), {
    capture: true,
    once: true,
  });
  const selector = `[data-testid="team-row"][data-team-id="${teamId}"] [data-testid="team-member-count"]`;
  const observer = new page.MutationObserver(() => {
    if (marks.upAt === undefined) return;
    const digits = /\d+/.exec(page.document.querySelector(selector)?.textContent ?? '');
    if (digits === null || Number(digits[0]) !== expected) return;
    marks.settledAt = page.performance.now();
    observer.disconnect();
  });
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}
