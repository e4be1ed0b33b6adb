/** Editing a change request's tree by page title, as the demo's requests do. */
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import {
  putDocument,
  readDocument,
  type RevisionTree,
  type StoredPage,
} from '../../domain/content/revisions.ts';

/** Edits of a request's tree by page title, bodies stored as they go. */
export class TreeEdit {
  private readonly db: Database;
  private readonly at: string;
  readonly tree: RevisionTree;

  constructor(db: Database, at: string, tree: RevisionTree) {
    this.db = db;
    this.at = at;
    this.tree = tree;
  }

  private locate(title: string): { list: StoredPage[]; index: number } {
    const walk = (list: StoredPage[]): { list: StoredPage[]; index: number } | undefined => {
      for (let index = 0; index < list.length; index++) {
        if (list[index]!.title === title) return { list, index };
        const found = walk(list[index]!.pages);
        if (found) return found;
      }
      return undefined;
    };
    const found = walk(this.tree.pages);
    if (!found) throw new Error(`demo change requests: no page "${title}"`);
    return found;
  }

  page(title: string): StoredPage {
    const { list, index } = this.locate(title);
    return list[index]!;
  }

  /** Replaces text in a page's body; the text must be there (the demo content is fixed). */
  replace(title: string, from: string, to: string): this {
    const page = this.page(title);
    const body = readDocument(this.db, page.documentId);
    if (!body.includes(from)) throw new Error(`demo change requests: "${title}" lacks "${from}"`);
    page.documentId = putDocument(this.db, body.replace(from, to));
    page.updatedAt = this.at;
    return this;
  }

  rename(title: string, to: string, slug: string): this {
    const page = this.page(title);
    page.title = to;
    page.slug = slug;
    page.updatedAt = this.at;
    return this;
  }

  remove(title: string): this {
    const { list, index } = this.locate(title);
    list.splice(index, 1);
    return this;
  }

  /** Moves a page to `index` among the children of `parent` (null: the top level). */
  move(title: string, parent: string | null, index: number): this {
    const { list, index: from } = this.locate(title);
    const [page] = list.splice(from, 1);
    (parent === null ? this.tree.pages : this.page(parent).pages).splice(index, 0, page!);
    return this;
  }

  add(parent: string | null, index: number, title: string, slug: string, markdown: string): this {
    const page: StoredPage = {
      id: newId(),
      title,
      slug,
      type: 'document',
      documentId: putDocument(this.db, markdown),
      createdAt: this.at,
      updatedAt: this.at,
      pages: [],
    };
    (parent === null ? this.tree.pages : this.page(parent).pages).splice(index, 0, page);
    return this;
  }
}
