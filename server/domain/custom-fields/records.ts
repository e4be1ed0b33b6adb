/**
 * Reading custom fields and their values on spaces: the queries of the custom field handlers, through the store or,
 * for the reads a write depends on, through the write's transaction (`Statements`).
 */
import { conflict, notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';

/** The fields of an organization (for a keyset list). */
export function fieldsQuery(organizationId: string) {
  return builder.selectFrom('custom_fields').selectAll().where('organization_id', '=', organizationId);
}

/** Every field of the organization, by name. */
export async function fieldsOf(on: Statements, organizationId: string): Promise<CustomFieldsTable[]> {
  return on.all(
    on.q
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('name'),
  );
}

/** The field of that name, or 404. */
export async function loadField(
  on: Statements,
  organizationId: string,
  name: string,
): Promise<CustomFieldsTable> {
  const row = await on.first(
    on.q
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('name', '=', name),
  );
  if (!row) throw notFound(`no custom field named \`${name}\` in this organization`);
  return row;
}

/** Refuses a name another field of the organization has (409). */
export async function ensureNameFree(on: Statements, organizationId: string, name: string): Promise<void> {
  const taken = await on.first(
    on.q
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
export async function valuesOfField(on: Statements, fieldId: string) {
  return on.all(on.q.selectFrom('space_custom_field_values').selectAll().where('field_id', '=', fieldId));
}

/** A space's values, by field id, as stored (JSON text). */
export async function valuesOfSpace(on: Statements, spaceId: string) {
  return on.all(
    on.q
      .selectFrom('space_custom_field_values')
      .select(['field_id', 'value'])
      .where('space_id', '=', spaceId),
  );
}
