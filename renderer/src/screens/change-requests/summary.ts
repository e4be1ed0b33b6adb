/**
 * The Overview's summary of a change request: which pages it adds, edits, deletes and moves, from the page trees
 * of its merge base and of its head (pages are matched by id across revisions). A page whose parent changed, or
 * whose order among the siblings both trees share changed, is moved; a sibling merely shifted by an insertion is
 * not (the pages kept in order are a longest increasing subsequence).
 */
import type { Page } from '../../../../shared/contract/resources/revisions.ts';

/** One page of a summary. */
export interface SummaryPage {
  id: string;
  title: string;
}

/** The pages a request changes, by kind. */
export interface ChangeSummary {
  added: SummaryPage[];
  edited: SummaryPage[];
  deleted: SummaryPage[];
  moved: SummaryPage[];
}

interface Placed {
  page: Page;
  parent: string | null;
}

function flatten(pages: readonly Page[], parent: string | null, into: Map<string, Placed>): void {
  for (const page of pages) {
    into.set(page.id, { page, parent });
    flatten(page.pages ?? [], page.id, into);
  }
}

function childrenOf(pages: readonly Page[], parent: string | null, into: Map<string | null, string[]>): void {
  into.set(
    parent,
    pages.map((page) => page.id),
  );
  for (const page of pages) childrenOf(page.pages ?? [], page.id, into);
}

/** The positions (in `values`) of one longest strictly increasing subsequence. */
export function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < values[i]!) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  let at = tails.length > 0 ? tails[tails.length - 1]! : -1;
  while (at !== -1) {
    kept.add(at);
    at = previous[at]!;
  }
  return kept;
}

function sameMetadata(a: Page, b: Page): boolean {
  return (
    a.title === b.title &&
    (a.slug ?? '') === (b.slug ?? '') &&
    (a.emoji ?? '') === (b.emoji ?? '') &&
    (a.description ?? '') === (b.description ?? '') &&
    (a.hidden ?? false) === (b.hidden ?? false) &&
    (a.href ?? '') === (b.href ?? '')
  );
}

const entry = (page: Page): SummaryPage => ({ id: page.id, title: page.title });

/** What changed from `base` to `head`, each list in the head's (or, for deleted pages, the base's) order. */
export function summarizeChanges(base: readonly Page[], head: readonly Page[]): ChangeSummary {
  const before = new Map<string, Placed>();
  const after = new Map<string, Placed>();
  flatten(base, null, before);
  flatten(head, null, after);

  // Pages out of order among the siblings both trees share under the same parent.
  const reordered = new Set<string>();
  const baseChildren = new Map<string | null, string[]>();
  const headChildren = new Map<string | null, string[]>();
  childrenOf(base, null, baseChildren);
  childrenOf(head, null, headChildren);
  for (const [parent, ids] of headChildren) {
    const baseIds = baseChildren.get(parent) ?? [];
    const baseIndex = new Map(baseIds.map((id, index) => [id, index]));
    const shared = ids.filter((id) => baseIndex.has(id));
    const kept = longestIncreasing(shared.map((id) => baseIndex.get(id)!));
    shared.forEach((id, index) => {
      if (!kept.has(index)) reordered.add(id);
    });
  }

  const summary: ChangeSummary = { added: [], edited: [], deleted: [], moved: [] };
  for (const [id, { page, parent }] of after) {
    const old = before.get(id);
    if (old === undefined) {
      summary.added.push(entry(page));
      continue;
    }
    if (old.parent !== parent || reordered.has(id)) summary.moved.push(entry(page));
    if (old.page.documentId !== page.documentId || !sameMetadata(old.page, page))
      summary.edited.push(entry(page));
  }
  for (const [id, { page }] of before) if (!after.has(id)) summary.deleted.push(entry(page));
  return summary;
}

/** How many pages the summary names (a page both moved and edited counts once). */
export function changedPageCount(summary: ChangeSummary): number {
  return new Set(
    [...summary.added, ...summary.edited, ...summary.deleted, ...summary.moved].map((page) => page.id),
  ).size;
}
