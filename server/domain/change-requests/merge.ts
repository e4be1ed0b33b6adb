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
import { MERGED_PAGE_FIELDS } from '../../../shared/contract/constants.ts';
import type { RevisionTree, StoredPage } from '../content/revisions.ts';
import {
  arrange,
  indexTree,
  mergeFiles,
  movedPages,
  previousBaseSibling,
  ROOT,
  type Decision,
  type IndexedTree,
  type Placement,
  type Side,
} from './merge-layout.ts';

export type MergeConflict = Static<typeof ChangeRequestConflict>;
type ConflictKind = MergeConflict['kind'];

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

const SIDE_NAME: Record<Side, string> = { main: 'the main content', changeRequest: 'the change request' };
const other = (side: Side): Side => (side === 'main' ? 'changeRequest' : 'main');

const FIELD_NAME = MERGED_PAGE_FIELDS;
type Field = keyof typeof FIELD_NAME;
const FIELDS = Object.keys(FIELD_NAME) as Field[];

/** A field's value for comparison: a flag set to `false` is the same as no flag. */
function fieldOf(page: StoredPage | undefined, field: Field): string | boolean | undefined {
  if (page === undefined) return undefined;
  const value = page[field];
  return value === false ? undefined : value;
}

/** Whether a side changed a base page's body or any of its fields (its place aside). */
function edited(before: StoredPage, after: StoredPage): boolean {
  return (
    before.documentId !== after.documentId ||
    FIELDS.some((field) => fieldOf(before, field) !== fieldOf(after, field))
  );
}

/** The three-way choice: one side's change wins; `undefined` when both changed it differently. */
function pick<T>(base: T, main: T, changeRequest: T): { value: T } | undefined {
  if (main === changeRequest || changeRequest === base) return { value: main };
  if (main === base) return { value: changeRequest };
  return undefined;
}

/** A field's value in a message. */
const shown = (value: string | boolean | undefined) => (value === undefined ? 'none' : `“${String(value)}”`);

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}

interface PendingConflict {
  id: string;
  kind: ConflictKind;
  message: string;
  /** Document ids of the markdown to attach, by side (`null`: the page exists there without a body). */
  documents?: { base?: string | null; main?: string | null; changeRequest?: string | null };
}

