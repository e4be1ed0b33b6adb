/**
 * The three-way merge engine on its own: trees built in memory, bodies in a map. Each kind of change (added,
 * removed, moved, renamed, edited) on the request's side, the main side and both, clean and conflicting, plus slug
 * uniqueness, files, reads and a large tree.
 */
import { describe, expect, it } from 'vitest';
import type { RevisionTree, StoredFile, StoredPage } from '../content/revisions.ts';
import {
  mergeMarkdown,
  mergeTrees,
  type DocumentStore,
  type MergeConflict,
  type MergeOutcome,
} from './merge.ts';

const AT = '2026-03-01T09:00:00.000Z';

/** Bodies by document id; a document's id is its markdown prefixed, so equal bodies share an id. */
class MemoryStore implements DocumentStore {
  readonly documents = new Map<string, string>();
  readonly reads: string[] = [];
  readonly writes: string[] = [];
  put(markdown: string): string {
    const id = `md:${markdown}`;
    this.documents.set(id, markdown);
    return id;
  }
  read(documentIds: readonly string[]): ReadonlyMap<string, string> {
    this.reads.push(...documentIds);
    return new Map(documentIds.map((id) => [id, this.documents.get(id) ?? '']));
  }
  write(markdown: string): string {
    this.writes.push(markdown);
    return this.put(markdown);
  }
}

interface PageSpec {
  title?: string;
  slug?: string;
  md?: string;
  emoji?: string;
  hidden?: boolean;
  pages?: StoredPage[];
}

/** Builds pages whose id is their slug unless given, with a body stored in `store`. */
function pageBuilder(store: MemoryStore) {
  return (id: string, spec: PageSpec = {}): StoredPage => {
    const page: StoredPage = {
      id,
      title: spec.title ?? id.toUpperCase(),
      slug: spec.slug ?? id,
      type: 'document',
      createdAt: AT,
      updatedAt: AT,
      pages: spec.pages ?? [],
    };
    const md = spec.md ?? `# ${id}\n\nline 1\nline 2\nline 3\nline 4\nline 5\n`;
    if (md !== '') page.documentId = store.put(md);
    if (spec.emoji !== undefined) page.emoji = spec.emoji;
    if (spec.hidden !== undefined) page.hidden = spec.hidden;
    return page;
  };
}

const tree = (pages: StoredPage[], files: StoredFile[] = []): RevisionTree => ({ pages, files });
const clone = (value: RevisionTree): RevisionTree => structuredClone(value);

/** The page of that id and the list that holds it. */
function locate(pages: StoredPage[], id: string): { list: StoredPage[]; index: number } | undefined {
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index]!;
    if (page.id === id) return { list: pages, index };
    const found = locate(page.pages, id);
    if (found) return found;
  }
  return undefined;
}

function find(t: RevisionTree, id: string): StoredPage {
  const found = locate(t.pages, id);
  if (!found) throw new Error(`no page ${id}`);
  return found.list[found.index]!;
}

/** A side derived from the base by edits. */
function derive(base: RevisionTree, edit: (t: RevisionTree) => void): RevisionTree {
  const copy = clone(base);
  edit(copy);
  return copy;
}

const ops = (store: MemoryStore) => ({
  setBody(t: RevisionTree, id: string, md: string) {
    find(t, id).documentId = store.put(md);
  },
  editLine(t: RevisionTree, id: string, line: number, text: string) {
    const page = find(t, id);
    const lines = (store.documents.get(page.documentId!) ?? '').split('\n');
    lines[line] = text;
    page.documentId = store.put(lines.join('\n'));
  },
  remove(t: RevisionTree, id: string) {
    const found = locate(t.pages, id)!;
    found.list.splice(found.index, 1);
  },
  insert(t: RevisionTree, parent: string | null, index: number, page: StoredPage) {
    const list = parent === null ? t.pages : find(t, parent).pages;
    list.splice(index, 0, page);
  },
  move(t: RevisionTree, id: string, parent: string | null, index: number) {
    const found = locate(t.pages, id)!;
    const [page] = found.list.splice(found.index, 1);
    const list = parent === null ? t.pages : find(t, parent).pages;
    list.splice(index, 0, page!);
  },
  set(t: RevisionTree, id: string, fields: Partial<StoredPage>) {
    Object.assign(find(t, id), fields);
  },
});

