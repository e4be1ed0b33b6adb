/**
 * Writing translation settings, each change with its event. The handlers run them inside their transaction, after
 * the checks that read (translations/records.ts).
 */
import type { Database } from '../../storage/database.ts';
import type { TranslationSettingsTable } from '../../storage/schema.ts';
import { recordEvent } from '../events.ts';

export function insertSettings(
  db: Database,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): void {
  db.run(db.q.insertInto('translation_settings').values(row));
  recordEvent(db, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.created',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title, languages: JSON.parse(row.languages) as unknown },
  });
}

/** Writes the title, the languages and `updated_at` of `row`. */
export function updateSettings(
  db: Database,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): void {
  db.run(
    db.q
      .updateTable('translation_settings')
      .set({ title: row.title, languages: row.languages, updated_at: row.updated_at })
      .where('id', '=', row.id),
  );
  recordEvent(db, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.updated',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title, languages: JSON.parse(row.languages) as unknown },
  });
}

export function deleteSettings(
  db: Database,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): void {
  db.run(db.q.deleteFrom('translation_settings').where('id', '=', row.id));
  recordEvent(db, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.deleted',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title },
  });
}
