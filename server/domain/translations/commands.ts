/**
 * Writing translation settings, each change with its event. The handlers run them through their transaction (`tx`),
 * after the checks that read in it (translations/records.ts).
 */
import type { TranslationSettingsTable } from '../../storage/schema.ts';
import type { Transaction } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';

export async function insertSettings(
  tx: Transaction,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): Promise<void> {
  await tx.run(tx.q.insertInto('translation_settings').values(row));
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.created',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title, languages: JSON.parse(row.languages) as unknown },
  });
}

/** Writes the title, the languages and `updated_at` of `row`. */
export async function updateSettings(
  tx: Transaction,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): Promise<void> {
  await tx.run(
    tx.q
      .updateTable('translation_settings')
      .set({ title: row.title, languages: row.languages, updated_at: row.updated_at })
      .where('id', '=', row.id),
  );
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.updated',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title, languages: JSON.parse(row.languages) as unknown },
  });
}

export async function deleteSettings(
  tx: Transaction,
  now: Date,
  row: TranslationSettingsTable,
  actorId: string,
): Promise<void> {
  await tx.run(tx.q.deleteFrom('translation_settings').where('id', '=', row.id));
  await recordEventIn(tx, now, {
    organizationId: row.organization_id,
    actorId,
    action: 'translation-settings.deleted',
    subjectType: 'translation-settings',
    subjectId: row.id,
    data: { title: row.title },
  });
}
