/**
 * Factories of the change request tests (part of server/test/factories.ts): edit the main content of a space or the
 * content of a request directly in the database (a new revision each time, as the content operations would write
 * it), and read the result back.
 */
import type { TestServer } from '../harness.ts';
import {
  flattenPages,
  insertRevision,
  loadRevision,
  putDocument,
  readDocument,
  type RevisionTree,
  type StoredPage,
} from '../../domain/content/revisions.ts';

/** Edits of a tree, with bodies stored in the server's database. */
export interface TreeEditor {
  tree: RevisionTree;
  /** The page titled so (or with that id); throws when there is none. */
  page(titleOrId: string): StoredPage;
  body(titleOrId: string): string;
  setBody(titleOrId: string, markdown: string): void;
  /** Replaces the first occurrence of `from` in the body. */
  replace(titleOrId: string, from: string, to: string): void;
  remove(titleOrId: string): void;
  /** Adds a page with a body under `parent` (null: top level) at `index` (default: last). */
  add(
    parent: string | null,
    page: { id?: string; title: string; slug?: string; markdown: string },
    index?: number,
  ): StoredPage;
  move(titleOrId: string, parent: string | null, index: number): void;
}

function editorOf(server: TestServer, tree: RevisionTree): TreeEditor {
  const { db } = server;
  const locate = (key: string): { list: StoredPage[]; index: number } => {
    const walk = (list: StoredPage[]): { list: StoredPage[]; index: number } | undefined => {
      for (let index = 0; index < list.length; index++) {
        const page = list[index]!;
        if (page.title === key || page.id === key) return { list, index };
        const found = walk(page.pages);
        if (found) return found;
      }
      return undefined;
    };
    const found = walk(tree.pages);
    if (!found) throw new Error(`no page ${key}`);
    return found;
  };
  const page = (key: string) => {
    const { list, index } = locate(key);
    return list[index]!;
  };
  const childrenOf = (parent: string | null) => (parent === null ? tree.pages : page(parent).pages);
  const editor: TreeEditor = {
    tree,
    page,
    body: (key) => readDocument(db, page(key).documentId),
    setBody: (key, markdown) => {
      page(key).documentId = putDocument(db, markdown);
    },
    replace: (key, from, to) => {
      const body = editor.body(key);
      if (!body.includes(from)) throw new Error(`page ${key} does not contain ${from}`);
      editor.setBody(key, body.replace(from, to));
    },
    remove: (key) => {
      const { list, index } = locate(key);
      list.splice(index, 1);
    },
    add: (parent, input, index) => {
      const at = server.clock.now().toISOString();
      const added: StoredPage = {
        id: input.id ?? `page-${Math.random().toString(36).slice(2, 12)}`,
        title: input.title,
        slug: input.slug ?? input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        type: 'document',
        documentId: putDocument(db, input.markdown),
        createdAt: at,
        updatedAt: at,
        pages: [],
      };
      const list = childrenOf(parent);
      list.splice(index ?? list.length, 0, added);
      return added;
    },
    move: (key, parent, index) => {
      const { list, index: from } = locate(key);
      const [moved] = list.splice(from, 1);
      childrenOf(parent).splice(index, 0, moved!);
    },
  };
  return editor;
}

/** Writes a new revision of the space from its current tree edited by `edit`, as the space's revision. */
export function editMainContent(
  server: TestServer,
  spaceId: string,
  edit: (editor: TreeEditor) => void,
): string {
  const { db, clock } = server;
  const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
  const editor = editorOf(server, structuredClone(loadRevision(db, space.revision_id).tree));
  edit(editor);
  return db.transaction(() => {
    const id = insertRevision(db, {
      spaceId,
      type: 'edits',
      parents: [space.revision_id],
      tree: editor.tree,
      createdBy: null,
      now: clock.now(),
    });
    db.run(db.q.updateTable('spaces').set({ revision_id: id }).where('id', '=', spaceId));
    return id;
  });
}

/** Writes a new head revision of the request from its head tree edited by `edit`. */
export function editRequestContent(
  server: TestServer,
  changeRequestId: string,
  edit: (editor: TreeEditor) => void,
): string {
  const { db, clock } = server;
  const request = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', changeRequestId))!;
  const editor = editorOf(server, structuredClone(loadRevision(db, request.revision_id).tree));
  edit(editor);
  return db.transaction(() => {
    const id = insertRevision(db, {
      spaceId: request.space_id,
      type: 'edits',
      parents: [request.revision_id],
      tree: editor.tree,
      createdBy: request.created_by,
      now: clock.now(),
    });
    db.run(db.q.updateTable('change_requests').set({ revision_id: id }).where('id', '=', changeRequestId));
    return id;
  });
}

/** A revision's pages as `path: markdown`, in reading order. */
export function contentOf(server: TestServer, revisionId: string): Record<string, string> {
  const { db } = server;
  const out: Record<string, string> = {};
  for (const placed of flattenPages(loadRevision(db, revisionId).tree.pages))
    out[placed.path] = readDocument(db, placed.page.documentId);
  return out;
}

/** How many rows a table holds (to prove that nothing was written). */
export function countRows(server: TestServer, table: 'revisions' | 'documents' | 'events'): number {
  const { db } = server;
  return db.all(db.q.selectFrom(table).select('id')).length;
}
