/**
 * One three-way merge's state while its pages are decided (see merge.ts for the rules): each page kept, removed or
 * added, and the conflicts of fields, places, deletions and moves found on the way. Bodies are merged afterwards,
 * by merge.ts, once read in one batch.
 */
import { MERGED_PAGE_FIELDS } from '../../../shared/contract/constants.ts';
import type { StoredPage } from '../content/revisions.ts';
import type { MergeConflict, MergeInput } from './merge.ts';
import {
  indexTree,
  movedPages,
  previousBaseSibling,
  ROOT,
  type Decision,
  type IndexedTree,
  type Placement,
  type Side,
} from './merge-layout.ts';

type ConflictKind = MergeConflict['kind'];

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

export interface PendingConflict {
  id: string;
  kind: ConflictKind;
  message: string;
  /** Document ids of the markdown to attach, by side (`null`: the page exists there without a body). */
  documents?: { base?: string | null; main?: string | null; changeRequest?: string | null };
}

export interface PendingBody {
  id: string;
  base: string | undefined;
  main: string | undefined;
  changeRequest: string | undefined;
}

/** The state of one merge while pages are decided, and the conflicts found on the way. */
export class MergeState {
  readonly base: IndexedTree;
  readonly sides: Record<Side, IndexedTree>;
  readonly moved: Record<Side, Set<string>>;
  /** Every page id once, in the order conflicts are listed. */
  readonly rank = new Map<string, number>();
  readonly decisions = new Map<string, Decision>();
  /** Base pages a side removed (and the other left untouched), with the side that removed them. */
  readonly removedBy = new Map<string, Side | 'both'>();
  readonly pending: PendingConflict[] = [];
  readonly conflicted = new Set<string>();
  /** Bodies changed on both sides, merged line by line once read. */
  readonly bodies: PendingBody[] = [];

  constructor(input: MergeInput) {
    this.base = indexTree(input.base.pages);
    this.sides = { main: indexTree(input.main.pages), changeRequest: indexTree(input.changeRequest.pages) };
    this.moved = {
      main: movedPages(this.base, this.sides.main),
      changeRequest: movedPages(this.base, this.sides.changeRequest),
    };
    for (const order of [this.sides.changeRequest.order, this.sides.main.order, this.base.order])
      for (const id of order) if (!this.rank.has(id)) this.rank.set(id, this.rank.size);
  }

  /** How a conflict names a page: the request's title and path when it has the page. */
  describe(id: string): MergeConflict['page'] {
    const placement =
      this.sides.changeRequest.byId.get(id) ?? this.sides.main.byId.get(id) ?? this.base.byId.get(id)!;
    return { id, title: placement.page.title, path: placement.path };
  }

  quoted = (id: string) => `“${this.describe(id).title}”`;

  conflict(entry: PendingConflict): void {
    this.pending.push(entry);
    this.conflicted.add(entry.id);
  }

  /** Every page: kept by both sides (merged), removed, or added. */
  decidePages(): void {
    for (const id of this.rank.keys()) {
      const before = this.base.byId.get(id);
      const main = this.sides.main.byId.get(id);
      const request = this.sides.changeRequest.byId.get(id);
      if (main !== undefined && request !== undefined) {
        this.mergeKept(id, before, main, request);
      } else if (before !== undefined && (main !== undefined || request !== undefined)) {
        const keptSide: Side = main !== undefined ? 'main' : 'changeRequest';
        const kept = (main ?? request)!;
        if (edited(before.page, kept.page)) {
          this.conflict({
            id,
            kind: 'edited-deleted',
            message: `${this.quoted(id)} was deleted in ${SIDE_NAME[other(keptSide)]} and edited in ${SIDE_NAME[keptSide]}`,
            documents: { base: before.page.documentId ?? null, [keptSide]: kept.page.documentId ?? null },
          });
        } else {
          this.removedBy.set(id, other(keptSide));
        }
      } else if (before !== undefined) {
        this.removedBy.set(id, 'both');
      } else {
        const side: Side = main !== undefined ? 'main' : 'changeRequest';
        const added = (main ?? request)!;
        this.decisions.set(id, { page: added.page, parent: added.parent, placedBy: side, inBase: false });
      }
    }
  }