/** The tree as text: `slug[child, child]`, siblings joined by commas. */
function outline(pages: readonly StoredPage[]): string {
  return pages
    .map((page) => (page.pages.length > 0 ? `${page.slug}[${outline(page.pages)}]` : page.slug))
    .join(', ');
}

function merged(outcome: MergeOutcome): RevisionTree {
  if ('conflicts' in outcome)
    throw new Error(`unexpected conflicts: ${outcome.conflicts.map((c) => c.message).join('; ')}`);
  return outcome.tree;
}

function conflictsOf(outcome: MergeOutcome): MergeConflict[] {
  if (!('conflicts' in outcome)) throw new Error(`expected conflicts, got ${outline(outcome.tree.pages)}`);
  return outcome.conflicts;
}

/** A base of pages a, b[b1, b2], c, d and the helpers over one store. */
function setup() {
  const store = new MemoryStore();
  const page = pageBuilder(store);
  const base = tree([page('a'), page('b', { pages: [page('b1'), page('b2')] }), page('c'), page('d')]);
  const run = (main: RevisionTree, changeRequest: RevisionTree) =>
    mergeTrees({ base, main, changeRequest }, store);
  const body = (t: RevisionTree, id: string) => store.documents.get(find(t, id).documentId ?? '');
  return { store, page, base, run, body, ...ops(store) };
}

describe('mergeTrees: no change', () => {
  it('answers the base when neither side changed anything, reading nothing', () => {
    const { base, run, store } = setup();
    const result = merged(run(clone(base), clone(base)));
    expect(result).toEqual(base);
    expect(store.reads).toEqual([]);
  });

  it("answers one side's tree when only that side changed", () => {
    const s = setup();
    const request = derive(s.base, (t) => {
      s.setBody(t, 'a', 'new a');
      s.remove(t, 'd');
      s.move(t, 'c', 'b', 0);
      s.insert(t, null, 0, s.page('new'));
    });
    expect(merged(s.run(clone(s.base), request))).toEqual(request);
    const main = derive(s.base, (t) => s.set(t, 'b2', { title: 'B two', slug: 'b-two' }));
    expect(merged(s.run(main, clone(s.base)))).toEqual(main);
    expect(s.store.reads).toEqual([]);
  });
});

describe('mergeTrees: added pages', () => {
  it('keeps pages added on the request side, after their predecessor', () => {
    const s = setup();
    const request = derive(s.base, (t) => {
      s.insert(t, 'b', 1, s.page('n1'));
      s.insert(t, null, 0, s.page('n0'));
    });
    const main = derive(s.base, (t) => s.setBody(t, 'c', 'main c'));
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('n0, a, b[b1, n1, b2], c, d');
    expect(s.body(result, 'c')).toBe('main c');
  });

  it('keeps pages added on the main side', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.insert(t, null, 4, s.page('e')));
    const request = derive(s.base, (t) => s.setBody(t, 'a', 'request a'));
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('a, b[b1, b2], c, d, e');
    expect(s.body(result, 'a')).toBe('request a');
  });

  it("keeps pages added on both sides at one spot, the main content's first", () => {
    const s = setup();
    const main = derive(s.base, (t) => s.insert(t, null, 1, s.page('m')));
    const request = derive(s.base, (t) => s.insert(t, null, 1, s.page('r')));
    expect(outline(merged(s.run(main, request)).pages)).toBe('a, m, r, b[b1, b2], c, d');
  });

  it('keeps the children of an added page, and a page added inside a page added by the same side', () => {
    const s = setup();
    const request = derive(s.base, (t) => s.insert(t, 'c', 0, s.page('x', { pages: [s.page('y')] })));
    const main = derive(s.base, (t) => s.remove(t, 'a'));
    expect(outline(merged(s.run(main, request)).pages)).toBe('b[b1, b2], c[x[y]], d');
  });
});

