/**
 * Merge rules as stored (every read of the merge-rules domain): GitBook's configurations as JSON on the rows of
 * organizations (null: `{ type: 'none' }`) and spaces (null: `{ type: 'inherit' }`, the organization's apply).
 */
import type {
  MergeRule,
  MergeRulesSpaceConfiguration,
  MergeRulesStandaloneConfiguration,
} from '../../../shared/contract/resources/mergeRules.ts';
import { builder, type Database } from '../../storage/database.ts';

const NONE: MergeRulesStandaloneConfiguration = { type: 'none' };
const INHERIT: MergeRulesSpaceConfiguration = { type: 'inherit' };

/** An organization's configuration, from its row's `merge_rules`. */
export function organizationMergeRules(stored: string | null | undefined): MergeRulesStandaloneConfiguration {
  // Written by the server from validated input only.
  return stored === null || stored === undefined
    ? NONE
    : (JSON.parse(stored) as MergeRulesStandaloneConfiguration);
}

/** A space's configuration, from its row's `merge_rules`. */
export function spaceMergeRules(stored: string | null | undefined): MergeRulesSpaceConfiguration {
  return stored === null || stored === undefined
    ? INHERIT
    : (JSON.parse(stored) as MergeRulesStandaloneConfiguration);
}

/** The column value that stores a configuration (null for the defaults). */
export function storedMergeRules(
  configuration: MergeRulesSpaceConfiguration,
  scope: 'organization' | 'space',
): string | null {
  if (configuration.type === 'inherit' || (scope === 'organization' && configuration.type === 'none'))
    return null;
  return JSON.stringify(configuration);
}

/** The rules a configuration asks (none for `none`). */
export function rulesOf(configuration: MergeRulesStandaloneConfiguration): readonly MergeRule[] {
  return configuration.type === 'rules' ? configuration.rules : [];
}

/** The rules that apply to each of some spaces of one organization, by space id: their own, or the organization's. */
export function rulesOfSpaces(
  db: Database,
  organizationId: string,
  spaceIds: readonly string[],
): Map<string, readonly MergeRule[]> {
  const found = new Map<string, readonly MergeRule[]>();
  const org = db.first(
    builder.selectFrom('organizations').select('merge_rules').where('id', '=', organizationId),
  );
  const inherited = rulesOf(organizationMergeRules(org?.merge_rules));
  const unique = [...new Set(spaceIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = db.all(
      builder
        .selectFrom('spaces')
        .select(['id', 'merge_rules'])
        .where('id', 'in', unique.slice(i, i + 500)),
    );
    for (const row of rows) {
      const own = spaceMergeRules(row.merge_rules);
      found.set(row.id, own.type === 'inherit' ? inherited : rulesOf(own));
    }
  }
  for (const id of unique) if (!found.has(id)) found.set(id, inherited);
  return found;
}
