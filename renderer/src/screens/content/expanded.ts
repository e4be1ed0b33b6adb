/** Which collections are open in the content tree: remembered per profile and organization (a UI preference). */
import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'docs-admin.contentExpanded.';

function storageKey(profileId: string, orgId: string): string {
  return `${PREFIX}${profileId}.${orgId}`;
}

/** Reads the remembered open collection keys (none when storage is off or holds something else). */
export function readExpanded(profileId: string, orgId: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(profileId, orgId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeExpanded(profileId: string, orgId: string, keys: ReadonlySet<string>): void {
  try {
    if (keys.size === 0) localStorage.removeItem(storageKey(profileId, orgId));
    else localStorage.setItem(storageKey(profileId, orgId), JSON.stringify([...keys]));
  } catch {
    // Storage can be disabled; the tree then opens as it was for this page only.
  }
}

/** The open collections and the ways to change them; every change is remembered. */
export function useExpanded(profileId: string, orgId: string) {
  const [state, setState] = useState(() => ({ profileId, orgId, keys: readExpanded(profileId, orgId) }));
  // Another organization: its own remembered set (state adjusted during render, as React recommends).
  const current =
    state.profileId === profileId && state.orgId === orgId
      ? state
      : { profileId, orgId, keys: readExpanded(profileId, orgId) };
  if (current !== state) setState(current);
  const expanded: ReadonlySet<string> = current.keys;

  useEffect(() => {
    writeExpanded(state.profileId, state.orgId, state.keys);
  }, [state]);

  const update = useCallback(
    (edit: (keys: Set<string>) => void) =>
      setState((previous) => {
        const keys = new Set(previous.keys);
        edit(keys);
        return { ...previous, keys };
      }),
    [],
  );
  const toggle = useCallback(
    (key: string, open?: boolean) =>
      update((keys) => {
        if (open ?? !keys.has(key)) keys.add(key);
        else keys.delete(key);
      }),
    [update],
  );
  const setAll = useCallback(
    (keys: Iterable<string>) => setState((previous) => ({ ...previous, keys: new Set(keys) })),
    [],
  );
  const open = useCallback(
    (keys: Iterable<string>) => update((set) => [...keys].forEach((k) => set.add(k))),
    [update],
  );
  return { expanded, toggle, setAll, open };
}
