/**
 * A space's custom field values on PostgreSQL (services with only a `PostgresStore` and a clock;
 * test/postgres-handlers.ts): read by a reader, changed and removed by an editor with one event per change, refused
 * whole on an unknown field or a bad value (400), to a reader (403), on a space in the trash, of another organization
 * or unknown (404).
 *
 * A change checks its values against the fields it reads in its transaction: values sent while an option is taken
 * away are either written before (and dropped by the option change) or refused (400), never left holding the option
 * no longer offered.
 */
import { describe, expect, it } from 'vitest';
import { SEED, statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { customFieldHandlers } from './handlers.ts';
import { spaceCustomFieldHandlers } from './space-value-handlers.ts';

const SPACE_COLUMNS =
  'id, organization_id, title, emoji, visibility, edit_mode, default_level, sort_key, revision_id, created_at, updated_at, deleted_at';
const SPACES = Array.from({ length: 6 }, (_, i) => `s${i + 1}`);

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events',
  seed: `${SEED}
    INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at)
      VALUES ('o2', 'reader', 'read', 0, 0, 't');
    INSERT INTO spaces (${SPACE_COLUMNS}) VALUES
      ${SPACES.map((id) => `('${id}', 'o1', '${id}', '', 'private', 'live', 'inherit', '${id}', 'r', 't', 't', NULL)`).join(', ')},
      ('trashed', 'o1', 'Trashed', '', 'private', 'live', 'inherit', 'z', 'r', 't', 't', 't'),
      ('theirs', 'o2', 'Theirs', '', 'private', 'live', 'inherit', 'a', 'r', 't', 't', NULL);
    INSERT INTO content_permissions (organization_id, target_type, target_id, grantee_type, grantee_id, role, created_at)
      VALUES ('o1', 'space', 's1', 'user', 'other', 'edit', 't');`,
});

const field = (body: object) =>
  customFieldHandlers.createOrganizationCustomField(pg.context('admin', { organizationId: 'o1' }, body));
const get = (userId: string, spaceId: string) =>
  spaceCustomFieldHandlers.getSpaceCustomFields(pg.context(userId, { spaceId }));
const put = (userId: string, spaceId: string, values: Record<string, unknown>) =>
  spaceCustomFieldHandlers.updateSpaceCustomFields(
    pg.context(
      userId,
      { spaceId },
      { values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }])) },
    ),
  );
/** The values of a space, by field name. */
const valuesOf = async (spaceId: string) =>
  Object.fromEntries(
    (await get('admin', spaceId)).flatMap((entry) =>
      entry.value !== undefined ? [[entry.customField.name, entry.value]] : [],
    ),
  );
const refused = async (promise: Promise<unknown>, status: number) =>
  expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);

describe("a space's custom field values on PostgreSQL", () => {
  it('reads, changes and removes values, with one event per change', async () => {
    await field({ name: 'owner', type: 'text' });
    await field({ name: 'area', type: 'select:single', options: ['a', 'b'] });
    expect((await get('reader', 's1')).map((entry) => [entry.customField.name, entry.value])).toEqual([
      ['area', undefined],
      ['owner', undefined],
    ]);
    // `other` is given edit on s1 (a reader by role).
    await put('other', 's1', { owner: 'Ada', area: 'b' });
    expect(await valuesOf('s1')).toEqual({ owner: 'Ada', area: 'b' });
    await put('admin', 's1', { owner: null, area: 'a' });
    expect(await valuesOf('s1')).toEqual({ area: 'a' });
    expect(await valuesOf('s2')).toEqual({});
    const events = await pg.store.all(
      pg.store.q
        .selectFrom('events')
        .select(['actor_id', 'subject_id', 'data'])
        .where('action', '=', 'space.custom-fields.updated'),
    );
    // The clock stands still, so ids do not tell the events' order: they are told apart by their actor.
    expect(
      events.map((event) => [event.actor_id, event.subject_id, JSON.parse(event.data) as unknown]).sort(),
    ).toEqual([
      ['admin', 's1', { set: ['area'], removed: ['owner'] }],
      ['other', 's1', { set: ['owner', 'area'], removed: [] }],
    ]);
  });

  it('refuses a change whole (400), to a reader (403), on a trashed, foreign or unknown space (404)', async () => {
    await field({ name: 'owner', type: 'text' });
    await field({ name: 'area', type: 'select:single', options: ['a', 'b'] });
    await put('admin', 's2', { owner: 'Ada' });
    await refused(put('admin', 's2', { owner: 'Bob', nope: 'x' }), 400);
    await refused(put('admin', 's2', { owner: 'Bob', area: 'c' }), 400);
    expect(await valuesOf('s2')).toEqual({ owner: 'Ada' });
    await refused(put('reader', 's2', { owner: 'Bob' }), 403);
    await refused(put('admin', 'trashed', { owner: 'Bob' }), 404);
    await refused(get('admin', 'trashed'), 404);
    // reader is a member of o2 too: o1's fields are not theirs to set there, and admin is not in o2.
    await refused(put('reader', 'theirs', { owner: 'Bob' }), 403);
    await refused(put('admin', 'theirs', { owner: 'Bob' }), 404);
    await refused(get('stranger', 's1'), 404);
    await refused(put('admin', 'nope', { owner: 'Bob' }), 404);
    expect(await valuesOf('s2')).toEqual({ owner: 'Ada' });
  });

  it('never leaves a value an option change sent at the same time took away', async () => {
    await field({ name: 'area', type: 'select:single', options: ['a', 'b'] });
    const offer = (options: string[]) =>
      customFieldHandlers.updateOrganizationCustomField(
        pg.context('admin', { organizationId: 'o1', fieldName: 'area' }, { options }),
      );
    // Twelve rounds: 'b' offered again, then set on every space while an option change takes it away.
    for (let round = 0; round < 12; round++) {
      await offer(['a', 'b']);
      const sets = SPACES.map((spaceId) => put('admin', spaceId, { area: 'b' }));
      const outcomes = await Promise.allSettled([...sets.slice(0, 3), offer(['a']), ...sets.slice(3)]);
      // Each change of values was written before the option change (which dropped it) or refused after it.
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(statusOf(outcome.reason)).toBe(400);
      expect(outcomes[3]!.status).toBe('fulfilled');
      const left = await pg.store.all(
        pg.store.q.selectFrom('space_custom_field_values').select(['space_id', 'value']),
      );
      expect(left, `round ${round}`).toEqual([]);
    }
  });
});
