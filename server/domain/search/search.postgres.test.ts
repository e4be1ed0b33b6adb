/**
 * Organization search on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts;
 * the job queue, which indexes, stands still: the index rows are seeded as the indexing job writes them): a word
 * finds its pages, title matches first, compared without case or diacritics, the last word as a prefix, every word
 * required; quotes and `to_tsquery` or FTS5 syntax in the query are words or separators, never an error; results
 * hold only the spaces the caller may view (never the trash or another organization), with excerpts of the matching
 * sections, paged over spaces.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../http/context.ts';
import { SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { searchHandlers } from './handlers.ts';

const SPACE_COLUMNS =
  'id, organization_id, title, emoji, visibility, edit_mode, default_level, sort_key, revision_id, created_at, updated_at, deleted_at';

/** An index row as the indexing job writes it: the page's sections (JSON) under the id its full-text row reuses. */
function indexRow(id: number, space: string, page: string, title: string, sections: object[]) {
  const text = sections
    .map((s) => {
      const { title: heading, text: body } = s as { title: string; text: string };
      return heading !== '' ? `${heading}\n${body}` : body;
    })
    .join('\n');
  const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;
  return `
    INSERT INTO search_sections (id, space_id, page_id, sections)
      VALUES (${id}, '${space}', '${page}', ${quoted(JSON.stringify(sections))});
    INSERT INTO search_pages (rowid, title, body, space_id, page_id, path)
      VALUES (${id}, ${quoted(title)}, ${quoted(text)}, '${space}', '${page}', ${quoted(page)});`;
}

const lead = (text: string) => ({ id: '', title: '', text });

// Handbook (s1) and Notes (s2) inherit the organization role; Secret (s3) gives nothing by default; Old (s4) is in
// the trash; Theirs (s9) is o2's. The full-text table references nothing: it is emptied by name.
const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, search_pages',
  seed: `${SEED}
    INSERT INTO users (id, email, display_name, created_at) VALUES ('guest', 'guest@x.org', 'Guest', 't');
    INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
      VALUES ('o1', 'guest', NULL, 0, 0, 't');
    INSERT INTO spaces (${SPACE_COLUMNS}) VALUES
      ('s1', 'o1', 'Handbook', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't', NULL),
      ('s2', 'o1', 'Notes', '', 'private', 'live', 'inherit', 'b', 'r', 't', 't', NULL),
      ('s3', 'o1', 'Secret', '', 'private', 'live', NULL, 'c', 'r', 't', 't', NULL),
      ('s4', 'o1', 'Old', '', 'private', 'live', 'inherit', 'd', 'r', 't', 't', 't'),
      ('s9', 'o2', 'Theirs', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't', NULL);
    ${indexRow(1, 's1', 'zebra-guide', 'Zebra guide', [
      lead('Welcome to the zebra handbook.'),
      { id: 'feeding-zebras', title: 'Feeding zebras', text: 'Zebras eat grass and hay.' },
      { id: 'stripes', title: 'Stripes', text: 'Every stripe is unique, like a résumé of the café crème.' },
    ])}
    ${indexRow(2, 's1', 'lions', 'Lions', [lead('Lions sleep. A zebra passes by.')])}
    ${indexRow(3, 's2', 'misc', 'Misc', [lead('One zebra was seen at the École.')])}
    ${indexRow(4, 's3', 'plans', 'Plans', [lead('The zebra plan is secret.')])}
    ${indexRow(5, 's4', 'gone', 'Gone', [lead('A zebra in the trash.')])}
    ${indexRow(6, 's9', 'theirs', 'Theirs', [lead('Their zebra.')])}`,
});

// The queue that indexes does not run here: a search has no job of its organization to wait for.
(pg.context('admin', {}) as { services: Services }).services.jobs = {
  queue: { settle: () => Promise.resolve() },
} as unknown as Services['jobs'];

const search = (userId: string, query: string, extra: { limit?: number; page?: string } = {}) =>
  searchHandlers.searchOrganizationContent(
    pg.context(userId, { organizationId: 'o1' }, undefined, { query, ...extra }),
  );