interface PendingBody {
  id: string;
  base: string | undefined;
  main: string | undefined;
  changeRequest: string | undefined;
}

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
  const base = indexTree(input.base.pages);
  const sides: Record<Side, IndexedTree> = {
    main: indexTree(input.main.pages),
    changeRequest: indexTree(input.changeRequest.pages),
  };
  const moved: Record<Side, Set<string>> = {
    main: movedPages(base, sides.main),
    changeRequest: movedPages(base, sides.changeRequest),
  };

  // Every page id once, in the order conflicts are listed.
  const rank = new Map<string, number>();
  for (const order of [sides.changeRequest.order, sides.main.order, base.order])
    for (const id of order) if (!rank.has(id)) rank.set(id, rank.size);

  /** How a conflict names a page: the request's title and path when it has the page. */
  const describe = (id: string) => {
    const placement = sides.changeRequest.byId.get(id) ?? sides.main.byId.get(id) ?? base.byId.get(id)!;
    return { id, title: placement.page.title, path: placement.path };
  };
  const quoted = (id: string) => `“${describe(id).title}”`;

  const decisions = new Map<string, Decision>();
  /** Base pages a side removed (and the other left untouched), with the side that removed them. */
  const removedBy = new Map<string, Side | 'both'>();
  const pending: PendingConflict[] = [];
  const conflicted = new Set<string>();
  const bodies: PendingBody[] = [];
  const conflict = (entry: PendingConflict) => {
    pending.push(entry);
    conflicted.add(entry.id);
  };

  for (const id of rank.keys()) {
    const before = base.byId.get(id);
    const main = sides.main.byId.get(id);
    const request = sides.changeRequest.byId.get(id);
    if (main !== undefined && request !== undefined) {
      mergeKept(id, before, main, request);
    } else if (before !== undefined && (main !== undefined || request !== undefined)) {
      const keptSide: Side = main !== undefined ? 'main' : 'changeRequest';
      const kept = (main ?? request)!;
      if (edited(before.page, kept.page)) {
        conflict({
          id,
          kind: 'edited-deleted',
          message: `${quoted(id)} was deleted in ${SIDE_NAME[other(keptSide)]} and edited in ${SIDE_NAME[keptSide]}`,
          documents: { base: before.page.documentId ?? null, [keptSide]: kept.page.documentId ?? null },
        });
      } else {
        removedBy.set(id, other(keptSide));
      }
    } else if (before !== undefined) {
      removedBy.set(id, 'both');
    } else {
      const side: Side = main !== undefined ? 'main' : 'changeRequest';
      const added = (main ?? request)!;
      decisions.set(id, { page: added.page, parent: added.parent, placedBy: side, inBase: false });
    }
  }

  /** A page both sides have: its fields, body and place, merged. */
  function mergeKept(id: string, before: Placement | undefined, main: Placement, request: Placement) {
    // The main side's page without the merged fields, which are set again from their merged values.
    const page = Object.fromEntries(
      Object.entries(main.page).filter(([key]) => !(FIELDS as readonly string[]).includes(key)),
    ) as unknown as StoredPage;
    const clashes: Field[] = [];
    for (const field of FIELDS) {
      const chosen = pick(
        fieldOf(before?.page, field),
        fieldOf(main.page, field),
        fieldOf(request.page, field),
      );
      if (chosen === undefined) clashes.push(field);
      else if (chosen.value !== undefined) (page as unknown as Record<Field, unknown>)[field] = chosen.value;
    }
    if (clashes.length > 0) {
      const sides = clashes
        .map(
          (field) =>
            `${FIELD_NAME[field]}: ${shown(fieldOf(main.page, field))} in the main content, ${shown(fieldOf(request.page, field))} in the change request`,
        )
        .join('; ');
      conflict({
        id,
        kind: 'metadata',
        message: `the ${listWords(clashes.map((field) => FIELD_NAME[field]))} of ${quoted(id)} changed differently on both sides (${sides})`,
      });
    }
    const body = pick(before?.page.documentId, main.page.documentId, request.page.documentId);
    if (body === undefined) {
      bodies.push({
        id,
        base: before?.page.documentId,
        main: main.page.documentId,
        changeRequest: request.page.documentId,
      });
    } else if (body.value === undefined) {
      delete page.documentId;
    } else {
      page.documentId = body.value;
    }
    if (request.page.updatedAt > page.updatedAt) page.updatedAt = request.page.updatedAt;

    let parent: string;
    let placedBy: Side | null;
    const movedMain = before === undefined || moved.main.has(id);
    const movedRequest = before === undefined || moved.changeRequest.has(id);
    if (!movedMain && !movedRequest) {
      parent = before!.parent;
      placedBy = null;
    } else if (movedMain !== movedRequest) {
      const side: Side = movedMain ? 'main' : 'changeRequest';
      parent = (side === 'main' ? main : request).parent;
      placedBy = side;
    } else if (
      main.parent === request.parent &&
      previousBaseSibling(base, sides.main, id) === previousBaseSibling(base, sides.changeRequest, id)
    ) {
      parent = main.parent;
      placedBy = 'main';
    } else {
      conflict({
        id,
        kind: 'structure',
        message: `${quoted(id)} was moved to different places in the main content and in the change request`,
      });
      return;
    }
    decisions.set(id, { page, parent, placedBy, inBase: before !== undefined });
  }

  // Pages placed inside a page that a side deleted: that page conflicts (once).
  const orphans = new Map<string, string[]>();
  for (const [id, decision] of decisions) {
    const parent = decision.parent;
    if (parent === ROOT || decisions.has(parent) || conflicted.has(parent)) continue;
    const list = orphans.get(parent) ?? [];
    list.push(id);
    orphans.set(parent, list);
  }
  for (const [parent, children] of orphans) {
    const deleter = removedBy.get(parent);
    const keeper: Side | undefined =
      deleter === 'main' ? 'changeRequest' : deleter === 'changeRequest' ? 'main' : undefined;
    const names = listWords(children.map(quoted));
    if (keeper === undefined) {
      for (const child of children)
        conflict({
          id: child,
          kind: 'structure',
          message: `${quoted(child)} was placed in a page that no longer exists`,
        });
      continue;
    }
    conflict({
      id: parent,
      kind: 'edited-deleted',
      message: `${quoted(parent)} was deleted in ${SIDE_NAME[other(keeper)]}, but ${SIDE_NAME[keeper]} added or moved ${names} into it`,
      documents: {
        base: base.byId.get(parent)?.page.documentId ?? null,
        [keeper]: sides[keeper].byId.get(parent)?.page.documentId ?? null,
      },
    });
  }

  // Moves on both sides that put a page inside itself.
  const state = new Map<string, 'visiting' | 'done'>();
  for (const start of decisions.keys()) {
    const chain: string[] = [];
    let id: string = start;
    while (id !== ROOT && decisions.has(id) && state.get(id) !== 'done') {
      if (state.get(id) === 'visiting') {
        for (const looped of chain.slice(chain.indexOf(id)))
          conflict({
            id: looped,
            kind: 'structure',
            message: `the moves of the main content and of the change request would put ${quoted(looped)} inside itself`,
          });
        break;
      }
      state.set(id, 'visiting');
      chain.push(id);
      id = decisions.get(id)!.parent;
    }
    for (const visited of chain) state.set(visited, 'done');
  }

  // Bodies changed on both sides, and the markdown conflicts show, read in one batch.
  const wanted = new Set<string>();
  for (const body of bodies)
    for (const documentId of [body.base, body.main, body.changeRequest])
      if (documentId !== undefined) wanted.add(documentId);
  for (const entry of pending)
    for (const documentId of Object.values(entry.documents ?? {}))
      if (documentId !== null && documentId !== undefined) wanted.add(documentId);
  const markdown = wanted.size > 0 ? store.read([...wanted]) : new Map<string, string>();
  const text = (documentId: string | null | undefined) =>
    documentId === null || documentId === undefined ? '' : (markdown.get(documentId) ?? '');

  const mergedBodies = new Map<string, string>();
  for (const body of bodies) {
    const merged = mergeMarkdown(text(body.base), text(body.main), text(body.changeRequest));
    if (merged === undefined) {
      conflict({
        id: body.id,
        kind: 'content',
        message: `${quoted(body.id)} was edited on the same lines in the main content and in the change request`,
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

  if (pending.length > 0) {
    const conflicts = pending.map((entry, order) => ({ entry, order }));
    conflicts.sort((a, b) => rank.get(a.entry.id)! - rank.get(b.entry.id)! || a.order - b.order);
    return {
      conflicts: conflicts.map(({ entry }) => {
        const found: MergeConflict = { page: describe(entry.id), kind: entry.kind, message: entry.message };
        for (const key of ['base', 'main', 'changeRequest'] as const) {
          const documentId = entry.documents?.[key];
          if (documentId !== undefined) found[key] = text(documentId);
        }
        return found;
      }),
    };
  }

  for (const [id, merged] of mergedBodies) {
    const page = decisions.get(id)!.page;
    if (merged === '') delete page.documentId;
    else page.documentId = store.write(merged);
  }
  return { tree: { pages: arrange(base, sides, decisions), files: mergeFiles(input) } };
}
