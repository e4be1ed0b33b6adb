/** Review preferences remembered per profile: the lens, the rendered layout, the tree filter and the comments panel. */
import { useCallback, useState } from 'react';

/** Rendered (markdown blocks) or source (markdown lines). */
export type DiffLens = 'rendered' | 'source';
/** Base and request side by side, or one column. */
export type DiffLayout = 'split' | 'inline';

interface Prefs {
  lens: DiffLens;
  layout: DiffLayout;
  onlyChanged: boolean;
  comments: boolean;
}

const DEFAULTS: Prefs = { lens: 'rendered', layout: 'split', onlyChanged: true, comments: true };

const ALLOWED: { [K in keyof Prefs]: readonly Prefs[K][] } = {
  lens: ['rendered', 'source'],
  layout: ['split', 'inline'],
  onlyChanged: [true, false],
  comments: [true, false],
};

function storageKey(profileId: string, name: keyof Prefs): string {
  return `docs-admin.review.${name}.${profileId}`;
}

function read<K extends keyof Prefs>(profileId: string, name: K): Prefs[K] {
  try {
    const raw = localStorage.getItem(storageKey(profileId, name));
    if (raw === null) return DEFAULTS[name];
    const value = JSON.parse(raw) as Prefs[K];
    return ALLOWED[name].includes(value) ? value : DEFAULTS[name];
  } catch {
    return DEFAULTS[name];
  }
}

/** A remembered preference of the review screen, as state. */
export function useReviewPref<K extends keyof Prefs>(
  profileId: string,
  name: K,
): [Prefs[K], (value: Prefs[K]) => void] {
  const [value, setValue] = useState<Prefs[K]>(() => read(profileId, name));
  const update = useCallback(
    (next: Prefs[K]) => {
      setValue(next);
      try {
        localStorage.setItem(storageKey(profileId, name), JSON.stringify(next));
      } catch {
        // Storage can be disabled: the choice then lasts for this screen only.
      }
    },
    [profileId, name],
  );
  return [value, update];
}
