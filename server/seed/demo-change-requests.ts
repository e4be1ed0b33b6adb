/**
 * Demo change requests, all on the "Product Overview" space of the demo organization, so that one space shows every
 * state the review screens handle:
 * - "Fix typos in the FAQ": merged (through the real merge) by a reviewer; it also fixed the first sentence of the
 *   Introduction, which moved the main content on.
 * - "Reword the introduction": open, started before that merge, rewords the same first sentence: it conflicts with
 *   the main content.
 * - "Document rate limits": open, started before that merge, touches other pages: outdated, and merges cleanly.
 * - "Rewrite the quickstart": open and up to date: adds a page, edits bodies, deletes a page, moves a page and
 *   renames one; it carries comment threads (replies, reactions, one resolved).
 * - "Glossary": a draft adding a page. "Navigation experiment": archived, moving pages around.
 * Deterministic: the same requests, content and dates on every run (ids aside).
 */
import { newId } from '../ids.ts';
import type { Database } from '../storage/database.ts';
import { createChangeRequestRecord, mergeChangeRequestRecord } from '../domain/change-requests/records.ts';
import {
  insertRevision,
  loadRevision,
  putDocument,
  readDocument,
  type RevisionTree,
  type StoredPage,
} from '../domain/content/revisions.ts';

/** The demo space the requests belong to. */
export const DEMO_REVIEW_SPACE = 'Product Overview';

const DAY = 86_400_000;

