/**
 * "Viewed" marks of a change request's pages, kept on this machine only. A mark remembers the page's signature when
 * it was marked (both bodies' document ids, title, slug and parent), so the mark is gone as soon as the page
 * changes again. One storage entry per profile and request holds the marks of its pages, by page id.
 */
import type { PageChange } from './classify.ts';

/** Where marks are kept (localStorage in the app; a map in tests). */
export interface MarkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Marks of one request: page id → signature at the time it was marked. */
export type ViewedMarks = Readonly<Record<string, string>>;

/** The storage key of a request's marks. */
export function viewedKey(profileId: string, changeRequestId: string): string {
  return `docs-admin.review.viewed.${profileId}.${changeRequestId}`;
}

/** What a page looks like now, as far as a mark is concerned. */
export function pageSignature(change: PageChange): string {
  const head = change.head;
  return JSON.stringify([
    change.base?.documentId ?? null,
    head?.documentId ?? null,
    head?.title ?? null,
    head?.slug ?? null,
    head === undefined ? 'deleted' : (head.parentId ?? ''),
  ]);
}

/** The marks stored for a request (none when absent or unreadable). */
export function readMarks(storage: MarkStorage, key: string): ViewedMarks {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const marks: Record<string, string> = {};
    for (const [id, signature] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof signature === 'string') marks[id] = signature;
    }
    return marks;
  } catch {
    return {};
  }
}

/** Stores a request's marks (removes the entry when there are none). */
export function writeMarks(storage: MarkStorage, key: string, marks: ViewedMarks): void {
  try {
    if (Object.keys(marks).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(marks));
  } catch {
    // Storage can be full or disabled: the marks then last for this screen only.
  }
}

/** Whether the page is marked viewed and has not changed since. */
export function isViewed(marks: ViewedMarks, change: PageChange): boolean {
  // Most pages carry no mark: no signature to build for them (the count runs over every changed page each render).
  const mark = marks[change.id];
  return mark !== undefined && mark === pageSignature(change);
}

/** The marks with the page marked (or unmarked); stale marks of other pages are kept (they may come back). */
export function withViewed(marks: ViewedMarks, change: PageChange, viewed: boolean): ViewedMarks {
  const others = Object.entries(marks).filter(([id]) => id !== change.id);
  return Object.fromEntries(viewed ? [...others, [change.id, pageSignature(change)]] : others);
}

/** How many of `changes` are viewed. */
export function viewedCount(marks: ViewedMarks, changes: Iterable<PageChange>): number {
  let count = 0;
  for (const change of changes) if (isViewed(marks, change)) count++;
  return count;
}
