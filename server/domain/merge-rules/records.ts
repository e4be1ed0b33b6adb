/**
 * Merge rules as stored (every read of the merge-rules domain): GitBook's configurations as JSON on the rows of
 * organizations (null: `{ type: 'none' }`) and spaces (null: `{ type: 'inherit' }`, the organization's apply).
 */
import type {
  MergeRule,
  MergeRulesSpaceConfiguration,
  MergeRulesStandaloneConfiguration,
} from '../../../shared/contract/resources/mergeRules.ts';
import { builder } from '../../storage/database.ts';
import type { Statements } from '../../storage/store/store.ts';

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

const organizationRules = (organizationId: string) =>
  builder.selectFrom('organizations').select('merge_rules').where('id', '=', organizationId);
const spacesRules = (spaceIds: readonly string[]) =>
  builder.selectFrom('spaces').select(['id', 'merge_rules']).where('id', 'in', spaceIds);

/** The distinct ids, 500 at a time (under SQLite's limit on bound parameters). */
export function chunksOf(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += 500) chunks.push(unique.slice(i, i + 500));
  return chunks;
}

/** The rules of each space: its own, or the organization's (`inherited`), for spaces not found too. */
function rulesBySpace(
  spaceIds: readonly string[],
  orgRules: string | null | undefined,
  rows: readonly { id: string; merge_rules?: string | null }[],
): Map<string, readonly MergeRule[]> {
  const found = new Map<string, readonly MergeRule[]>();
  const inherited = rulesOf(organizationMergeRules(orgRules));
  for (const row of rows) {
    const own = spaceMergeRules(row.merge_rules);
    found.set(row.id, own.type === 'inherit' ? inherited : rulesOf(own));
  }
  for (const id of spaceIds) if (!found.has(id)) found.set(id, inherited);
  return found;
}

/**
 * The rules that apply to each of some spaces of one organization, by space id: their own, or the organization's;
 * read through a store or a transaction.
 */
export async function rulesOfSpacesIn(
  on: Statements,
  organizationId: string,
  spaceIds: readonly string[],
): Promise<Map<string, readonly MergeRule[]>> {
  const org = await on.first(organizationRules(organizationId));
  const rows = [];
  for (const chunk of chunksOf(spaceIds)) rows.push(...(await on.all(spacesRules(chunk))));
  return rulesBySpace(spaceIds, org?.merge_rules, rows);
}
