/** Reading custom fields and their values on spaces: the queries of the custom field handlers. */
import { conflict, notFound } from '../../errors.ts';
import type { Database } from '../../storage/database.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';

/** The fields of an organization (for a keyset list). */
export function fieldsQuery(db: Database, organizationId: string) {
  return db.q.selectFrom('custom_fields').selectAll().where('organization_id', '=', organizationId);
}

/** Every field of the organization, by name. */
export function fieldsOf(db: Database, organizationId: string): CustomFieldsTable[] {
  return db.all(
    db.q
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('name'),
  );
}

/** The field of that name, or 404. */
export function loadField(db: Database, organizationId: string, name: string): CustomFieldsTable {
  const row = db.first(
    db.q
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('name', '=', name),
  );
  if (!row) throw notFound(`no custom field named \`${name}\` in this organization`);
  return row;
}

/** Refuses a name another field of the organization has (409). */
export function ensureNameFree(db: Database, organizationId: string, name: string): void {
  const taken = db.first(
    db.q
      .selectFrom('custom_fields')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('name', '=', name),
  );
  if (taken)
    throw conflict(
      `body field \`name\`: a custom field named \`${name}\` already exists in this organization`,
    );
}

/** Every space's value of a field, as stored (JSON text). */
export function valuesOfField(db: Database, fieldId: string) {
  return db.all(db.q.selectFrom('space_custom_field_values').selectAll().where('field_id', '=', fieldId));
}

/** A space's values, by field id, as stored (JSON text). */
export function valuesOfSpace(db: Database, spaceId: string) {
  return db.all(
    db.q
      .selectFrom('space_custom_field_values')
      .select(['field_id', 'value'])
      .where('space_id', '=', spaceId),
  );
}
