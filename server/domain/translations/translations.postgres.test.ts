/**
 * The translation settings handlers on PostgreSQL (services with only a `PostgresStore` and a clock;
 * test/postgres-handlers.ts): made, listed oldest first, read, renamed, given languages and deleted, with their
 * events. A PUT without `languages` keeps the current list, read in its transaction: renames sent together with one
 * change of languages never put the former list back.
 */
import { describe, expect, it } from 'vitest';
import { statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { translationHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations, events' });
const org = { organizationId: 'o1' };

const create = (userId: string, body: object) =>
  translationHandlers.createTranslation(pg.context(userId, org, body));
const update = (userId: string, translationSettingsId: string, body: object) =>
  translationHandlers.updateTranslation(pg.context(userId, { ...org, translationSettingsId }, body));

describe('translation settings on PostgreSQL', () => {
  it('makes, lists oldest first, reads, changes and deletes settings, with their events', async () => {
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push((await create('admin', { title, languages: ['fr'] })).id);
      pg.clock.advance(1_000);
    }
    const titles: string[] = [];
    const counts: number[] = [];
    let page: string | undefined;
    do {
      const answer = await translationHandlers.listTranslations(
        pg.context('reader', org, undefined, { limit: 2, ...(page ? { page } : {}) }),
      );
      titles.push(...answer.items.map((item) => item.title));
      counts.push(answer.count);
      page = answer.next?.page;
    } while (page !== undefined);
    expect(titles).toEqual(['First', 'Second', 'Third']);
    expect(counts).toEqual([3, 3]);
    const [first, second] = ids as [string, string];
    expect(await update('admin', first, { title: ' Renamed ' })).toMatchObject({
      title: 'Renamed',
      languages: ['fr'],
    });
    expect(await update('admin', first, { title: 'Renamed', languages: ['de', 'ja'] })).toMatchObject({
      languages: ['de', 'ja'],
    });
    expect(
      await translationHandlers.getTranslation(
        pg.context('reader', { ...org, translationSettingsId: first }),
      ),
    ).toMatchObject({ title: 'Renamed', languages: ['de', 'ja'], permissions: { view: true, edit: false } });
    await translationHandlers.deleteTranslation(
      pg.context('admin', { ...org, translationSettingsId: second }),
    );
    const events = await pg.store.all(
      pg.store.q
        .selectFrom('events')
        .select(['action', 'subject_id'])
        .where('subject_type', '=', 'translation-settings'),
    );
    expect(events.map((event) => `${event.action} ${event.subject_id}`).sort()).toEqual(
      [
        ...ids.map((id) => `translation-settings.created ${id}`),
        `translation-settings.updated ${first}`,
        `translation-settings.updated ${first}`,
        `translation-settings.deleted ${second}`,
      ].sort(),
    );
  });

  it('refuses a reader (403), a stranger and unknown settings (404), a blank title and a language twice (400)', async () => {
    const { id } = await create('admin', { title: 'Docs' });
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(create('reader', { title: 'Mine' }), 403);
    await refused(create('stranger', { title: 'Theirs' }), 404);
    await refused(update('admin', 'nope', { title: 'X' }), 404);
    await refused(update('admin', id, { title: '  ' }), 400);
    await refused(create('admin', { title: 'Twice', languages: ['fr', 'fr'] }), 400);
    const rows = await pg.store.all(
      pg.store.q.selectFrom('translation_settings').select(['title', 'languages']),
    );
    expect(rows).toEqual([{ title: 'Docs', languages: '[]' }]);
  });

  it('keeps a change of languages sent together with 6 renames that leave the languages as they are', async () => {
    const { id } = await create('admin', { title: 'Start', languages: ['fr'] });
    const renames = Array.from({ length: 6 }, (_, index) => update('admin', id, { title: `Title ${index}` }));
    const answers = await Promise.all([
      ...renames,
      update('admin', id, { title: 'Languages', languages: ['es'] }),
    ]);
    // The renames that ran after the change of languages answer it; none puts `fr` back.
    const final = await translationHandlers.getTranslation(
      pg.context('admin', { ...org, translationSettingsId: id }),
    );
    expect(final.languages).toEqual(['es']);
    expect(answers.map((answer) => answer.title).sort()).toEqual(
      ['Languages', ...Array.from({ length: 6 }, (_, index) => `Title ${index}`)].sort(),
    );
  });
});
