/**
 * Translation settings of an organization.
 *
 * Rules:
 * - Members (not guests) list and read them; only admins create, change or delete them. Callers outside the
 *   organization get 404, as for an organization that does not exist.
 * - `title` has a visible character (trimmed). `languages` are codes of GitBook's `TranslationLanguage` list (the
 *   contract's enum refuses others), each at most once; absent at creation means none, absent in a PUT keeps the
 *   current list (the spec's PUT renames).
 * - Every change is one transaction of the store with its audit event and the reads it depends on (the caller's
 *   standing, the current settings).
 */
import type {
  TranslationLanguageCode,
  TranslationSettings,
} from '../../../shared/contract/resources/translations.ts';
import { badRequest } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { keysetQueriesIn, listPageIn, type SortKey } from '../../http/pagination.ts';
import { newId } from '../../ids.ts';
import { can, authorize, type OrgActor } from '../../policies/index.ts';
import type { TranslationSettingsTable } from '../../storage/schema.ts';
import { loadOrgAccessIn } from '../access.ts';
import { deleteSettings, insertSettings, updateSettings } from './commands.ts';
import { loadSettings, settingsQuery } from './records.ts';

const SETTINGS_KEYS: readonly SortKey[] = [
  { column: 'created_at', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

function present(row: TranslationSettingsTable, actor: OrgActor, baseUrl: string): TranslationSettings {
  return {
    object: 'translation-settings',
    id: row.id,
    title: row.title,
    languages: JSON.parse(row.languages) as TranslationLanguageCode[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: {
      view: can(actor, 'organization.viewTranslations', null),
      edit: can(actor, 'organization.manageTranslations', null),
    },
    urls: { location: `${baseUrl}/v1/orgs/${row.organization_id}/translations/${row.id}` },
  };
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest('body field `title` must have at least one visible character');
  return trimmed;
}

/** The languages as stored: each code once (the contract's enum has already refused unknown codes). */
function checkLanguages(languages: readonly TranslationLanguageCode[]): string {
  const seen = new Set<string>();
  for (const code of languages) {
    if (seen.has(code)) throw badRequest(`body field \`languages\`: \`${code}\` is listed twice`);
    seen.add(code);
  }
  return JSON.stringify([...seen]);
}

export const translationHandlers = {
  listTranslations: async ({ params, query, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewTranslations', null);
    return listPageIn({
      query,
      keys: SETTINGS_KEYS,
      ...keysetQueriesIn(store, settingsQuery(params.organizationId), SETTINGS_KEYS),
      keyOf: (row) => [row.created_at, row.id],
      present: (row) => present(row, orgActor, baseUrl),
    });
  },

  createTranslation: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageTranslations', null);
      const row: TranslationSettingsTable = {
        id: newId(),
        organization_id: params.organizationId,
        title: checkTitle(body.title),
        languages: checkLanguages(body.languages ?? []),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await insertSettings(tx, now, row, actor.userId);
      return present(row, orgActor, baseUrl);
    });
  },

  getTranslation: async ({ params, actor, services: { store }, baseUrl }) => {
    const { actor: orgActor } = await loadOrgAccessIn(store, params.organizationId, actor.userId);
    authorize(orgActor, 'organization.viewTranslations', null);
    const row = await loadSettings(store, params.organizationId, params.translationSettingsId);
    return present(row, orgActor, baseUrl);
  },

  updateTranslation: async ({ params, body, actor, services: { store, clock }, baseUrl }) => {
    const now = clock.now();
    return store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageTranslations', null);
      const title = checkTitle(body.title);
      const languages = body.languages === undefined ? undefined : checkLanguages(body.languages);
      const current = await loadSettings(tx, params.organizationId, params.translationSettingsId);
      const row: TranslationSettingsTable = {
        ...current,
        title,
        languages: languages ?? current.languages,
        updated_at: now.toISOString(),
      };
      await updateSettings(tx, now, row, actor.userId);
      return present(row, orgActor, baseUrl);
    });
  },

  deleteTranslation: async ({ params, actor, services: { store, clock } }) => {
    await store.transaction(async (tx) => {
      const { actor: orgActor } = await loadOrgAccessIn(tx, params.organizationId, actor.userId);
      authorize(orgActor, 'organization.manageTranslations', null);
      const row = await loadSettings(tx, params.organizationId, params.translationSettingsId);
      await deleteSettings(tx, clock.now(), row, actor.userId);
    });
    return undefined;
  },
} satisfies Handlers;