/** The results as `space > page` lines, in order. */
const titles = (results: Awaited<ReturnType<typeof search>>) =>
  results.items.flatMap((space) => space.pages.map((page) => `${space.title} > ${page.title}`));

describe('organization search on PostgreSQL', () => {
  it('finds a word in titles and bodies, title matches first, without case or diacritics, the last word a prefix', async () => {
    const zebra = await search('admin', 'ZEBRA');
    expect(titles(zebra)).toEqual([
      'Handbook > Zebra guide',
      'Handbook > Lions',
      'Notes > Misc',
      'Secret > Plans',
    ]);
    expect(zebra.count).toBe(3);
    expect(zebra.next).toBeUndefined();
    const guide = zebra.items[0]!.pages[0]!;
    expect(guide).toMatchObject({
      id: 'zebra-guide',
      path: 'zebra-guide',
      urls: { app: 'http://test/s/s1/zebra-guide' },
    });
    expect(guide.sections!.map((section) => [section.id, section.body])).toEqual([
      ['', 'Welcome to the zebra handbook.'],
      ['feeding-zebras', 'Zebras eat grass and hay.'],
    ]);

    expect(titles(await search('admin', 'zeb'))).toEqual(titles(zebra));
    expect(titles(await search('admin', 'ecole'))).toEqual(['Notes > Misc']);
    expect(titles(await search('admin', 'resume cafe'))).toEqual(['Handbook > Zebra guide']);
    expect(titles(await search('admin', 'zebra sleep'))).toEqual(['Handbook > Lions']);
    // Only the last word is a prefix.
    expect(titles(await search('admin', 'zeb sleep'))).toEqual([]);
    expect(titles(await search('admin', 'giraffe'))).toEqual([]);
  });

  it('takes quotes and query syntax as words or separators, never as an error', async () => {
    for (const query of [
      '"zebra',
      "zebra'",
      "'zebra' & !lions",
      'zebra:*',
      'zebra | giraffe',
      '(zebra',
      'zebra\\',
      '-zebra',
      'zebra*',
      'NEAR(zebra sleep)',
      "lion's",
      'a <-> b',
      'zebra\u0000sleep',
    ]) {
      const results = await search('admin', query);
      expect(results.count, query).toBeGreaterThanOrEqual(0);
    }
    // The words of `'zebra' & !lions`: zebra, and lions as a prefix.
    expect(titles(await search('admin', "'zebra' & !lions"))).toEqual(['Handbook > Lions']);
    expect(titles(await search('admin', '(zebra'))).toEqual(titles(await search('admin', 'zebra')));
    await expect(search('admin', '"&!:*')).rejects.toSatisfy((error) => statusOf(error) === 400);
  });

  it('answers only what the caller may view, and 404 to a stranger', async () => {
    expect(titles(await search('reader', 'zebra'))).toEqual([
      'Handbook > Zebra guide',
      'Handbook > Lions',
      'Notes > Misc',
    ]);
    expect(await search('guest', 'zebra')).toEqual({ items: [], count: 0 });
    await pg.sql(`INSERT INTO content_permissions
      (organization_id, target_type, target_id, grantee_type, grantee_id, role, created_at)
      VALUES ('o1', 'space', 's3', 'user', 'guest', 'read', 't')`);
    expect(titles(await search('guest', 'zebra'))).toEqual(['Secret > Plans']);
    await expect(search('stranger', 'zebra')).rejects.toSatisfy((error) => statusOf(error) === 404);
  });

  it('pages over spaces by rank', async () => {
    const whole = await search('admin', 'zebra');
    const seen: string[] = [];
    const counts: number[] = [];
    let page: string | undefined;
    do {
      const answer = await search('admin', 'zebra', { limit: 1, ...(page ? { page } : {}) });
      expect(answer.items).toHaveLength(1);
      seen.push(...titles(answer));
      counts.push(answer.count);
      page = answer.next?.page;
    } while (page !== undefined);
    expect(seen).toEqual(titles(whole));
    expect(counts).toEqual([3, 3, 3]);
  });
});
