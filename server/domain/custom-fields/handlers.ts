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
 * - Every change is one transaction of the store with its audit event and every read it depends on (the caller's
 *   standing, the name taken, the field and its values).
 */
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { authorize } from '../../policies/index.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';
import { loadOrgAccessIn } from '../access.ts';
import { deleteField, insertField, updateField } from './commands.ts';
import { optionsOf, presentCustomField } from './present.ts';
import { ensureNameFree, fieldsQuery, loadField } from './records.ts';
import { spaceCustomFieldHandlers } from './space-value-handlers.ts';
import { checkOptions } from './values.ts';

const FIELD_KEYS: readonly SortKey[] = [{ column: 'name', direction: 'asc' }];

export const customFieldHandlers = {
  ...spaceCustomFieldHandlers,

  listOrganizationCustomFields: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewCustomFields', null);
    return listPageIn({
      query,
      keys: FIELD_KEYS,
      ...keysetQueriesIn(store, fieldsQuery(params.organizationId), FIELD_KEYS),
      keyOf: (row) => [row.name],
      present: (row) => presentCustomField(row, orgActor, baseUrl),
    });
  },

  createOrganizationCustomField: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageCustomFields', null);
      const options = checkOptions(body.type, body.options);
      const row: CustomFieldsTable = {
        id: newId(),
        organization_id: params.organizationId,
        name: body.name,
        type: body.type,
        title: body.title ?? body.name,
        description: body.description ?? '',
        placeholder: body.placeholder ?? '',
        options: options === null ? null : JSON.stringify(options),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await ensureNameFree(tx, row.organization_id, row.name);
      await insertField(tx, now, row, actor.userId);
      return presentCustomField(row, orgActor, baseUrl);
    });
  },

  getOrganizationCustomFieldByName: async ({ params, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewCustomFields', null);
    const field = await loadField(store, params.organizationId, params.fieldName);
    return presentCustomField(field, orgActor, baseUrl);
  },

  updateOrganizationCustomField: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageCustomFields', null);
      const current = await loadField(tx, params.organizationId, params.fieldName);
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
      await updateField(tx, now, { row, newOptions, fields: Object.keys(body), actorId: actor.userId });
      return presentCustomField(row, orgActor, baseUrl);
    });
  },

  deleteOrganizationCustomField: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageCustomFields', null);
      const row = await loadField(tx, params.organizationId, params.fieldName);
      await deleteField(tx, clock.now(), row, actor.userId);
    });
    return undefined;
  },
} satisfies Handlers;
