/** The list's filters applied to what a subject reaches: type, level (that level or more, or none) and text. */
import type { AccessEntry } from '../../../../shared/contract/resources/access.ts';
import { describePath } from '../../../../shared/access/explain.ts';
import { levelRank } from '../../../../shared/access/explain.ts';
import type { AccessSearch } from './accessSearch.ts';

/** An entry with its path as a sentence and its lowered title, computed once per entry. */
export interface ShownEntry {
  entry: AccessEntry;
  reason: string;
  text: string;
}

export function shownEntry(entry: AccessEntry): ShownEntry {
  const reason = describePath(entry);
  return { entry, reason, text: `${entry.item.title}\n${reason}`.toLowerCase() };
}

const shownPages = new WeakMap<object, ShownEntry[]>();

/** A page's entries as shown, computed once per page: each new page of a long list costs its own entries only. */
export function shownPage(page: { items: readonly AccessEntry[] }): ShownEntry[] {
  let shown = shownPages.get(page);
  if (shown === undefined) {
    shown = page.items.map(shownEntry);
    shownPages.set(page, shown);
  }
  return shown;
}

/** The entries the filters keep, in the order given. Without a level filter, only items reached. */
export function filterEntries(entries: readonly ShownEntry[], search: AccessSearch): ShownEntry[] {
  const q = search.q?.toLowerCase() ?? '';
  const level = search.level;
  const min = level === undefined || level === 'none' ? 1 : levelRank(level);
  return entries.filter(({ entry, text }) => {
    if (search.type !== undefined && entry.item.type !== search.type) return false;
    if (level === 'none' ? entry.level !== null : levelRank(entry.level) < min) return false;
    return q === '' || text.includes(q);
  });
}