describe('mergeTrees: removed pages', () => {
  it('removes a page removed on the request side and untouched in the main content', () => {
    const s = setup();
    const request = derive(s.base, (t) => s.remove(t, 'c'));
    const main = derive(s.base, (t) => s.setBody(t, 'a', 'main a'));
    expect(outline(merged(s.run(main, request)).pages)).toBe('a, b[b1, b2], d');
  });

  it('removes a page removed on the main side, with its children', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.remove(t, 'b'));
    const request = derive(s.base, (t) => s.setBody(t, 'd', 'request d'));
    expect(outline(merged(s.run(main, request)).pages)).toBe('a, c, d');
  });

  it('removes a page removed on both sides', () => {
    const s = setup();
    const both = derive(s.base, (t) => s.remove(t, 'a'));
    expect(outline(merged(s.run(both, clone(both))).pages)).toBe('b[b1, b2], c, d');
  });

  it('answers edited-deleted when the request edits a page the main content removed, with both markdowns', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.remove(t, 'c'));
    const request = derive(s.base, (t) => s.setBody(t, 'c', 'request c'));
    const [found, ...rest] = conflictsOf(s.run(main, request));
    expect(rest).toEqual([]);
    expect(found).toEqual({
      page: { id: 'c', title: 'C', path: 'c' },
      kind: 'edited-deleted',
      message: '“C” was deleted in the main content and edited in the change request',
      base: s.body(s.base, 'c'),
      changeRequest: 'request c',
    });
  });

  it('answers edited-deleted when the main content renames a page the request removed', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'd', { title: 'Dee' }));
    const request = derive(s.base, (t) => s.remove(t, 'd'));
    const [found] = conflictsOf(s.run(main, request));
    expect(found).toMatchObject({
      page: { id: 'd', title: 'Dee', path: 'd' },
      kind: 'edited-deleted',
      message: '“Dee” was deleted in the change request and edited in the main content',
      main: s.body(s.base, 'd'),
    });
    expect(found?.changeRequest).toBeUndefined();
  });

  it('answers edited-deleted on a child edited on one side of a parent removed on the other', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.remove(t, 'b'));
    const request = derive(s.base, (t) => s.setBody(t, 'b2', 'request b2'));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts.map((c) => [c.page.id, c.kind])).toEqual([['b2', 'edited-deleted']]);
    expect(conflicts[0]?.page.path).toBe('b/b2');
  });

  it('answers edited-deleted on a parent removed on one side when the other added a child to it', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.insert(t, 'b', 2, s.page('b3')));
    const request = derive(s.base, (t) => s.remove(t, 'b'));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts).toEqual([
      {
        page: { id: 'b', title: 'B', path: 'b' },
        kind: 'edited-deleted',
        message: '“B” was deleted in the change request, but the main content added or moved “B3” into it',
        base: s.body(s.base, 'b'),
        main: s.body(s.base, 'b'),
      },
    ]);
  });

  it('answers edited-deleted on a parent removed on one side when the other moved a page into it', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.remove(t, 'b'));
    const request = derive(s.base, (t) => s.move(t, 'd', 'b', 0));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts.map((c) => [c.page.id, c.kind, c.message])).toEqual([
      [
        'b',
        'edited-deleted',
        '“B” was deleted in the main content, but the change request added or moved “D” into it',
      ],
    ]);
  });

  it('removes a page the other side only moved: a move does not save it', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.remove(t, 'b'));
    const request = derive(s.base, (t) => s.move(t, 'b1', null, 0));
    expect(outline(merged(s.run(main, request)).pages)).toBe('a, c, d');
  });
});

describe('mergeTrees: moved pages', () => {
  it('takes the request side place of a page it moved to another parent', () => {
    const s = setup();
    const request = derive(s.base, (t) => s.move(t, 'd', 'b', 1));
    const main = derive(s.base, (t) => s.setBody(t, 'd', 'main d'));
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('a, b[b1, d, b2], c');
    expect(s.body(result, 'd')).toBe('main d');
  });

  it('takes the main side place of a page it moved among its siblings', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.move(t, 'a', null, 3));
    const request = derive(s.base, (t) => s.insert(t, null, 2, s.page('n')));
    expect(outline(merged(s.run(main, request)).pages)).toBe('b[b1, b2], n, c, d, a');
  });

  it('moves pages on both sides independently', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.move(t, 'b2', 'b', 0));
    const request = derive(s.base, (t) => s.move(t, 'a', 'c', 0));
    expect(outline(merged(s.run(main, request)).pages)).toBe('b[b2, b1], c[a], d');
  });

  it('agrees when both sides made the same move', () => {
    const s = setup();
    const moved = derive(s.base, (t) => s.move(t, 'c', 'b', 2));
    expect(outline(merged(s.run(moved, clone(moved))).pages)).toBe('a, b[b1, b2, c], d');
  });

  it('answers a structure conflict when both sides moved a page to different parents', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.move(t, 'd', 'b', 0));
    const request = derive(s.base, (t) => s.move(t, 'd', 'c', 0));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts).toEqual([
      {
        page: { id: 'd', title: 'D', path: 'c/d' },
        kind: 'structure',
        message: '“D” was moved to different places in the main content and in the change request',
      },
    ]);
  });

  it('answers a structure conflict when both sides moved a page to different places among the same siblings', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.move(t, 'a', null, 3));
    const request = derive(s.base, (t) => s.move(t, 'a', null, 2));
    expect(conflictsOf(s.run(main, request)).map((c) => [c.page.id, c.kind])).toEqual([['a', 'structure']]);
  });

  it('answers a structure conflict when the two sides’ moves would put a page inside itself', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.move(t, 'a', 'c', 0));
    const request = derive(s.base, (t) => s.move(t, 'c', 'a', 0));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts.map((c) => [c.page.id, c.kind]).sort()).toEqual([
      ['a', 'structure'],
      ['c', 'structure'],
    ]);
    expect(conflicts[0]?.message).toMatch(/inside itself/);
  });
});

