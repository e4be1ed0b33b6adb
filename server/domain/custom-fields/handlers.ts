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
 * - Values on a space: see space-value-handlers.ts.
 * - Every change is one transaction with its audit event.
 */
import type { Handlers } from '../../http/context.ts';
import { keysetQueries, listPage, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import { loadOrgAccess } from '../access.ts';
import { deleteField, insertField, updateField } from './commands.ts';
import { optionsOf, presentCustomField } from './present.ts';
import { ensureNameFree, fieldsQuery, loadField } from './records.ts';
import { spaceCustomFieldHandlers } from './space-value-handlers.ts';
import { checkOptions } from './values.ts';

const FIELD_KEYS: readonly SortKey[] = [{ column: 'name', direction: 'asc' }];

export const customFieldHandlers = {
  ...spaceCustomFieldHandlers,

  listOrganizationCustomFields: ({ params, query, actor, services: { db }, baseUrl }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewCustomFields', null);
    const base = fieldsQuery(db, params.organizationId);
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
      ensureNameFree(db, row.organization_id, row.name);
      insertField(db, clock.now(), row, actor.userId);
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
      const newOptions = body.options === undefined ? undefined : options;
      updateField(db, now, { row, newOptions, fields: Object.keys(body), actorId: actor.userId });
      return row;
    });
    return presentCustomField(updated, orgActor, baseUrl);
  },

  deleteOrganizationCustomField: ({ params, actor, services: { db, clock } }) => {
    const { actor: orgActor } = loadOrgAccess(db, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.manageCustomFields', null);
    db.transaction(() => {
      const row = loadField(db, params.organizationId, params.fieldName);
      deleteField(db, clock.now(), row, actor.userId);
    });
    return undefined;
  },
} satisfies Handlers;
