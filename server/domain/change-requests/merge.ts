/**
 * The three-way merge of revision trees, shared by the merge of a change request into the main content, its update
 * from the main content, and the merge check. Pure: it sees three trees, reads page bodies through `read` and
 * stores merged bodies through `write`, and answers the merged tree or every conflict it found.
 *
 * The sides are the common ancestor (`base`, the request's merge base), the main content (`main`, the space's
 * revision) and the change request (`changeRequest`, its head). A merge and an update compute the same tree; only
 * where it is written differs.
 *
 * Rules:
 * - Pages are matched by id (a request's head starts as a copy of the space tree with the same page ids).
 * - Added: a page on one side only (not in the base) is kept, under that side's parent.
 * - Removed: a page of the base missing on one side is removed when the other side left it untouched (same body,
 *   same fields); when the other side edited it (body or any field) it is an `edited-deleted` conflict. A move alone
 *   does not save a page from a deletion. Removing a page removes its children the same way, each judged alone:
 *   children edited on the other side conflict (`edited-deleted`), and children added or moved into a page the
 *   other side deleted make that page an `edited-deleted` conflict.
 * - Moved: a page moved on one side (another parent, or another place among its siblings: it is not in the longest
 *   run of siblings that kept their base order) takes that side's place. Moved on both sides: the same parent after
 *   the same base sibling is agreement, anything else a `structure` conflict; so is a pair of moves that would put
 *   a page inside itself.
 * - Order: siblings neither side moved keep their base order; pages placed by a side (added or moved) go right after
 *   their predecessor on that side, the main content's before the request's when both placed pages at one spot.
 * - Fields (title, slug, type, emoji, icon, description, hidden, noIndex, noRobotsIndex, href; renames included) merge one by one: a change on
 *   one side wins, the same change on both sides is fine, different changes to one field are a `metadata` conflict.
 * - Bodies: when only one side changed the body (by document id) that side wins and nothing is read; when both
 *   changed it, the lines are merged with diff3 (`node-diff3`): changes to separate regions merge, changes to the
 *   same or adjacent lines are a `content` conflict carrying the three markdowns.
 * - Sibling slugs stay unique: pages that kept their base place and slug keep it, then other base pages, then added
 *   pages, in order; a colliding slug gets `-2`, `-3`, … .
 * - Files merge by id as whole records: one side's change wins, and where both changed one file the request's wins
 *   (files have no conflicts of their own).
 * - Conflicts are listed in the request's page order (then the main content's, then the base's), named by the
 *   request's title and path of the page when it has it.
 */
import type { Static } from '@sinclair/typebox';
import { diff3Merge } from 'node-diff3';
import type { ChangeRequestConflict } from '../../../shared/contract/resources/changeRequests.ts';
import type { RevisionTree } from '../content/revisions.ts';
import { arrange, mergeFiles } from './merge-layout.ts';
import { MergeState } from './merge-state.ts';

export type MergeConflict = Static<typeof ChangeRequestConflict>;

/** How the merge reaches page bodies: `read` answers the markdown of documents, `write` stores one and answers its id. */
export interface DocumentStore {
  read(documentIds: readonly string[]): ReadonlyMap<string, string>;
  write(markdown: string): string;
}

export interface MergeInput {
  base: RevisionTree;
  main: RevisionTree;
  changeRequest: RevisionTree;
}

export type MergeOutcome = { tree: RevisionTree } | { conflicts: MergeConflict[] };

/** The line-by-line merge of three markdown bodies, or `undefined` when their changes overlap. */
export function mergeMarkdown(base: string, main: string, changeRequest: string): string | undefined {
  const regions = diff3Merge(main.split('\n'), base.split('\n'), changeRequest.split('\n'));
  const lines: string[] = [];
  for (const region of regions) {
    if (region.conflict) return undefined;
    if (region.ok) for (const line of region.ok) lines.push(line);
  }
  return lines.join('\n');
}

/** Three-way merge of revision trees; see the module comment for the rules. */
export function mergeTrees(input: MergeInput, store: DocumentStore): MergeOutcome {
  const state = new MergeState(input);
  state.decidePages();
  state.orphanConflicts();
  state.loopConflicts();
  const text = readMarkdown(state, store);
  const mergedBodies = mergeBodies(state, text);
  if (state.pending.length > 0) return { conflicts: conflictsOf(state, text) };
  for (const [id, merged] of mergedBodies) {
    const page = state.decisions.get(id)!.page;
    if (merged === '') delete page.documentId;
    else page.documentId = store.write(merged);
  }
  return { tree: { pages: arrange(state.base, state.sides, state.decisions), files: mergeFiles(input) } };
}

/** The markdown of a document, or '' (no document); read in one batch. */
type MarkdownOf = (documentId: string | null | undefined) => string;

/** Bodies changed on both sides, and the markdown conflicts show, read in one batch. */
function readMarkdown(state: MergeState, store: DocumentStore): MarkdownOf {
  const wanted = new Set<string>();
  for (const body of state.bodies)
    for (const documentId of [body.base, body.main, body.changeRequest])
      if (documentId !== undefined) wanted.add(documentId);
  for (const entry of state.pending)
    for (const documentId of Object.values(entry.documents ?? {}))
      if (documentId !== null && documentId !== undefined) wanted.add(documentId);
  const markdown = wanted.size > 0 ? store.read([...wanted]) : new Map<string, string>();
  return (documentId) =>
    documentId === null || documentId === undefined ? '' : (markdown.get(documentId) ?? '');
}

/** Bodies changed on both sides, merged line by line; changes on the same lines are a `content` conflict. */
function mergeBodies(state: MergeState, text: MarkdownOf): Map<string, string> {
  const mergedBodies = new Map<string, string>();
  for (const body of state.bodies) {
    const merged = mergeMarkdown(text(body.base), text(body.main), text(body.changeRequest));
    if (merged === undefined) {
      state.conflict({
        id: body.id,
        kind: 'content',
        message: `${state.quoted(body.id)} was edited on the same lines in the main content and in the change request`,
        documents: {
          base: body.base ?? null,
          main: body.main ?? null,
          changeRequest: body.changeRequest ?? null,
        },
      });
    } else {
      mergedBodies.set(body.id, merged);
    }
  }
  return mergedBodies;
}

/** The conflicts in the request's page order (then the main content's, the base's), with their markdown. */
function conflictsOf(state: MergeState, text: MarkdownOf): MergeConflict[] {
  const conflicts = state.pending.map((entry, order) => ({ entry, order }));
  conflicts.sort((a, b) => state.rank.get(a.entry.id)! - state.rank.get(b.entry.id)! || a.order - b.order);
  return conflicts.map(({ entry }) => {
    const found: MergeConflict = { page: state.describe(entry.id), kind: entry.kind, message: entry.message };
    for (const key of ['base', 'main', 'changeRequest'] as const) {
      const documentId = entry.documents?.[key];
      if (documentId !== undefined) found[key] = text(documentId);
    }
    return found;
  });
}
