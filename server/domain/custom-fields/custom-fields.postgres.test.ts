/**
 * The custom field handlers and queries on PostgreSQL (services with only a `PostgresStore` and a clock;
 * test/postgres-handlers.ts): fields made, listed in name order, changed and deleted, with the space values an option
 * change drops and a deletion removes (the values set here through `writeSpaceValues`; their handlers are
 * space-values.postgres.test.ts'). A name sent 6 times at once is created once; option changes sent together
 * each start from the values the previous one left.
 */
import { describe, expect, it } from 'vitest';
import { SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { writeSpaceValues } from './commands.ts';
import { customFieldHandlers } from './handlers.ts';
import { fieldsOf, valuesOfSpace } from './records.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events',
  seed: `${SEED}
    INSERT INTO spaces (id, organization_id, title, emoji, visibility, edit_mode, sort_key, revision_id, created_at, updated_at)
    VALUES ('s1', 'o1', 'S1', '', 'private', 'live', 'a', 'r1', 't', 't'),
           ('s2', 'o1', 'S2', '', 'private', 'live', 'b', 'r2', 't', 't');`,
});
const org = { organizationId: 'o1' };

const create = (userId: string, body: object) =>
  customFieldHandlers.createOrganizationCustomField(pg.context(userId, org, body));
const update = (fieldName: string, body: object) =>
  customFieldHandlers.updateOrganizationCustomField(pg.context('admin', { ...org, fieldName }, body));

async function setValues(spaceId: string, values: Record<string, unknown>) {
  const fields = new Map((await fieldsOf(pg.store, 'o1')).map((field) => [field.name, field.id]));
  await pg.store.transaction((tx) =>
    writeSpaceValues(
      tx,
      pg.clock.now(),
      { organizationId: 'o1', spaceId, actorId: 'admin' },
      Object.entries(values).map(([name, value]) => ({
        fieldId: fields.get(name)!,
        name,
        value: value as never,
      })),
    ),
  );
}

async function valuesOf(spaceId: string) {
  const names = new Map((await fieldsOf(pg.store, 'o1')).map((field) => [field.id, field.name]));
  return Object.fromEntries(
    (await valuesOfSpace(pg.store, spaceId))
      .map((row) => [names.get(row.field_id), JSON.parse(row.value) as unknown])
      .sort(),
  );
}

describe('custom fields on PostgreSQL', () => {
  it('makes, lists by name, reads, changes and deletes fields, with their events', async () => {
    await create('admin', { name: 'owner', type: 'text' });
    await create('admin', { name: 'area', type: 'select:single', options: ['a', 'b'], title: 'Area' });
    await create('admin', { name: 'labels', type: 'select:multi', options: ['x', 'y', 'z'] });
    const names: string[] = [];
    const counts: number[] = [];
    let page: string | undefined;
    do {
      const answer = await customFieldHandlers.listOrganizationCustomFields(
        pg.context('reader', org, undefined, { limit: 2, ...(page ? { page } : {}) }),
      );
      names.push(...answer.items.map((item) => item.name));
      counts.push(answer.count);
      page = answer.next?.page;
    } while (page !== undefined);
    expect(names).toEqual(['area', 'labels', 'owner']);
    expect(counts).toEqual([3, 3]);
    expect(
      await customFieldHandlers.getOrganizationCustomFieldByName(
        pg.context('reader', { ...org, fieldName: 'area' }),
      ),
    ).toMatchObject({ name: 'area', title: 'Area', options: ['a', 'b'] });

    await setValues('s1', { owner: 'Ada', area: 'b', labels: ['x', 'z'] });
    await setValues('s2', { area: 'a', labels: ['z'] });
    const changed = await update('labels', { options: ['x', 'y'], title: 'Labels' });
    expect(changed).toMatchObject({ title: 'Labels', options: ['x', 'y'] });
    expect(await valuesOf('s1')).toEqual({ owner: 'Ada', area: 'b', labels: ['x'] });
    expect(await valuesOf('s2')).toEqual({ area: 'a', labels: [] });
    await update('area', { options: ['a'] });
    expect(await valuesOf('s1')).toEqual({ owner: 'Ada', labels: ['x'] });

    await customFieldHandlers.deleteOrganizationCustomField(
      pg.context('admin', { ...org, fieldName: 'owner' }),
    );
    expect(await valuesOf('s1')).toEqual({ labels: ['x'] });
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select(['action', 'data']).where('subject_type', '=', 'custom-field'),
    );
    expect(events.map((event) => [event.action, JSON.parse(event.data) as unknown]).sort()).toEqual(
      [
        ['custom-field.created', { name: 'owner', type: 'text' }],
        ['custom-field.created', { name: 'area', type: 'select:single' }],
        ['custom-field.created', { name: 'labels', type: 'select:multi' }],
        ['custom-field.updated', { name: 'labels', fields: ['options', 'title'], valuesChanged: 2 }],
        ['custom-field.updated', { name: 'area', fields: ['options'], valuesChanged: 1 }],
        ['custom-field.deleted', { name: 'owner', type: 'text', valuesRemoved: 1 }],
      ].sort(),
    );
  });

  it('refuses a name taken (409), bad options (400), a reader (403), a stranger and an unknown field (404)', async () => {
    await create('admin', { name: 'owner', type: 'text' });
    const refused = async (promise: Promise<unknown>, status: number) =>
      expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);
    await refused(create('admin', { name: 'owner', type: 'number' }), 409);
    await refused(create('admin', { name: 'pick', type: 'select:single' }), 400);
    await refused(create('reader', { name: 'mine', type: 'text' }), 403);
    await refused(create('stranger', { name: 'theirs', type: 'text' }), 404);
    await refused(update('nope', { title: 'x' }), 404);
    expect((await fieldsOf(pg.store, 'o1')).map((field) => field.name)).toEqual(['owner']);
  });

  it('creates a name sent 6 times at once once, and orders option and text changes sent together', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => create('admin', { name: 'once', type: 'tags' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(statusOf(outcome.reason)).toBe(409);
    expect((await fieldsOf(pg.store, 'o1')).map((field) => field.name)).toEqual(['once']);

    await create('admin', { name: 'labels', type: 'select:multi', options: ['a', 'b', 'c', 'd'] });
    await setValues('s1', { labels: ['a', 'b', 'c', 'd'] });
    // Each change drops one choice; whatever their order, every value left is offered by the last one.
    await Promise.all(
      [
        ['a', 'b', 'c'],
        ['a', 'b', 'd'],
        ['a', 'c', 'd'],
      ].map((options) => update('labels', { options })),
    );
    const [field] = (await fieldsOf(pg.store, 'o1')).filter((row) => row.name === 'labels');
    const offered = JSON.parse(field!.options!) as string[];
    const { labels } = (await valuesOf('s1')) as { labels: string[] };
    expect(labels.every((label) => offered.includes(label))).toBe(true);
    expect(labels).toEqual(['a']);

    // Each change writes the texts it does not name as it reads them in its transaction: none is lost.
    await Promise.all(
      [{ title: 'T' }, { description: 'D' }, { placeholder: 'P' }].map((body) => update('labels', body)),
    );
    const [texts] = (await fieldsOf(pg.store, 'o1')).filter((row) => row.name === 'labels');
    expect(texts).toMatchObject({ title: 'T', description: 'D', placeholder: 'P' });
  });
});
