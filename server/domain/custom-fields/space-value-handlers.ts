/**
 * Custom field values on one space.
 *
 * Rules:
 * - Reading needs the `view` level on the space, changing needs `edit` (a space the caller cannot see is a 404).
 * - The answer lists every field of the space's organization, by name, with the space's value when it has one.
 * - A change names fields by name: a name that is not a field of the organization is a 400 naming it; each value
 *   is checked against its field's type and options (values.ts); `null` removes the value.
 * - All of a change is written, or none of it: the first bad value answers 400 before anything is written.
 *
 * A change reads in its transaction the space, the caller's level on it and the fields it checks the values against:
 * a space moved to another organization or trashed meanwhile answers 404, and a value is never checked against
 * options that a concurrent change of its field has just taken away.
 */
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { authorize } from '../../policies/index.ts';
import { resolveSpaceAccessIn } from '../spaces/access.ts';
import { writeSpaceValues, type ValueChange } from './commands.ts';
import { optionsOf, parseValue, presentCustomField } from './present.ts';
import { fieldsOf, valuesOfSpace } from './records.ts';
import { checkValue } from './values.ts';

export const spaceCustomFieldHandlers = {
  getSpaceCustomFields: async ({ params, actor, services: { store }, baseUrl }) => {
    const access = await resolveSpaceAccessIn(store, params.spaceId, actor);
    authorize(access.actor, 'space.view', { level: access.level });
    const values = await valuesOfSpace(store, access.space.id);
    const stored = new Map(values.map((row) => [row.field_id, parseValue(row.value)]));
    return (await fieldsOf(store, access.org.id)).map((field) => {
      const value = stored.get(field.id);
      return {
        customField: presentCustomField(field, access.actor, baseUrl),
        ...(value !== undefined ? { value } : {}),
      };
    });
  },

  updateSpaceCustomFields: async ({ params, body, actor, services: { store, clock } }) => {
    const now = clock.now();
    await store.transaction(async (tx) => {
      const access = await resolveSpaceAccessIn(tx, params.spaceId, actor);
      authorize(access.actor, 'space.edit', { level: access.level });
      const fields = new Map((await fieldsOf(tx, access.org.id)).map((field) => [field.name, field]));
      // Every entry is checked before the first write.
      const changes: ValueChange[] = [];
      for (const [name, entry] of Object.entries(body.values)) {
        const field = fields.get(name);
        if (!field)
          throw badRequest(
            `body field \`values.${name}\`: no custom field named \`${name}\` in this organization`,
          );
        const value =
          entry.value === null
            ? null
            : checkValue({ name, type: field.type, options: optionsOf(field) }, entry.value);
        changes.push({ fieldId: field.id, name, value });
      }
      const target = { organizationId: access.org.id, spaceId: access.space.id, actorId: actor.userId };
      await writeSpaceValues(tx, now, target, changes);
    });
    return undefined;
  },
} satisfies Handlers;
