/**
 * The Overview's summary of a change request: which pages it adds, deletes, moves, renames, edits and whose
 * properties it changes. It is the Changes tab's own classification (`diff/classify.ts`, from the page trees of the
 * merge base and of the head), grouped by kind, so both tabs always name the same pages and the same count.
 */
import type { Page } from '../../../../shared/contract/resources/revisions.ts';
import { buildReviewTree, CHANGE_KINDS, type ChangeKind } from './diff/classify.ts';

/** One page of a summary. */
export interface SummaryPage {
  id: string;
  title: string;
}

/** The pages a request changes, by kind (a page with several kinds is under each). */
export type ChangeSummary = Record<ChangeKind, SummaryPage[]>;

/** What changed from `base` to `head`, in review order; `total` counts pages once (the Changes tab's count). */
export function summarizeChanges(
  base: readonly Page[],
  head: readonly Page[],
): { summary: ChangeSummary; total: number } {
  const tree = buildReviewTree(base, head);
  const summary = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, []])) as unknown as ChangeSummary;
  for (const id of tree.changed) {
    const node = tree.nodes.get(id)!;
    for (const kind of node.change!.kinds) summary[kind].push({ id, title: node.title });
  }
  return { summary, total: tree.changed.length };
}
