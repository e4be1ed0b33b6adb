/**
 * Functions the `access` benchmark runs inside the page (serialized by Playwright, so each is self-contained), and
 * the browser globals they use, typed structurally (the Node tsconfig has no DOM library).
 */

interface ProbeElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
}

interface ProbeResponse {
  json(): Promise<unknown>;
}

/** The audit log's first rows: its list answer parsed, the first row in the DOM, the frame after. */
export interface AuditFirstMarks {
  dataAt?: number;
  rowAt?: number;
  paintedAt?: number;
}

/** "Inspect access": the first page asked and parsed, the last page parsed, first row, every item shown. */
export interface InspectMarks {
  requestAt?: number;
  firstDataAt?: number;
  lastDataAt?: number;
  rowAt?: number;
  /** The count line says every item is in (no "Examined … items" any more), with rows shown. */
  allAt?: number;
  /** Sum of each page's request → answer parsed, in the page (the bridge, the proxy and the server). */
  roundTripsMs?: number;
  pages?: number;
}

/** A filter of the audit log: the select changed, then only rows of that action shown. */
export interface FilterMarks {
  changeAt?: number;
  appliedAt?: number;
}

interface ProbeGlobals {
  document: {
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): ArrayLike<ProbeElement>;
    addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean): void;
  };
  fetch: (input: unknown, init?: { body?: unknown }) => Promise<ProbeResponse>;
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  auditFirst?: AuditFirstMarks;
  inspectAccess?: InspectMarks;
  auditFilter?: FilterMarks;
}

/** Init script: marks of the audit log's first rows and of "Inspect access", from the app's bridge calls. */
export function probeAccessPages(): void {
  const page = globalThis as unknown as ProbeGlobals;
  const audit: AuditFirstMarks = {};
  const inspect: InspectMarks = { roundTripsMs: 0, pages: 0 };
  page.auditFirst = audit;
  page.inspectAccess = inspect;
  const requestOf = (body: unknown): { path?: string; query?: { limit?: number } } | undefined => {
    if (typeof body !== 'string') return undefined;
    try {
      return JSON.parse(body) as { path?: string; query?: { limit?: number } };
    } catch {
      return undefined;
    }
  };
  const original = page.fetch.bind(page);
  page.fetch = async (input, init) => {
    const request = requestOf(init?.body);
    const path = request?.path ?? '';
    const isAuditList = /\/audit-events$/.test(path) && (request?.query?.limit ?? 0) > 20;
    const isInspect = /\/members\/[^/]+\/access$/.test(path);
    const sentAt = page.performance.now();
    if (isInspect) inspect.requestAt ??= sentAt;
    const response = await original(input, init);
    if (isAuditList || isInspect) {
      const json = response.json.bind(response);
      response.json = async () => {
        const value = await json();
        const now = page.performance.now();
        if (isAuditList) audit.dataAt ??= now;
        if (isInspect) {
          inspect.firstDataAt ??= now;
          inspect.roundTripsMs = (inspect.roundTripsMs ?? 0) + (now - sentAt);
          inspect.pages = (inspect.pages ?? 0) + 1;
          const next = (value as { next?: unknown } | null)?.next;
          if (next === undefined) inspect.lastDataAt = now;
        }
        return value;
      };
    }
    return response;
  };
  const observer = new page.MutationObserver(() => {
    if (audit.rowAt === undefined && page.document.querySelector('[data-testid="audit-row"]') !== null) {
      audit.rowAt = page.performance.now();
      page.requestAnimationFrame(() => page.setTimeout(() => (audit.paintedAt = page.performance.now()), 0));
    }
    if (inspect.rowAt === undefined && page.document.querySelector('[data-testid="access-row"]') !== null)
      inspect.rowAt = page.performance.now();
    if (inspect.allAt === undefined && inspect.lastDataAt !== undefined) {
      const count = page.document.querySelector('[data-testid="access-count"]')?.textContent ?? '';
      if (!count.includes('Examined') && page.document.querySelector('[data-testid="access-row"]') !== null)
        inspect.allAt = page.performance.now();
    }
  });
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}

/** Before choosing an action in the audit filter: the change, then rows all of that action and the count updated. */
export function probeAuditFilter({ action }: { action: string }): void {
  const page = globalThis as unknown as ProbeGlobals;
  const marks: FilterMarks = {};
  page.auditFilter = marks;
  page.document.addEventListener(
    'change',
    (event) => {
      if ((event.target as ProbeElement | null)?.getAttribute?.('data-testid') === 'audit-filter-action')
        marks.changeAt = page.performance.now();
    },
    true,
  );
  const check = () => {
    if (marks.appliedAt !== undefined || marks.changeAt === undefined) return;
    const rows = Array.from(page.document.querySelectorAll('[data-testid="audit-row"]'));
    if (rows.length === 0 || !rows.every((row) => row.getAttribute('data-action') === action)) return;
    marks.appliedAt = page.performance.now();
    observer.disconnect();
  };
  const observer = new page.MutationObserver(check);
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}
