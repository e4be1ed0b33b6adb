/**
 * Writing custom fields and their values on spaces, each change with its event. The handlers run them inside their
 * transaction, after the checks that read (custom-fields/records.ts).
 */
import type { CustomFieldValue } from '../../../shared/contract/resources/customFields.ts';
import type { Database } from '../../storage/database.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import { recordEvent } from '../events.ts';
import { parseValue } from './present.ts';
import { valuesOfField } from './records.ts';
import { isSelectType, keepWithOptions } from './values.ts';

export function insertField(db: Database, now: Date, row: CustomFieldsTable, actorId: string): void {
  db.run(db.q.insertInto('custom_fields').values(row));
  recordEvent(db, now, {
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
export function updateField(
  db: Database,
  now: Date,
  change: {
    row: CustomFieldsTable;
    newOptions: string[] | null | undefined;
    fields: string[];
    actorId: string;
  },
): void {
  const { row } = change;
  db.run(
    db.q
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
    for (const stored of valuesOfField(db, row.id)) {
      const value = parseValue(stored.value);
      const kept = keepWithOptions(row.type, value, options);
      if (kept !== undefined && JSON.stringify(kept) === stored.value) continue;
      dropped++;
      if (kept === undefined)
        db.run(
          db.q
            .deleteFrom('space_custom_field_values')
            .where('space_id', '=', stored.space_id)
            .where('field_id', '=', row.id),
        );
      else
        db.run(
          db.q
            .updateTable('space_custom_field_values')
            .set({ value: JSON.stringify(kept), updated_at: row.updated_at })
            .where('space_id', '=', stored.space_id)
            .where('field_id', '=', row.id),
        );
    }
  }
  recordEvent(db, now, {
    organizationId: row.organization_id,
    actorId: change.actorId,
    action: 'custom-field.updated',
    subjectType: 'custom-field',
    subjectId: row.id,
    data: { name: row.name, fields: change.fields, valuesChanged: dropped },
  });
}

/** Deletes a field and its value on every space. */
export function deleteField(db: Database, now: Date, row: CustomFieldsTable, actorId: string): void {
  const values = db.run(db.q.deleteFrom('space_custom_field_values').where('field_id', '=', row.id));
  db.run(db.q.deleteFrom('custom_fields').where('id', '=', row.id));
  recordEvent(db, now, {
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
export function writeSpaceValues(
  db: Database,
  now: Date,
  target: { organizationId: string; spaceId: string; actorId: string },
  changes: readonly ValueChange[],
): void {
  for (const change of changes) {
    if (change.value === null) {
      db.run(
        db.q
          .deleteFrom('space_custom_field_values')
          .where('space_id', '=', target.spaceId)
          .where('field_id', '=', change.fieldId),
      );
      continue;
    }
    const value = JSON.stringify(change.value);
    db.run(
      db.q
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
    recordEvent(db, now, {
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
