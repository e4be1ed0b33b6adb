/**
 * The few browser globals that functions run inside the page use, typed structurally: the Node tsconfig has no
 * DOM library, and adding it would let Node code use `window` unnoticed. Types only (page functions are serialized).
 */

/** A Web Storage area (`localStorage`, `sessionStorage`). */
export interface StorageArea {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

/** An IndexedDB request, settled through its callbacks. */
export interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}

/** An open IndexedDB database, as far as reading it all goes. */
export interface IdbDatabase {
  objectStoreNames: Iterable<string>;
  transaction(
    store: string,
    mode: 'readonly',
  ): { objectStore(name: string): { getAll(): IdbRequest<unknown[]>; getAllKeys(): IdbRequest<unknown[]> } };
  close(): void;
}

/** What the page scripts of the tests and benchmarks read. */
export interface PageGlobals {
  document: {
    documentElement: { outerHTML: string };
    querySelector(selector: string): { textContent: string | null } | null;
    querySelectorAll(selector: string): Iterable<{ value?: unknown }>;
  };
  localStorage: StorageArea;
  sessionStorage: StorageArea;
  indexedDB: {
    databases(): Promise<{ name?: string }[]>;
    open(name: string): IdbRequest<IdbDatabase>;
  };
  caches?: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{
      keys(): Promise<{ url: string }[]>;
      match(request: { url: string }): Promise<{ text(): Promise<string> } | undefined>;
    }>;
  };
  performance: {
    now(): number;
    getEntriesByType(type: 'navigation'): { responseEnd: number; domContentLoadedEventEnd: number }[];
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  /** Set by the app benchmark's init script: when the overview's title appeared (performance.now()). */
  overviewRenderedAt?: number;
}
