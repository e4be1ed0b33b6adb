/** The adaptive schema of a site: the claims it declares, and conditions that may only read those. */
import { checkCondition } from '../../../shared/conditions.ts';
import type { Static } from '@sinclair/typebox';
import type { SiteAdaptiveJSONSchema } from '../../../shared/contract/resources/sites.ts';
import { badRequest } from '../../errors.ts';
import type { SitesTable } from '../../storage/schema.ts';

export type AdaptiveJSONSchema = Static<typeof SiteAdaptiveJSONSchema>;

/** What a site without a stored schema answers: an object that declares no claim. */
export function emptyAdaptiveSchema(): AdaptiveJSONSchema {
  return { type: 'object', properties: {}, additionalProperties: false };
}

/** The stored schema of a site, or the empty one. */
export function adaptiveSchemaOf(site: Pick<SitesTable, 'adaptive_schema'>): AdaptiveJSONSchema {
  if (site.adaptive_schema === null) return emptyAdaptiveSchema();
  return JSON.parse(site.adaptive_schema) as AdaptiveJSONSchema;
}

/** The claims a schema declares: its top-level properties, and `unsigned.<name>` for the `unsigned` object's. */
export function claimsOfSchema(schema: AdaptiveJSONSchema): Set<string> {
  const claims = new Set<string>();
  for (const [name, value] of Object.entries(schema.properties)) {
    if (name === 'unsigned' && value && 'properties' in value) {
      for (const inner of Object.keys(value.properties)) claims.add(`unsigned.${inner}`);
    } else {
      claims.add(name);
    }
  }
  return claims;
}

/** The claims the site's adaptive schema declares. */
export function declaredClaims(site: Pick<SitesTable, 'adaptive_schema'>): Set<string> {
  return claimsOfSchema(adaptiveSchemaOf(site));
}

/**
 * Throws a 400 naming `field` when the condition does not parse or reads a claim the site's schema does not
 * declare.
 */
export function ensureConditionAllowed(
  site: Pick<SitesTable, 'adaptive_schema'>,
  condition: string,
  field: string,
): void {
  const check = checkCondition(condition);
  if (!check.ok) throw badRequest(`body field \`${field}\`: ${check.message}`);
  const declared = declaredClaims(site);
  for (const claim of check.claims) {
    if (!declared.has(claim)) {
      throw badRequest(
        `body field \`${field}\`: the claim \`${claim}\` is not declared in the site's adaptive schema`,
      );
    }
  }
}
