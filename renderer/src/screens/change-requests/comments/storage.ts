/**
 * What the comment threads remember: drafts (what was typed in a composer or an editor, kept in sessionStorage so
 * that switching tabs or screens loses nothing until the window closes) and preferences per profile (the status
 * filter, whether the page panel is collapsed) in localStorage. Storage may be missing or disabled: an in-memory
 * map stands in, so typing is never lost within the page either way.
 */
import { isCommentFilter, type CommentFilter } from './logic.ts';

/** The part of the Web Storage API used here (tests pass a map-backed one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store in memory: the fallback when Web Storage is unavailable. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** Reads and writes through `primary`, falling back to memory whenever it throws or is absent. */
export function resilientStore(primary: () => KeyValueStore | undefined): KeyValueStore {
  const memory = memoryStore();
  const attempt = <T>(use: (store: KeyValueStore) => T, fallback: () => T): T => {
    try {
      const store = primary();
      return store === undefined ? fallback() : use(store);
    } catch {
      return fallback();
    }
  };
  return {
    getItem: (key) =>
      attempt(
        (store) => store.getItem(key),
        () => memory.getItem(key),
      ),
    setItem: (key, value) => {
      // Memory keeps a copy too, so a store that starts failing mid-session still answers what was written.
      memory.setItem(key, value);
      attempt(
        (store) => store.setItem(key, value),
        () => undefined,
      );
    },
    removeItem: (key) => {
      memory.removeItem(key);
      attempt(
        (store) => store.removeItem(key),
        () => undefined,
      );
    },
  };
}

const DRAFT_PREFIX = 'docs-admin.commentDraft.';
const FILTER_PREFIX = 'docs-admin.commentFilter.';
const PANEL_PREFIX = 'docs-admin.commentPanelCollapsed.';

/** Which composer or editor a draft belongs to. */
export type DraftSlot =
  | { kind: 'new'; pageId?: string }
  | { kind: 'reply'; commentId: string }
  | { kind: 'edit-comment'; commentId: string }
  | { kind: 'edit-reply'; commentId: string; replyId: string };

/** The storage key of a draft: per profile, request and slot. */
export function draftKey(profileId: string, changeRequestId: string, slot: DraftSlot): string {
  const where = (() => {
    switch (slot.kind) {
      case 'new':
        return slot.pageId === undefined ? 'new' : `new:page:${slot.pageId}`;
      case 'reply':
        return `reply:${slot.commentId}`;
      case 'edit-comment':
        return `edit:${slot.commentId}`;
      case 'edit-reply':
        return `edit:${slot.commentId}:${slot.replyId}`;
    }
  })();
  return `${DRAFT_PREFIX}${profileId}:${changeRequestId}:${where}`;
}

/** Drafts over a store: an empty text removes the draft. */
export function draftsIn(store: KeyValueStore) {
  return {
    read: (key: string): string | undefined => store.getItem(key) ?? undefined,
    write: (key: string, text: string): void => {
      if (text === '') store.removeItem(key);
      else store.setItem(key, text);
    },
    clear: (key: string): void => store.removeItem(key),
  };
}

/** Preferences over a store. */
export function prefsIn(store: KeyValueStore) {
  return {
    filter: (profileId: string): CommentFilter => {
      const value = store.getItem(FILTER_PREFIX + profileId);
      return isCommentFilter(value) ? value : 'open';
    },
    setFilter: (profileId: string, filter: CommentFilter): void =>
      store.setItem(FILTER_PREFIX + profileId, filter),
    panelCollapsed: (profileId: string): boolean => store.getItem(PANEL_PREFIX + profileId) === '1',
    setPanelCollapsed: (profileId: string, collapsed: boolean): void => {
      if (collapsed) store.setItem(PANEL_PREFIX + profileId, '1');
      else store.removeItem(PANEL_PREFIX + profileId);
    },
  };
}

/** The app's drafts (sessionStorage: gone when the window closes, kept across tabs and screens). */
export const drafts = draftsIn(
  resilientStore(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
);

/** The app's comment preferences (localStorage, per profile). */
export const commentPrefs = prefsIn(
  resilientStore(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
);
