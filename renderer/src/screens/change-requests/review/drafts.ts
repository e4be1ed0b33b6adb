/**
 * Draft comments of a review in progress: comments on the request, a page, a block or lines of a block, held until
 * "Finish review" sends them together. Kept per profile and request in localStorage (they outlive the window, like
 * a review left for tomorrow), with an in-memory stand-in when storage is unavailable; components subscribe with
 * `useReviewDrafts`.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Static } from '@sinclair/typebox';
import type { PostComment } from '../../../../../shared/contract/resources/comments.ts';
import { resilientStore, type KeyValueStore } from '../comments/storage.ts';

/** One draft comment. */
export interface ReviewDraft {
  id: string;
  markdown: string;
  pageId?: string;
  pageTitle?: string;
  /** The block's key, and its place in the page when the draft was written (to show it there). */
  node?: string;
  blockIndex?: number;
  lines?: { start: number; end: number };
  /** The start of the block's text, to name it. */
  excerpt?: string;
  createdAt: string;
}

const PREFIX = 'docs-admin.reviewDrafts.';

/** Drafts over a store (tests pass a map-backed one). */
export function reviewDraftsIn(store: KeyValueStore) {
  const listeners = new Set<() => void>();
  const cache = new Map<string, ReviewDraft[]>();
  const key = (profileId: string, changeRequestId: string) => `${PREFIX}${profileId}:${changeRequestId}`;
  const read = (storageKey: string): ReviewDraft[] => {
    let list = cache.get(storageKey);
    if (list === undefined) {
      try {
        const parsed: unknown = JSON.parse(store.getItem(storageKey) ?? '[]');
        list = Array.isArray(parsed) ? (parsed as ReviewDraft[]) : [];
      } catch {
        list = [];
      }
      cache.set(storageKey, list);
    }
    return list;
  };
  const write = (storageKey: string, list: ReviewDraft[]) => {
    cache.set(storageKey, list);
    if (list.length === 0) store.removeItem(storageKey);
    else store.setItem(storageKey, JSON.stringify(list));
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    list: (profileId: string, changeRequestId: string) => read(key(profileId, changeRequestId)),
    add(
      profileId: string,
      changeRequestId: string,
      draft: Omit<ReviewDraft, 'id' | 'createdAt'>,
    ): ReviewDraft {
      const created: ReviewDraft = {
        ...draft,
        id: `draft-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        createdAt: new Date().toISOString(),
      };
      const storageKey = key(profileId, changeRequestId);
      write(storageKey, [...read(storageKey), created]);
      return created;
    },
    update(profileId: string, changeRequestId: string, id: string, markdown: string) {
      const storageKey = key(profileId, changeRequestId);
      write(
        storageKey,
        read(storageKey).map((draft) => (draft.id === id ? { ...draft, markdown } : draft)),
      );
    },
    remove(profileId: string, changeRequestId: string, ids: readonly string[]) {
      const storageKey = key(profileId, changeRequestId);
      write(
        storageKey,
        read(storageKey).filter((draft) => !ids.includes(draft.id)),
      );
    },
  };
}

/** The app's review drafts. */
export const reviewDrafts = reviewDraftsIn(
  resilientStore(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
);

/** What a draft is posted as. */
export function draftToComment(draft: ReviewDraft): Static<typeof PostComment> {
  return {
    body: { markdown: draft.markdown },
    ...(draft.pageId !== undefined ? { page: draft.pageId } : {}),
    ...(draft.node !== undefined ? { node: draft.node } : {}),
    ...(draft.lines !== undefined ? { lines: draft.lines } : {}),
  };
}

/** The drafts of a request, and the ways to change them. */
export function useReviewDrafts(profileId: string, changeRequestId: string) {
  const list = useSyncExternalStore(reviewDrafts.subscribe, () =>
    reviewDrafts.list(profileId, changeRequestId),
  );
  const add = useCallback(
    (draft: Omit<ReviewDraft, 'id' | 'createdAt'>) => reviewDrafts.add(profileId, changeRequestId, draft),
    [profileId, changeRequestId],
  );
  const update = useCallback(
    (id: string, markdown: string) => reviewDrafts.update(profileId, changeRequestId, id, markdown),
    [profileId, changeRequestId],
  );
  const remove = useCallback(
    (ids: readonly string[]) => reviewDrafts.remove(profileId, changeRequestId, ids),
    [profileId, changeRequestId],
  );
  return useMemo(() => ({ drafts: list, add, update, remove }), [list, add, update, remove]);
}
