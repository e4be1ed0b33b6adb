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
import type { Database } from '../storage/database.ts';
import { mergeChangeRequestRecord } from '../domain/change-requests/records.ts';
import { loadRevision, type StoredPage } from '../domain/content/revisions.ts';
import { GLOSSARY, QUICKSTART, RATE_LIMITS } from './demo-change-requests/pages.ts';
import { comment, daysAgo, openRequest, space, type Context } from './demo-change-requests/requests.ts';

/** The demo space the requests belong to. */
export const DEMO_REVIEW_SPACE = 'Product Overview';

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
  const quickstart = seedRequests(context);
  seedThreads(context, quickstart);
}

/** The requests, in the order they were opened, and the typo fixes' merge; answers the quickstart rewrite's id. */
function seedRequests(context: Context): string {
  const { db, now, idOf } = context;
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
  return quickstart.id;
}

/** The id of the page titled `title` in a tree. */
function pageIdIn(pages: readonly StoredPage[], title: string): string | undefined {
  for (const page of pages) {
    if (page.title === title) return page.id;
    const inner = pageIdIn(page.pages, title);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Review threads on the quickstart rewrite: replies, reactions, one resolved, one on no page. */
function seedThreads(context: Context, requestId: string): void {
  const { db, now } = context;
  const head = loadRevision(
    db,
    db.first(db.q.selectFrom('change_requests').select('revision_id').where('id', '=', requestId))!
      .revision_id,
  ).tree;
  const pageId = (title: string) => pageIdIn(head.pages, title)!;
  comment(context, requestId, {
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
  comment(context, requestId, {
    author: 'Edsger Dijkstra',
    body: 'Renaming the page changes its URL: do we keep a redirect from `key-concepts`?',
    page: pageId('Core concepts'),
    at: daysAgo(now, 2),
    resolvedBy: 'Alan Turing',
    replies: [{ author: 'Alan Turing', body: 'Yes, the site keeps the old path as a redirect.' }],
  });
  comment(context, requestId, {
    author: 'Barbara Liskov',
    body: 'Where do the Analytics docs go now that the page is deleted?',
    at: daysAgo(now, 1),
    reactions: [['Donald Knuth', '👀']],
  });
}