describe('mergeTrees: renamed pages and fields', () => {
  it('takes a rename from either side', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'a', { title: 'Alpha', slug: 'alpha' }));
    const request = derive(s.base, (t) => s.set(t, 'c', { title: 'Gamma', slug: 'gamma' }));
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('alpha, b[b1, b2], gamma, d');
    expect([find(result, 'a').title, find(result, 'c').title]).toEqual(['Alpha', 'Gamma']);
  });

  it('merges changes to different fields of one page, and the same change on both sides', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'a', { title: 'Alpha', emoji: '🅰️' }));
    const request = derive(s.base, (t) => s.set(t, 'a', { emoji: '🅰️', hidden: true, description: 'First' }));
    const page = find(merged(s.run(main, request)), 'a');
    expect(page).toMatchObject({
      title: 'Alpha',
      emoji: '🅰️',
      hidden: true,
      description: 'First',
      slug: 'a',
    });
  });

  it('merges the icon and indexing flags like the other fields', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'a', { icon: 'book', noIndex: true }));
    const request = derive(s.base, (t) => s.set(t, 'a', { noRobotsIndex: true }));
    expect(find(merged(s.run(main, request)), 'a')).toMatchObject({
      icon: 'book',
      noIndex: true,
      noRobotsIndex: true,
    });
    const clash = derive(s.base, (t) => s.set(t, 'a', { icon: 'rocket' }));
    expect(conflictsOf(s.run(main, clash))[0]?.message).toMatch(/^the icon of /);
  });

  it('takes the removal of a field, and treats hidden: false as not hidden', () => {
    const store = new MemoryStore();
    const page = pageBuilder(store);
    const base = tree([page('a', { emoji: '📄', hidden: true })]);
    const main = derive(base, (t) => {
      delete find(t, 'a').emoji;
    });
    const request = derive(base, (t) => (find(t, 'a').hidden = false));
    const result = find(merged(mergeTrees({ base, main, changeRequest: request }, store)), 'a');
    expect(result.emoji).toBeUndefined();
    expect(result.hidden ?? false).toBe(false);
  });

  it('answers a metadata conflict naming the fields both sides changed differently', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'c', { title: 'Main C', slug: 'main-c', emoji: '🅲' }));
    const request = derive(s.base, (t) =>
      s.set(t, 'c', { title: 'Request C', slug: 'request-c', emoji: '🅲' }),
    );
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      page: { id: 'c', title: 'Request C', path: 'request-c' },
      kind: 'metadata',
    });
    expect(conflicts[0]?.message).toMatch(
      /^the title and slug of “Request C” changed differently on both sides/,
    );
    expect(conflicts[0]?.message).toContain('“Main C” in the main content');
    expect(conflicts[0]?.base).toBeUndefined();
  });
});

