/**
 * Reading translation settings: the queries of the translation handlers, through the store or, for the reads a
 * write depends on, through the write's transaction (`Statements`).
 */
import { notFound } from '../../errors.ts';
import { builder } from '../../storage/database.ts';
import type { TranslationSettingsTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';

/** The translation settings of an organization (for a keyset list). */
export function settingsQuery(organizationId: string) {
  return builder.selectFrom('translation_settings').selectAll().where('organization_id', '=', organizationId);
}

export async function loadSettings(
  on: Statements,
  organizationId: string,
  id: string,
): Promise<TranslationSettingsTable> {
  const row = await on.first(
    on.q
      .selectFrom('translation_settings')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', id),
  );
  if (!row) throw notFound(`no translation settings with id \`${id}\` in this organization`);
  return row;
}
