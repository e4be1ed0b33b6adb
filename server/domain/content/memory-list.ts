/**
 * Keyset pages of lists computed in memory (a revision's files, the backlinks of a file): sorted by a text label and
 * an id, the cursor holding the last item's pair, so that pages stay right when items come and go between requests.
 */
import { badRequest } from '../../errors.ts';
import { listPage, type KeyValue, type SortKey } from '../../http/pagination.ts';
import { compareText } from './links.ts';

const TEXT_KEYS: readonly SortKey[] = [
  { column: 'label', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

function textCursor(after: readonly KeyValue[]): [string, string] {
  const [label, id] = after;
  if (typeof label !== 'string' || typeof id !== 'string')
    throw badRequest(
      'query parameter `page` is not a page cursor of this list (take it from `next.page` of the previous answer)',
    );
  return [label, id];
}

/** One page of an in-memory list sorted by (label, id), in code-unit order. */
export function pageByText<T, Item>(
  query: { page?: string; limit?: number },
  rows: readonly T[],
  keyOf: (row: T) => [string, string],
  present: (row: T) => Item,
) {
  const sorted = [...rows].sort((a, b) => {
    const [la, ia] = keyOf(a);
    const [lb, ib] = keyOf(b);
    return compareText(la, lb) || compareText(ia, ib);
  });
  return listPage({
    query,
    keys: TEXT_KEYS,
    fetch: (after, take) => {
      if (!after) return sorted.slice(0, take);
      const [label, id] = textCursor(after);
      return sorted
        .filter((row) => {
          const [l, i] = keyOf(row);
          return (compareText(l, label) || compareText(i, id)) > 0;
        })
        .slice(0, take);
    },
    keyOf,
    count: () => sorted.length,
    present,
  });
}
