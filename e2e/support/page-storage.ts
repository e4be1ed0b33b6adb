/** Everything the page's own scripts can read: the DOM, Web Storage, IndexedDB and Cache Storage, as text. */
import type { Page } from 'playwright-core';
import type { IdbRequest, PageGlobals, StorageArea } from './page-globals.ts';

/** The page's DOM as HTML plus every form field's current value. */
export function dumpDom(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const fields = [...document.querySelectorAll('input, textarea, select')].map((field) =>
      String(field.value),
    );
    return [document.documentElement.outerHTML, ...fields].join('\n');
  });
}

/** localStorage and sessionStorage, every key and value. */
export function dumpWebStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as PageGlobals;
    const dump = (storage: StorageArea) =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      });
    return JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage) });
  });
}

/** Every IndexedDB database of the origin, every object store, every key and record. */
export function dumpIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { indexedDB } = globalThis as unknown as PageGlobals;
    const settle = <T>(request: IdbRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error(`IndexedDB: ${String(request.error)}`));
      });
    const out: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (info.name === undefined) continue;
      const db = await settle(indexedDB.open(info.name));
      for (const store of db.objectStoreNames) {
        const objects = db.transaction(store, 'readonly').objectStore(store);
        const [keys, values] = [await settle(objects.getAllKeys()), await settle(objects.getAll())];
        out.push({ db: info.name, store, keys, values });
      }
      db.close();
    }
    return JSON.stringify(out);
  });
}

/** Every response stored through the Cache API. */
export function dumpCacheStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as PageGlobals;
    // The Cache API exists only in secure contexts (127.0.0.1 is one); say so rather than fail elsewhere.
    if (caches === undefined) return 'no Cache API';
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        out.push(request.url, (await (await cache.match(request))?.text()) ?? '');
    }
    return out.join('\n');
  });
}