  /** A page both sides have: its fields, body and place, merged. */
  mergeKept(id: string, before: Placement | undefined, main: Placement, request: Placement) {
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
      const described = clashes
        .map(
          (field) =>
            `${FIELD_NAME[field]}: ${shown(fieldOf(main.page, field))} in the main content, ${shown(fieldOf(request.page, field))} in the change request`,
        )
        .join('; ');
      this.conflict({
        id,
        kind: 'metadata',
        message: `the ${listWords(clashes.map((field) => FIELD_NAME[field]))} of ${this.quoted(id)} changed differently on both sides (${described})`,
      });
    }
    const body = pick(before?.page.documentId, main.page.documentId, request.page.documentId);
    if (body === undefined) {
      this.bodies.push({
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
    const movedMain = before === undefined || this.moved.main.has(id);
    const movedRequest = before === undefined || this.moved.changeRequest.has(id);
    if (!movedMain && !movedRequest) {
      parent = before!.parent;
      placedBy = null;
    } else if (movedMain !== movedRequest) {
      const side: Side = movedMain ? 'main' : 'changeRequest';
      parent = (side === 'main' ? main : request).parent;
      placedBy = side;
    } else if (
      main.parent === request.parent &&
      previousBaseSibling(this.base, this.sides.main, id) ===
        previousBaseSibling(this.base, this.sides.changeRequest, id)
    ) {
      parent = main.parent;
      placedBy = 'main';
    } else {
      this.conflict({
        id,
        kind: 'structure',
        message: `${this.quoted(id)} was moved to different places in the main content and in the change request`,
      });
      return;
    }
    this.decisions.set(id, { page, parent, placedBy, inBase: before !== undefined });
  }

  /** Pages placed inside a page that a side deleted: that page conflicts (once). */
  orphanConflicts(): void {
    const orphans = new Map<string, string[]>();
    for (const [id, decision] of this.decisions) {
      const parent = decision.parent;
      if (parent === ROOT || this.decisions.has(parent) || this.conflicted.has(parent)) continue;
      const list = orphans.get(parent) ?? [];
      list.push(id);
      orphans.set(parent, list);
    }
    for (const [parent, children] of orphans) {
      const deleter = this.removedBy.get(parent);
      const keeper: Side | undefined =
        deleter === 'main' ? 'changeRequest' : deleter === 'changeRequest' ? 'main' : undefined;
      const names = listWords(children.map(this.quoted));
      if (keeper === undefined) {
        for (const child of children)
          this.conflict({
            id: child,
            kind: 'structure',
            message: `${this.quoted(child)} was placed in a page that no longer exists`,
          });
        continue;
      }
      this.conflict({
        id: parent,
        kind: 'edited-deleted',
        message: `${this.quoted(parent)} was deleted in ${SIDE_NAME[other(keeper)]}, but ${SIDE_NAME[keeper]} added or moved ${names} into it`,
        documents: {
          base: this.base.byId.get(parent)?.page.documentId ?? null,
          [keeper]: this.sides[keeper].byId.get(parent)?.page.documentId ?? null,
        },
      });
    }
  }

  /** Moves on both sides that put a page inside itself. */
  loopConflicts(): void {
    const state = new Map<string, 'visiting' | 'done'>();
    for (const start of this.decisions.keys()) {
      const chain: string[] = [];
      let id: string = start;
      while (id !== ROOT && this.decisions.has(id) && state.get(id) !== 'done') {
        if (state.get(id) === 'visiting') {
          for (const looped of chain.slice(chain.indexOf(id)))
            this.conflict({
              id: looped,
              kind: 'structure',
              message: `the moves of the main content and of the change request would put ${this.quoted(looped)} inside itself`,
            });
          break;
        }
        state.set(id, 'visiting');
        chain.push(id);
        id = this.decisions.get(id)!.parent;
      }
      for (const visited of chain) state.set(visited, 'done');
    }
  }
}
