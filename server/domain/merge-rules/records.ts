/** Reading the merge rules of organizations and spaces (every query of the merge-rules domain that reads). */
import { NO_MERGE_RULES, type MergeRules } from '../../../shared/contract/resources/mergeRules.ts';
import { builder, type Database } from '../../storage/database.ts';

/** The rules that apply somewhere, where they come from, and who last set them. */
export interface AppliedRules {
  source: 'space' | 'organization' | 'default';
  rules: MergeRules;
  updatedAt?: string;
  updatedBy?: { user_id: string; email: string; display_name: string; photo_url: string | null };
}

function rulesRow(db: Database, organizationId: string, spaceId: string | null) {
  const base = builder
    .selectFrom('merge_rules as mr')
    .leftJoin('users as u', 'u.id', 'mr.updated_by')
    .select(['mr.rules', 'mr.updated_at', 'mr.updated_by', 'u.email', 'u.display_name', 'u.photo_url'])
    .where('mr.organization_id', '=', organizationId);
  return db.first(
    spaceId === null ? base.where('mr.space_id', 'is', null) : base.where('mr.space_id', '=', spaceId),
  );
}

function applied(
  source: 'space' | 'organization',
  row: NonNullable<ReturnType<typeof rulesRow>>,
): AppliedRules {
  // Stored by the server from validated input; the defaults fill anything an older server did not write.
  const rules = { ...NO_MERGE_RULES, ...(JSON.parse(row.rules) as Partial<MergeRules>) };
  return {
    source,
    rules,
    updatedAt: row.updated_at,
    ...(row.updated_by !== null && row.email !== null && row.display_name !== null
      ? {
          updatedBy: {
            user_id: row.updated_by,
            email: row.email,
            display_name: row.display_name,
            photo_url: row.photo_url,
          },
        }
      : {}),
  };
}

/** The organization's rules (the defaults when none are set). */
export function organizationRules(db: Database, organizationId: string): AppliedRules {
  const row = rulesRow(db, organizationId, null);
  return row === undefined ? { source: 'default', rules: NO_MERGE_RULES } : applied('organization', row);
}

/**
 * The rules of a space: its own when set (for its current organization: a space moved to another organization
 * leaves its rules behind), else its organization's.
 */
export function spaceRules(db: Database, space: { id: string; organization_id: string }): AppliedRules {
  const own = rulesRow(db, space.organization_id, space.id);
  return own === undefined ? organizationRules(db, space.organization_id) : applied('space', own);
}

/** The rules of many spaces of one organization, by space id (one query for the overrides). */
export function rulesOfSpaces(
  db: Database,
  organizationId: string,
  spaceIds: readonly string[],
): Map<string, AppliedRules> {
  const found = new Map<string, AppliedRules>();
  const unique = [...new Set(spaceIds)];
  const fallback = organizationRules(db, organizationId);
  for (const id of unique) found.set(id, fallback);
  for (let i = 0; i < unique.length; i += 500) {
    const rows = db.all(
      builder
        .selectFrom('merge_rules as mr')
        .leftJoin('users as u', 'u.id', 'mr.updated_by')
        .select([
          'mr.space_id',
          'mr.rules',
          'mr.updated_at',
          'mr.updated_by',
          'u.email',
          'u.display_name',
          'u.photo_url',
        ])
        .where('mr.organization_id', '=', organizationId)
        .where('mr.space_id', 'in', unique.slice(i, i + 500)),
    );
    for (const { space_id, ...row } of rows)
      if (space_id !== null) found.set(space_id, applied('space', row));
  }
  return found;
}