describe('mergeTrees: edited bodies', () => {
  it('merges edits of separate lines made on both sides', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.editLine(t, 'a', 2, 'main line 1'));
    const request = derive(s.base, (t) => s.editLine(t, 'a', 6, 'request line 5'));
    const result = merged(s.run(main, request));
    expect(s.body(result, 'a')).toBe('# a\n\nmain line 1\nline 2\nline 3\nline 4\nrequest line 5\n');
    expect(s.store.writes).toEqual([s.body(result, 'a')]);
  });

  it('answers a content conflict with the three markdowns when both sides edited the same lines', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.editLine(t, 'b1', 3, 'main line 2'));
    const request = derive(s.base, (t) => s.editLine(t, 'b1', 3, 'request line 2'));
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts).toEqual([
      {
        page: { id: 'b1', title: 'B1', path: 'b/b1' },
        kind: 'content',
        message: '“B1” was edited on the same lines in the main content and in the change request',
        base: '# b1\n\nline 1\nline 2\nline 3\nline 4\nline 5\n',
        main: '# b1\n\nline 1\nmain line 2\nline 3\nline 4\nline 5\n',
        changeRequest: '# b1\n\nline 1\nrequest line 2\nline 3\nline 4\nline 5\n',
      },
    ]);
    expect(s.store.writes).toEqual([]);
  });

  it('answers a content conflict for edits of adjacent lines (diff3 keeps them apart only with a line between)', () => {
    expect(mergeMarkdown('1\n2\n3\n4', 'one\n2\n3\n4', '1\n2\n3\nfour')).toBe('one\n2\n3\nfour');
    expect(mergeMarkdown('1\n2\n3\n4', 'one\n2\n3\n4', '1\ntwo\n3\n4')).toBeUndefined();
  });

  it('takes the same edit made on both sides without reading it', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.setBody(t, 'c', 'same'));
    const request = derive(s.base, (t) => s.setBody(t, 'c', 'same'));
    expect(s.body(merged(s.run(main, request)), 'c')).toBe('same');
    expect(s.store.reads).toEqual([]);
  });

  it('merges a body emptied on one side when the other left it alone, and a body added to an empty page', () => {
    const store = new MemoryStore();
    const page = pageBuilder(store);
    const base = tree([page('a'), page('e', { md: '' })]);
    const main = derive(base, (t) => delete find(t, 'a').documentId);
    const request = derive(base, (t) => (find(t, 'e').documentId = store.put('now written')));
    const result = merged(mergeTrees({ base, main, changeRequest: request }, store));
    expect(find(result, 'a').documentId).toBeUndefined();
    expect(store.documents.get(find(result, 'e').documentId!)).toBe('now written');
  });

  it('reads only the bodies both sides changed', () => {
    const s = setup();
    const main = derive(s.base, (t) => {
      s.editLine(t, 'a', 2, 'main');
      s.setBody(t, 'c', 'main c');
    });
    const request = derive(s.base, (t) => {
      s.editLine(t, 'a', 6, 'request');
      s.setBody(t, 'd', 'request d');
    });
    merged(s.run(main, request));
    expect(new Set(s.store.reads)).toEqual(
      new Set([find(s.base, 'a').documentId, find(main, 'a').documentId, find(request, 'a').documentId]),
    );
  });
});

describe('mergeTrees: slugs, files, conflicts together', () => {
  it('keeps sibling slugs unique: a page added with a taken slug gets a suffix', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.insert(t, null, 4, s.page('m-setup', { slug: 'setup' })));
    const request = derive(s.base, (t) => {
      s.insert(t, null, 4, s.page('r-setup', { slug: 'setup' }));
      s.insert(t, 'b', 0, s.page('r-b1', { slug: 'b1' }));
    });
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('a, b[b1-2, b1, b2], c, d, setup, setup-2');
    expect(find(result, 'm-setup').slug).toBe('setup');
    expect(find(result, 'r-setup').slug).toBe('setup-2');
  });

  it('suffixes the added page, not the renamed one, when a rename on one side meets an addition on the other', () => {
    const s = setup();
    const main = derive(s.base, (t) => s.set(t, 'd', { slug: 'guide' }));
    const request = derive(s.base, (t) => s.insert(t, null, 0, s.page('new', { slug: 'guide' })));
    const result = merged(s.run(main, request));
    expect(outline(result.pages)).toBe('guide-2, a, b[b1, b2], c, guide');
    expect(find(result, 'd').slug).toBe('guide');
  });

  it("suffixes a page moved next to a sibling with its slug, leaving the sibling's", () => {
    const store = new MemoryStore();
    const page = pageBuilder(store);
    const base = tree([page('x', { pages: [page('x-intro', { slug: 'intro' })] }), page('intro')]);
    const main = clone(base);
    const request = derive(base, (t) => ops(store).move(t, 'x-intro', null, 2));
    const result = merged(mergeTrees({ base, main, changeRequest: request }, store));
    expect(outline(result.pages)).toBe('x, intro, intro-2');
    expect(find(result, 'x-intro').slug).toBe('intro-2');
  });

  it('merges files by id: additions and removals on each side, changes on one side', () => {
    const store = new MemoryStore();
    const file = (id: string, blobId = `blob-${id}`): StoredFile => ({
      id,
      name: `${id}.png`,
      contentType: 'image/png',
      size: 1,
      blobId,
    });
    const base = tree([], [file('f1'), file('f2'), file('f3')]);
    const main = tree([], [file('f1', 'changed'), file('f3'), file('m')]);
    const request = tree([], [file('f1'), file('f2'), file('r')]);
    const result = merged(mergeTrees({ base, main, changeRequest: request }, store));
    expect(result.files.map((f) => [f.id, f.blobId])).toEqual([
      ['f1', 'changed'],
      ['m', 'blob-m'],
      ['r', 'blob-r'],
    ]);
  });

  it('lists every conflict in the request’s page order, writing nothing', () => {
    const s = setup();
    const main = derive(s.base, (t) => {
      s.setBody(t, 'd', 'main d');
      s.set(t, 'a', { title: 'Main A' });
      s.remove(t, 'b2');
      s.setBody(t, 'c', 'main c');
      s.editLine(t, 'b1', 2, 'x');
    });
    const request = derive(s.base, (t) => {
      s.setBody(t, 'd', 'request d');
      s.set(t, 'a', { title: 'Request A' });
      s.setBody(t, 'b2', 'request b2');
      s.editLine(t, 'b1', 6, 'y');
    });
    const conflicts = conflictsOf(s.run(main, request));
    expect(conflicts.map((c) => [c.page.id, c.kind])).toEqual([
      ['a', 'metadata'],
      ['b2', 'edited-deleted'],
      ['d', 'content'],
    ]);
    expect(s.store.writes).toEqual([]);
  });
});

