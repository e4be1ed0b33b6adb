/** Opening a demo change request on a day, and writing its comments, as the operations would. */
import { newId } from '../../ids.ts';
import type { Database } from '../../storage/database.ts';
import { createChangeRequestRecord } from '../../domain/change-requests/records.ts';
import { insertRevision, loadRevision } from '../../domain/content/revisions.ts';
import { TreeEdit } from './tree-edit.ts';

const DAY = 86_400_000;

export interface Context {
  db: Database;
  now: Date;
  spaceId: string;
  idOf: (name: string) => string;
}

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

export function space(db: Database, spaceId: string) {
  return db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
}

/** A request opened by `author` `days` ago on the space's current content, then edited by `edit` on that day. */
export function openRequest(
  context: Context,
  input: {
    subject: string;
    author: string;
    days: number;
    status?: 'draft' | 'open' | 'archived';
    edit: (tree: TreeEdit) => void;
  },
): { id: string; number: number } {
  const { db, now } = context;
  const at = daysAgo(now, input.days);
  const created = createChangeRequestRecord(db, at, {
    space: space(db, context.spaceId),
    actorId: context.idOf(input.author),
    subject: input.subject,
    ...(input.status !== undefined ? { status: input.status } : {}),
  });
  const row = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', created.id))!;
  const edited = new Date(at.getTime() + 3_600_000);
  const tree = new TreeEdit(
    db,
    edited.toISOString(),
    structuredClone(loadRevision(db, row.revision_id).tree),
  );
  input.edit(tree);
  const head = insertRevision(db, {
    spaceId: context.spaceId,
    type: 'edits',
    parents: [row.revision_id],
    tree: tree.tree,
    createdBy: row.created_by,
    now: edited,
  });
  db.run(
    db.q
      .updateTable('change_requests')
      .set({ revision_id: head, updated_at: edited.toISOString() })
      .where('id', '=', created.id),
  );
  return created;
}

/** Inserts a comment of the request (and its replies and reactions) as the comment operations would. */
export function comment(
  context: Context,
  requestId: string,
  input: {
    author: string;
    body: string;
    page?: string;
    at: Date;
    resolvedBy?: string;
    replies?: { author: string; body: string; reactions?: [string, string][] }[];
    reactions?: [string, string][];
  },
): void {
  const { db, idOf } = context;
  const id = newId();
  const at = input.at.toISOString();
  const resolvedAt = new Date(input.at.getTime() + 5 * 3_600_000).toISOString();
  db.run(
    db.q.insertInto('comments').values({
      id,
      space_id: context.spaceId,
      change_request_id: requestId,
      author_id: idOf(input.author),
      body: input.body,
      target_page_id: input.page ?? null,
      target_node: null,
      resolved: input.resolvedBy !== undefined ? 1 : 0,
      resolved_at: input.resolvedBy !== undefined ? resolvedAt : null,
      resolved_by: input.resolvedBy !== undefined ? idOf(input.resolvedBy) : null,
      created_at: at,
      updated_at: input.resolvedBy !== undefined ? resolvedAt : at,
      edited_at: null,
    }),
  );
  const react = (
    target: { comment_id: string | null; reply_id: string | null },
    list: [string, string][],
    when: Date,
  ) => {
    for (const [name, emoji] of list)
      db.run(
        db.q
          .insertInto('comment_reactions')
          .values({ ...target, user_id: idOf(name), emoji, created_at: when.toISOString() }),
      );
  };
  react({ comment_id: id, reply_id: null }, input.reactions ?? [], input.at);
  (input.replies ?? []).forEach((reply, index) => {
    const replyId = newId();
    const when = new Date(input.at.getTime() + (index + 1) * 3_600_000);
    db.run(
      db.q.insertInto('comment_replies').values({
        id: replyId,
        comment_id: id,
        author_id: idOf(reply.author),
        body: reply.body,
        created_at: when.toISOString(),
        updated_at: when.toISOString(),
        edited_at: null,
      }),
    );
    react({ comment_id: null, reply_id: replyId }, reply.reactions ?? [], when);
  });
}
