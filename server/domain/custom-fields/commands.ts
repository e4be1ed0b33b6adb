/**
 * Writing custom fields and their values on spaces, each change with its event. The handlers run them through their
 * transaction (`tx`), after the checks that read in it (custom-fields/records.ts).
 */
import type { CustomFieldValue } from '../../../shared/contract/resources/customFields.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import type { Transaction } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { parseValue } from './present.ts';
import { valuesOfField } from './records.ts';
import { isSelectType, keepWithOptions } from './values.ts';

export async function insertField(
  tx: Transaction,
  now: Date,
  row: CustomFieldsTable,
  actorId: string,
): Promise<void> {
  await tx.run(tx.q.insertInto('custom_fields').values(row));
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'custom-field.created',
    subjectType: 'custom-field',
    subjectId: row.id,
    data: { name: row.name, type: row.type },
  });
}

/**
 * Writes a field's changed texts and options. When the options of a select field changed (`newOptions`), every
 * space's value drops the choices no longer offered (a single choice that went is removed). `fields`: the body's
 * fields, named in the event.
 */
export async function updateField(
  tx: Transaction,
  now: Date,
  change: {
    row: CustomFieldsTable;
    newOptions: string[] | null | undefined;
    fields: string[];
    actorId: string;
  },
): Promise<void> {
  const { row } = change;
  await tx.run(
    tx.q
      .updateTable('custom_fields')
      .set({
        title: row.title,
        description: row.description,
        placeholder: row.placeholder,
        options: row.options,
        updated_at: row.updated_at,
      })
      .where('id', '=', row.id),
  );
  let dropped = 0;
  const options = change.newOptions;
  if (options !== undefined && isSelectType(row.type) && options !== null) {
    for (const stored of await valuesOfField(tx, row.id)) {
      const value = parseValue(stored.value);
      const kept = keepWithOptions(row.type, value, options);
      if (kept !== undefined && JSON.stringify(kept) === stored.value) continue;
      dropped++;
      if (kept === undefined)
        await tx.run(
          tx.q
            .deleteFrom('space_custom_field_values')
            .where('space_id', '=', stored.space_id)
            .where('field_id', '=', row.id),
        );
      else
        await tx.run(
          tx.q
            .updateTable('space_custom_field_values')
            .set({ value: JSON.stringify(kept), updated_at: row.updated_at })
            .where('space_id', '=', stored.space_id)
            .where('field_id', '=', row.id),
        );
    }
  }
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId: change.actorId,
    action: 'custom-field.updated',
    subjectType: 'custom-field',
    subjectId: row.id,
    data: { name: row.name, fields: change.fields, valuesChanged: dropped },
  });
}

/** Deletes a field and its value on every space. */
export async function deleteField(
  tx: Transaction,
  now: Date,
  row: CustomFieldsTable,
  actorId: string,
): Promise<void> {
  const values = await tx.run(tx.q.deleteFrom('space_custom_field_values').where('field_id', '=', row.id));
  await tx.run(tx.q.deleteFrom('custom_fields').where('id', '=', row.id));
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'custom-field.deleted',
    subjectType: 'custom-field',
    subjectId: row.id,
    data: { name: row.name, type: row.type, valuesRemoved: values },
  });
}

export interface ValueChange {
  fieldId: string;
  name: string;
  /** null: the value is removed. */
  value: CustomFieldValue | null;
}

/** Writes checked values of a space, in order, and one event when there was any. */
export async function writeSpaceValues(
  tx: Transaction,
  now: Date,
  target: { organizationId: string; spaceId: string; actorId: string },
  changes: readonly ValueChange[],
): Promise<void> {
  for (const change of changes) {
    if (change.value === null) {
      await tx.run(
        tx.q
          .deleteFrom('space_custom_field_values')
          .where('space_id', '=', target.spaceId)
          .where('field_id', '=', change.fieldId),
      );
      continue;
    }
    const value = JSON.stringify(change.value);
    await tx.run(
      tx.q
        .insertInto('space_custom_field_values')
        .values({
          space_id: target.spaceId,
          field_id: change.fieldId,
          value,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc.columns(['space_id', 'field_id']).doUpdateSet({ value, updated_at: now.toISOString() }),
        ),
    );
  }
  if (changes.length > 0)
    await recordEventIn(tx, now, {
      organizationId: target.organizationId,
      actorId: target.actorId,
      action: 'space.custom-fields.updated',
      subjectType: 'space',
      subjectId: target.spaceId,
      data: {
        set: changes.filter((c) => c.value !== null).map((c) => c.name),
        removed: changes.filter((c) => c.value === null).map((c) => c.name),
      },
    });
}