/** Edits of a request's tree by page title, bodies stored as they go. */
class TreeEdit {
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

interface Context {
  db: Database;
  now: Date;
  spaceId: string;
  idOf: (name: string) => string;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

function space(db: Database, spaceId: string) {
  return db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
}

/** A request opened by `author` `days` ago on the space's current content, then edited by `edit` on that day. */
function openRequest(
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

const QUICKSTART = `Get from zero to your first published space in five minutes.

## 1. Install the CLI

\`\`\`bash
npm install --global @acme/cli
acme login
\`\`\`

## 2. Create a space

\`\`\`bash
acme spaces create "My product" --template docs
\`\`\`

## 3. Publish it

Open the space, choose **Publish**, and share the link with your team.

Next, read the [core concepts](core-concepts.md).
`;

const RATE_LIMITS = `Every API token may send **100 requests per minute**. Bursts above that answer \`429 Too Many Requests\`
with a \`Retry-After\` header saying how many seconds to wait.

| Plan       | Requests per minute | Burst |
| ---------- | ------------------- | ----- |
| Free       | 100                 | 20    |
| Team       | 1,000               | 200   |
| Enterprise | Custom              | Custom |

> **Tip:** back off exponentially on \`429\` and never retry more than five times.
`;

const GLOSSARY = `| Term | Meaning |
| --- | --- |
| Space | One set of documentation: a product, a handbook, an API. |
| Change request | A proposed set of edits to a space, reviewed before it is merged. |
| Revision | An immutable version of a space's content. |
| Site | A published website made of one or more spaces. |
`;

/** Inserts a comment of the request (and its replies and reactions) as the comment operations would. */
function comment(
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

/** Seeds the demo change requests on the organization's "Product Overview" space (see the module comment). */
export function seedDemoChangeRequests(
  db: Database,
  now: Date,
  organizationId: string,
  idOf: (name: string) => string,
): void {
  const found = db.first(
    db.q
      .selectFrom('spaces')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('title', '=', DEMO_REVIEW_SPACE),
  );
  if (!found) throw new Error(`demo change requests: no space "${DEMO_REVIEW_SPACE}"`);
  const context: Context = { db, now, spaceId: found.id, idOf };

  // Started on the space's first content, before the typo fixes were merged.
  const navigation = openRequest(context, {
    subject: 'Navigation experiment',
    author: 'John McCarthy',
    days: 20,
    edit: (t) => t.move('FAQ', 'Features', 0).move('Key concepts', null, 2),
  });
  db.run(
    db.q
      .updateTable('change_requests')
      .set({ status: 'archived', updated_at: daysAgo(now, 15).toISOString() })
      .where('id', '=', navigation.id),
  );
  const typos = openRequest(context, {
    subject: 'Fix typos in the FAQ',
    author: 'Frances Allen',
    days: 9,
    edit: (t) =>
      t
        .replace(
          'FAQ',
          'Everything about faq in the Acme platform',
          'Everything about the FAQ of the Acme platform',
        )
        .replace(
          'Introduction',
          'This page covers introduction for the Acme platform.',
          'This page introduces the Acme platform.',
        ),
  });
  openRequest(context, {
    subject: 'Reword the introduction',
    author: 'Alan Turing',
    days: 8,
    edit: (t) =>
      t
        .replace(
          'Introduction',
          'This page covers introduction for the Acme platform.',
          'Start here: what the Acme platform is, who it is for, and where to go next.',
        )
        .replace(
          'Introduction',
          'Introduction is part of the Acme platform.',
          'Acme is where teams write down what they know.',
        ),
  });
  openRequest(context, {
    subject: 'Document rate limits',
    author: 'Radia Perlman',
    days: 7,
    edit: (t) =>
      t
        .add(null, 2, 'Rate limits', 'rate-limits', RATE_LIMITS)
        .replace(
          'Search',
          '## Related',
          '## Limits\n\nSearch requests count towards the API rate limits.\n\n## Related',
        ),
  });

  // The reviewer merges the typo fixes: the main content moves on.
  const typoRow = db.first(db.q.selectFrom('change_requests').selectAll().where('id', '=', typos.id))!;
  mergeChangeRequestRecord(db, daysAgo(now, 6), {
    space: space(db, context.spaceId),
    request: typoRow,
    actorId: idOf('Margaret Hamilton'),
  });

  // Started after the merge: up to date.
  const quickstart = openRequest(context, {
    subject: 'Rewrite the quickstart',
    author: 'Alan Turing',
    days: 3,
    edit: (t) =>
      t
        .add(null, 1, 'Quickstart', 'quickstart', QUICKSTART)
        .rename('Key concepts', 'Core concepts', 'core-concepts')
        .replace(
          'Core concepts',
          '1. Announce the change in the team channel.',
          '1. Announce the change in `#docs`.',
        )
        .replace(
          'Introduction',
          '- Next: [Key concepts](key-concepts.md)',
          '- Next: [Quickstart](quickstart.md)',
        )
        .remove('Analytics')
        .replace('Features', '- [Analytics](analytics.md)\n', '')
        .replace('Search', '- Next: [Analytics](analytics.md)', '- Next: [Editor](editor.md)')
        .move('Search', 'Features', 0),
  });
  openRequest(context, {
    subject: 'Glossary',
    author: 'Jean Bartik',
    days: 2,
    status: 'draft',
    edit: (t) => t.add(null, 4, 'Glossary', 'glossary', GLOSSARY),
  });

  // Review threads on the quickstart rewrite.
  const head = loadRevision(
    db,
    db.first(db.q.selectFrom('change_requests').select('revision_id').where('id', '=', quickstart.id))!
      .revision_id,
  ).tree;
  const pageId = (title: string) => {
    const walk = (pages: readonly StoredPage[]): string | undefined => {
      for (const page of pages) {
        if (page.title === title) return page.id;
        const inner = walk(page.pages);
        if (inner !== undefined) return inner;
      }
      return undefined;
    };
    return walk(head.pages)!;
  };
  comment(context, quickstart.id, {
    author: 'Margaret Hamilton',
    body: 'Could the first step say which Node.js version the CLI needs? People hit this in support every week.',
    page: pageId('Quickstart'),
    at: daysAgo(now, 2),
    reactions: [
      ['Frances Allen', '👍'],
      ['Hedy Lamarr', '👍'],
    ],
    replies: [
      {
        author: 'Alan Turing',
        body: 'Good point: Node.js 20 or later. I will add it.',
        reactions: [['Margaret Hamilton', '🎉']],
      },
      { author: 'Hedy Lamarr', body: 'Thank you! Linking the support article would help too.' },
    ],
  });
  comment(context, quickstart.id, {
    author: 'Edsger Dijkstra',
    body: 'Renaming the page changes its URL: do we keep a redirect from `key-concepts`?',
    page: pageId('Core concepts'),
    at: daysAgo(now, 2),
    resolvedBy: 'Alan Turing',
    replies: [{ author: 'Alan Turing', body: 'Yes, the site keeps the old path as a redirect.' }],
  });
  comment(context, quickstart.id, {
    author: 'Barbara Liskov',
    body: 'Where do the Analytics docs go now that the page is deleted?',
    at: daysAgo(now, 1),
    reactions: [['Donald Knuth', '👀']],
  });
}
