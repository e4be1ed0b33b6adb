/** Reading translation settings: the queries of the translation handlers. */
import { notFound } from '../../errors.ts';
import type { Database } from '../../storage/database.ts';
import type { TranslationSettingsTable } from '../../storage/schema.ts';

/** The translation settings of an organization (for a keyset list). */
export function settingsQuery(db: Database, organizationId: string) {
  return db.q.selectFrom('translation_settings').selectAll().where('organization_id', '=', organizationId);
}

export function loadSettings(db: Database, organizationId: string, id: string): TranslationSettingsTable {
  const row = db.first(
    db.q
      .selectFrom('translation_settings')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', id),
  );
  if (!row) throw notFound(`no translation settings with id \`${id}\` in this organization`);
  return row;
}