describe('mergeTrees: a large tree', () => {
  it('merges a request changing 500 of 1,000 pages with a main content that changed 250 of them', () => {
    const store = new MemoryStore();
    const paragraph = (n: number) =>
      Array.from(
        { length: 40 },
        (_, i) => `Line ${i} of page ${n}: some words to make a body of a realistic size.`,
      );
    const pages: StoredPage[] = [];
    for (let s = 0; s < 20; s++) {
      const children: StoredPage[] = [];
      for (let c = 0; c < 49; c++) {
        const n = s * 50 + c + 1;
        children.push({
          id: `p${n}`,
          title: `Page ${n}`,
          slug: `page-${n}`,
          type: 'document',
          documentId: store.put(paragraph(n).join('\n')),
          createdAt: AT,
          updatedAt: AT,
          pages: [],
        });
      }
      pages.push({
        id: `p${s * 50}`,
        title: `Section ${s}`,
        slug: `section-${s}`,
        type: 'document',
        documentId: store.put(paragraph(s * 50).join('\n')),
        createdAt: AT,
        updatedAt: AT,
        pages: children,
      });
    }
    const base = tree(pages);
    const edit = (t: RevisionTree, id: string, line: number, text: string) => {
      const page = find(t, id);
      const lines = store.documents.get(page.documentId!)!.split('\n');
      lines[line] = text;
      page.documentId = store.put(lines.join('\n'));
    };
    const request = derive(base, (t) => {
      for (let n = 0; n < 1000; n += 2) edit(t, `p${n}`, 35, `request edit ${n}`);
    });
    const main = derive(base, (t) => {
      for (let n = 0; n < 1000; n += 4) edit(t, `p${n}`, 3, `main edit ${n}`);
      ops(store).insert(t, null, 20, { ...find(t, 'p1'), id: 'extra', slug: 'extra', pages: [] });
    });
    const result = merged(mergeTrees({ base, main, changeRequest: request }, store));
    const placed: StoredPage[] = [];
    const walk = (list: readonly StoredPage[]) => {
      for (const page of list) {
        placed.push(page);
        walk(page.pages);
      }
    };
    walk(result.pages);
    expect(placed).toHaveLength(1001);
    const body = (id: string) => store.documents.get(find(result, id).documentId!)!.split('\n');
    expect(body('p0')[3]).toBe('main edit 0');
    expect(body('p0')[35]).toBe('request edit 0');
    expect(body('p2')[35]).toBe('request edit 2');
    expect(body('p4')[3]).toBe('main edit 4');
    expect(body('p1')).toEqual(paragraph(1));
    // Only the 250 pages both sides edited were read (base, main and request bodies) and written.
    expect(new Set(store.reads).size).toBe(750);
    expect(store.writes).toHaveLength(250);
  });
});
