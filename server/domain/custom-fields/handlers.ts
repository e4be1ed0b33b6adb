/**
 * Custom fields of an organization and their values on spaces.
 *
 * Rules:
 * - Members (not guests) read the definitions; only admins create, change or delete them. Callers outside the
 *   organization get 404, as for an organization that does not exist.
 * - `name` follows the contract's pattern and is unique in the organization (409); it never changes.
 * - `title` defaults to the name, `description` and `placeholder` to empty text.
 * - `type` is one of GitBook's types. Select types (`select:single`, `select:multi`) need `options` (1 to 50
 *   distinct choices with a visible character); the other types refuse them.
 * - Changing the options of a select field drops the choices no longer offered from every space's value (a single
 *   choice that went is removed), in the same transaction.
 * - Deleting a field removes its value from every space.
 * - Values on a space: see space-values.ts.
 * - Every change is one transaction with its audit event.
 */
import { conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { recordEvent } from '../events.ts';
import { loadField, optionsOf, parseValue, presentCustomField } from './present.ts';
import { spaceCustomFieldHandlers } from './space-values.ts';
import { checkOptions, isSelectType, keepWithOptions } from './values.ts';

const FIELD_KEYS: readonly SortKey[] = [{ column: 'name', direction: 'asc' }];

export const customFieldHandlers = {
  ...spaceCustomFieldHandlers,

  listOrganizationCustomFields: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewCustomFields', null);
    const base = db.q
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', params.organizationId);
    return listPage({
      query,
      keys: FIELD_KEYS,
      ...keysetQueries(db, base, FIELD_KEYS),
      keyOf: (row) => [row.name],
      present: (row) => presentCustomField(row, orgActor, baseUrl),
    });
  },

  createOrganizationCustomField: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageCustomFields', null);
    const options = checkOptions(body.type, body.options);
    const now = clock.now().toISOString();
    const row: CustomFieldsTable = {
      id: newId(),
      organization_id: params.organizationId,
      name: body.name,
      type: body.type,
      title: body.title ?? body.name,
      description: body.description ?? '',
      placeholder: body.placeholder ?? '',
      options: options === null ? null : JSON.stringify(options),
      created_at: now,
      updated_at: now,
    };
    db.transaction(() => {
      const taken = db.first(
        db.q
          .selectFrom('custom_fields')
          .select('id')
          .where('organization_id', '=', row.organization_id)
          .where('name', '=', row.name),
      );
      if (taken)
        throw conflict(
          `body field \`name\`: a custom field named \`${row.name}\` already exists in this organization`,
        );
      db.run(db.q.insertInto('custom_fields').values(row));
      recordEvent(db, clock.now(), {
        organizationId: row.organization_id,
        actorId: actor.userId,
        action: 'custom-field.created',
        subjectType: 'custom-field',
        subjectId: row.id,
        data: { name: row.name, type: row.type },
      });
    });
    return presentCustomField(row, orgActor, baseUrl);
  },

  getOrganizationCustomFieldByName: ({ params, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewCustomFields', null);
    return presentCustomField(loadField(db, params.organizationId, params.fieldName), orgActor, baseUrl);
  },

  updateOrganizationCustomField: ({ params, body, actor, services: { db, clock }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageCustomFields', null);
    const now = clock.now();
    const updated = db.transaction(() => {
      const current = loadField(db, params.organizationId, params.fieldName);
      const options =
        body.options === undefined ? optionsOf(current) : checkOptions(current.type, body.options);
      const row: CustomFieldsTable = {
        ...current,
        title: body.title ?? current.title,
        description: body.description ?? current.description,
        placeholder: body.placeholder ?? current.placeholder,
        options: options === null ? null : JSON.stringify(options),
        updated_at: now.toISOString(),
      };
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
      if (body.options !== undefined && isSelectType(row.type) && options !== null) {
        const values = db.all(
          db.q.selectFrom('space_custom_field_values').selectAll().where('field_id', '=', row.id),
        );
        for (const stored of values) {
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
        actorId: actor.userId,
        action: 'custom-field.updated',
        subjectType: 'custom-field',
        subjectId: row.id,
        data: { name: row.name, fields: Object.keys(body), valuesChanged: dropped },
      });
      return row;
    });
    return presentCustomField(updated, orgActor, baseUrl);
  },

  deleteOrganizationCustomField: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageCustomFields', null);
    db.transaction(() => {
      const row = loadField(db, params.organizationId, params.fieldName);
      const values = db.run(db.q.deleteFrom('space_custom_field_values').where('field_id', '=', row.id));
      db.run(db.q.deleteFrom('custom_fields').where('id', '=', row.id));
      recordEvent(db, clock.now(), {
        organizationId: row.organization_id,
        actorId: actor.userId,
        action: 'custom-field.deleted',
        subjectType: 'custom-field',
        subjectId: row.id,
        data: { name: row.name, type: row.type, valuesRemoved: values },
      });
    });
    return undefined;
  },
} satisfies Handlers;
