/** The colour theme: follows the OS unless the user picked Light or Dark (a UI preference kept in localStorage). */
import { useSyncExternalStore } from 'react';

/** The user's choice. */
export type ThemePreference = 'system' | 'light' | 'dark';

/** The choices in menu order, with their labels. */
export const THEME_CHOICES: readonly { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const STORAGE_KEY = 'docs-admin.theme';
const listeners = new Set<() => void>();
let current: ThemePreference = 'system';

function isPreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The stored preference (System when none, or when storage is unavailable). */
export function readThemePreference(): ThemePreference {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isPreference(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a preference to the document: `data-theme` overrides the OS's scheme, its absence follows it. */
export function applyTheme(preference: ThemePreference): void {
  const root = document.documentElement;
  if (preference === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', preference);
}

/** Stores, applies and announces a new preference. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Storage can be disabled; the choice then lasts for this page only.
  }
  current = preference;
  applyTheme(preference);
  for (const listener of listeners) listener();
}

/** Reads the stored preference and applies it; called once before the first render. */
export function initTheme(): void {
  current = readThemePreference();
  applyTheme(current);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current preference, re-rendering when it changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, () => current);
}
