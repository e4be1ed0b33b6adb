/**
 * Where merged pages go: the three trees indexed by page id, the pages a side moved, and the merged tree built from
 * the merge's decisions (children ordered, sibling slugs made unique), with the files merged beside it. The rules
 * are in merge.ts.
 */
import type { RevisionTree, StoredFile, StoredPage } from '../content/revisions.ts';

export type Side = 'main' | 'changeRequest';
export const SIDES: readonly Side[] = ['main', 'changeRequest'];

/** The parent key of top-level pages (page ids are never empty). */
export const ROOT = '';

export interface Placement {
  page: StoredPage;
  parent: string;
  index: number;
  path: string;
}

export interface IndexedTree {
  byId: Map<string, Placement>;
  /** Child ids by parent id (ROOT for the top level), in order. */
  children: Map<string, string[]>;
  /** Every page id, depth first in reading order. */
  order: string[];
}

/** A tree indexed by page id, with each parent's children and the reading order. */
export function indexTree(pages: readonly StoredPage[]): IndexedTree {
  const byId = new Map<string, Placement>();
  const children = new Map<string, string[]>();
  const order: string[] = [];
  const walk = (list: readonly StoredPage[], parent: string, prefix: string) => {
    const ids: string[] = [];
    list.forEach((page, index) => {
      const path = prefix === '' ? page.slug : `${prefix}/${page.slug}`;
      byId.set(page.id, { page, parent, index, path });
      order.push(page.id);
      ids.push(page.id);
      walk(page.pages, page.id, path);
    });
    children.set(parent, ids);
  };
  walk(pages, ROOT, '');
  return { byId, children, order };
}

/** Positions (into `values`) of one longest strictly increasing subsequence. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}

/** The base pages a side moved: to another parent, or out of the longest run of siblings in base order. */
export function movedPages(base: IndexedTree, side: IndexedTree): Set<string> {
  const moved = new Set<string>();
  for (const [parent, ids] of side.children) {
    const stayed: string[] = [];
    for (const id of ids) {
      const before = base.byId.get(id);
      if (before === undefined) continue;
      if (before.parent !== parent) moved.add(id);
      else stayed.push(id);
    }
    const kept = longestIncreasing(stayed.map((id) => base.byId.get(id)!.index));
    stayed.forEach((id, i) => {
      if (!kept.has(i)) moved.add(id);
    });
  }
  return moved;
}

/** The nearest previous sibling of `id` on a side that is a base page (null when none). */
export function previousBaseSibling(base: IndexedTree, side: IndexedTree, id: string): string | null {
  const placement = side.byId.get(id)!;
  const siblings = side.children.get(placement.parent) ?? [];
  for (let i = placement.index - 1; i >= 0; i--) {
    const sibling = siblings[i]!;
    if (base.byId.has(sibling)) return sibling;
  }
  return null;
}

/** Where the merge decided a page goes, and who decided it (null: neither side moved it). */
export interface Decision {
  page: StoredPage;
  parent: string;
  placedBy: Side | null;
  inBase: boolean;
}

/** The merged pages as a tree: children ordered (see the rules), sibling slugs made unique. */
export function arrange(
  base: IndexedTree,
  sides: Record<Side, IndexedTree>,
  decisions: ReadonlyMap<string, Decision>,
): StoredPage[] {
  const lists = new Map<string, string[]>();
  const listOf = (parent: string) => {
    let list = lists.get(parent);
    if (list === undefined) {
      list = [];
      lists.set(parent, list);
    }
    return list;
  };
  const placed = new Set<string>();
  // Pages neither side moved keep their base order.
  for (const [parent, ids] of base.children) {
    for (const id of ids) {
      const decision = decisions.get(id);
      if (decision !== undefined && decision.placedBy === null && decision.parent === parent) {
        listOf(parent).push(id);
        placed.add(id);
      }
    }
  }
  // Pages a side placed go after their predecessor on that side.
  for (const side of SIDES) {
    for (const [parent, ids] of sides[side].children) {
      const list = listOf(parent);
      let anchor = -1;
      for (const id of ids) {
        const decision = decisions.get(id);
        if (decision === undefined || decision.parent !== parent) continue;
        if (placed.has(id)) {
          anchor = list.indexOf(id);
          continue;
        }
        if (decision.placedBy !== side) continue;
        let at = anchor + 1;
        while (at < list.length && side === 'changeRequest' && decisions.get(list[at]!)?.placedBy === 'main')
          at++;
        list.splice(at, 0, id);
        placed.add(id);
        anchor = at;
      }
    }
  }
  for (const [id, decision] of decisions) if (!placed.has(id)) listOf(decision.parent).push(id);

  const build = (parent: string): StoredPage[] => {
    const ids = lists.get(parent) ?? [];
    const slugs = uniqueSlugs(ids, parent, base, decisions);
    return ids.map((id, i) => ({ ...decisions.get(id)!.page, slug: slugs[i]!, pages: build(id) }));
  };
  return build(ROOT);
}

/** Slugs of siblings, made unique: settled pages first, then other base pages, then added ones. */
function uniqueSlugs(
  ids: readonly string[],
  parent: string,
  base: IndexedTree,
  decisions: ReadonlyMap<string, Decision>,
): string[] {
  const tierOf = (id: string) => {
    const decision = decisions.get(id)!;
    if (!decision.inBase) return 2;
    const before = base.byId.get(id)!;
    return before.parent === parent && before.page.slug === decision.page.slug ? 0 : 1;
  };
  const tiers = ids.map(tierOf);
  const slugs: string[] = new Array<string>(ids.length);
  const taken = new Set<string>();
  for (const tier of [0, 1, 2]) {
    ids.forEach((id, i) => {
      if (tiers[i] !== tier) return;
      const wanted = decisions.get(id)!.page.slug;
      let slug = wanted;
      for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
      taken.add(slug);
      slugs[i] = slug;
    });
  }
  return slugs;
}

/** Files by id: one side's change wins; where both changed one file, the request's; order: main's, then added. */
export function mergeFiles(input: Record<'base' | Side, RevisionTree>): StoredFile[] {
  const byId = (files: readonly StoredFile[]) => new Map(files.map((file) => [file.id, file]));
  const base = byId(input.base.files);
  const main = byId(input.main.files);
  const request = byId(input.changeRequest.files);
  const same = (a: StoredFile | undefined, b: StoredFile | undefined) =>
    a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
  const out: StoredFile[] = [];
  const seen = new Set<string>();
  for (const file of [...input.main.files, ...input.changeRequest.files]) {
    if (seen.has(file.id)) continue;
    seen.add(file.id);
    const before = base.get(file.id);
    const ours = main.get(file.id);
    const theirs = request.get(file.id);
    if (before !== undefined && (ours === undefined || theirs === undefined)) {
      // Removed on one side: gone, unless the other side changed it.
      const kept = ours ?? theirs;
      if (kept !== undefined && !same(before, kept)) out.push(kept);
      continue;
    }
    if (ours !== undefined && theirs !== undefined) out.push(same(before, theirs) ? ours : theirs);
    else out.push((ours ?? theirs)!);
  }
  return out;
}
