/** Shift+click ranges over the loaded rows. */

/** The ids from `anchor` to `target` (inclusive) in `ids`' order, or just `target` when the anchor is not loaded. */
export function rangeBetween(ids: readonly string[], anchor: string | undefined, target: string): string[] {
  const to = ids.indexOf(target);
  const from = anchor === undefined ? -1 : ids.indexOf(anchor);
  if (to === -1) return [];
  if (from === -1) return [target];
  return ids.slice(Math.min(from, to), Math.max(from, to) + 1);
}
