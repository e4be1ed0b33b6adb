/**
 * Reading a whole list: the API pages its lists; some screens need every item. This is the renderer's one page
 * reader: every loop over `next.page` goes through `eachPage` (pages streamed to a callback: a CSV written page by
 * page, progress) or `allPages` (the items gathered).
 */

/** A page of a list as the API answers it (the rest of the answer, such as `count`, is passed on untouched). */
export interface ListPage<T> {
  items: T[];
  next?: { page: string } | undefined;
}

/** How a walk over the pages is bounded. */
export interface PageWalk {
  /** Stops the walk between pages (throws the signal's reason). */
  signal?: AbortSignal | undefined;
  /** Reads at most this many pages (a list that never ends on a faulty server). */
  maxPages?: number | undefined;
}

/**
 * Walks every page of a list (`fetchPage` gets the cursor, undefined first) and hands each answer to `onPage`, in
 * order, before asking for the next one.
 */
export async function eachPage<P extends ListPage<unknown>>(
  fetchPage: (page: string | undefined) => Promise<P>,
  onPage: (answer: P) => void | Promise<void>,
  walk: PageWalk = {},
): Promise<void> {
  let page: string | undefined;
  let read = 0;
  do {
    walk.signal?.throwIfAborted();
    const answer = await fetchPage(page);
    walk.signal?.throwIfAborted();
    await onPage(answer);
    read++;
    page = answer.next?.page;
  } while (page !== undefined && (walk.maxPages === undefined || read < walk.maxPages));
}

/** Walks every page of a list and answers all the items in order. */
export async function allPages<T>(
  fetchPage: (page: string | undefined) => Promise<ListPage<T>>,
  walk: PageWalk = {},
): Promise<T[]> {
  const items: T[] = [];
  await eachPage(fetchPage, (answer) => void items.push(...answer.items), walk);
  return items;
}

/** The `page` query parameter of a cursor, or nothing for the first page. */
export const pageParam = (page: string | undefined) => (page !== undefined ? { page } : {});
