/**
 * Whether the sidebar is collapsed to a rail. Below `NARROW_WIDTH` it starts collapsed, above it starts expanded;
 * Ctrl/Cmd+B (or the sidebar's button) flips it, and the choice is remembered for windows of that kind (narrow or
 * wide), so a wide window keeps its sidebar and a small one keeps its room. UI state only.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isMac } from './shortcut.ts';

/** Windows narrower than this (CSS px) start with the sidebar collapsed. */
export const NARROW_WIDTH = 1280;

type WindowKind = 'narrow' | 'wide';
type Choice = 'collapsed' | 'expanded';

const KEY = 'docs-admin.sidebar.';

/** The label of the shortcut. */
export const sidebarShortcut = isMac ? '⌘B' : 'Ctrl+B';

/** Whether a key event is the sidebar's shortcut (Ctrl+B or ⌘B). */
export function isSidebarShortcut(event: KeyboardEvent): boolean {
  const modifier = event.metaKey || event.ctrlKey;
  return modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';
}

function read(kind: WindowKind): Choice | undefined {
  try {
    const value = localStorage.getItem(KEY + kind);
    return value === 'collapsed' || value === 'expanded' ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(kind: WindowKind, choice: Choice): void {
  try {
    localStorage.setItem(KEY + kind, choice);
  } catch {
    // Storage can be disabled: the choice then lasts for this page only.
  }
}

const listeners = new Set<() => void>();
/** The state as last read: every render asks for it, and the window's width costs a layout when styles changed. */
let current: boolean | undefined;
const notify = () => {
  current = undefined;
  listeners.forEach((listener) => listener());
};
let media: MediaQueryList | undefined;

function subscribe(listener: () => void): () => void {
  media ??= window.matchMedia(`(max-width: ${NARROW_WIDTH - 0.02}px)`);
  if (listeners.size === 0) {
    // Unfollowed meanwhile, the window may have changed its kind.
    current = undefined;
    media.addEventListener('change', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) media?.removeEventListener('change', notify);
  };
}

function kindNow(): WindowKind {
  return window.innerWidth < NARROW_WIDTH ? 'narrow' : 'wide';
}

function collapsedNow(): boolean {
  if (current !== undefined) return current;
  const kind = kindNow();
  current = (read(kind) ?? (kind === 'narrow' ? 'collapsed' : 'expanded')) === 'collapsed';
  return current;
}

/** The sidebar's state and its toggle; Ctrl/Cmd+B toggles it too. */
export function useSidebarCollapsed(): { collapsed: boolean; toggle: () => void } {
  const collapsed = useSyncExternalStore(subscribe, collapsedNow);
  const toggle = useCallback(() => {
    write(kindNow(), collapsedNow() ? 'expanded' : 'collapsed');
    notify();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { collapsed, toggle };
}
