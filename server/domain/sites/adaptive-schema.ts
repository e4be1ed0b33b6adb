/**
 * Handlers of a site's adaptive schema (read, replace): the claims its conditions may read. A schema's claim names
 * must be identifiers, and a new schema may not drop a claim that a condition of the site still reads: the
 * conditions are read in the replacing transaction, with the caller's standing and the site.
 */
import { checkCondition } from '../../../shared/conditions.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import type { SitesTable } from '../../storage/schema.ts';
import type { Statements } from '../../storage/store/store.ts';
import { recordEventIn } from '../events.ts';
import { loadSiteAccessIn } from './access.ts';
import { adaptiveSchemaOf, claimsOfSchema, type AdaptiveJSONSchema } from './adaptive.ts';
import { siteEvent } from './records.ts';

/** Names a claim can have: a condition reads it as `visitor.claims.<name>`, so it must be an identifier. */
const CLAIM_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Refuses a schema that removes a claim a condition of the site still reads: answers 409 naming the claim and
 * where it is used, so that no section or site space is left with a condition the schema does not declare.
 */
async function ensureClaimsStillDeclared(
  tx: Statements,
  site: SitesTable,
  schema: AdaptiveJSONSchema,
): Promise<void> {
  const declared = claimsOfSchema(schema);
  const sections = await tx.all(
    tx.q
      .selectFrom('site_sections')
      .select(['id', 'title', 'condition'])
      .where('site_id', '=', site.id)
      .where('condition', 'is not', null),
  );
  for (const section of sections) {
    const missing = missingClaim(section.condition!, declared);
    if (missing !== undefined)
      throw conflict(
        `body field \`jsonSchema\`: the claim \`${missing}\` is used by the condition of the section \`${section.title}\` (${section.id})`,
      );
  }
  const siteSpaces = await tx.all(
    tx.q
      .selectFrom('site_spaces as ss')
      .innerJoin('spaces as s', 's.id', 'ss.space_id')
      .select(['ss.id', 'ss.path', 'ss.condition', 's.title'])
      .where('ss.site_id', '=', site.id)
      .where('ss.condition', 'is not', null),
  );
  for (const siteSpace of siteSpaces) {
    const missing = missingClaim(siteSpace.condition!, declared);
    if (missing !== undefined)
      throw conflict(
        `body field \`jsonSchema\`: the claim \`${missing}\` is used by the condition of the site space \`${siteSpace.title}\` at \`${siteSpace.path}\` (${siteSpace.id})`,
      );
  }
}

function missingClaim(condition: string, declared: Set<string>): string | undefined {
  const check = checkCondition(condition);
  return check.ok ? check.claims.find((claim) => !declared.has(claim)) : undefined;
}

/** What the contract's shape cannot say about a schema: claim names must be readable by conditions. */
function ensureClaimNames(schema: AdaptiveJSONSchema): void {
  for (const [name, value] of Object.entries(schema.properties)) {
    if (!CLAIM_NAME.test(name))
      throw badRequest(
        `body field \`jsonSchema.properties.${name}\`: a claim name is letters, digits, \`_\` and \`$\`, not starting with a digit`,
      );
    if (name === 'unsigned' && value && 'properties' in value) {
      for (const inner of Object.keys(value.properties)) {
        if (!CLAIM_NAME.test(inner))
          throw badRequest(
            `body field \`jsonSchema.properties.unsigned.properties.${inner}\`: a claim name is letters, digits, \`_\` and \`$\`, not starting with a digit`,
          );
      }
    }
  }
}

export const siteAdaptiveSchemaHandlers = {
  getSiteAdaptiveSchema: async ({ params, actor, services: { store } }) => {
    const { site } = await loadSiteAccessIn(
      store,
      params.organizationId,
      params.siteId,
      actor.userId,
      'site.view',
    );
    return { object: 'site-adaptive-schema', jsonSchema: adaptiveSchemaOf(site), updatedAt: site.updated_at };
  },

  updateSiteAdaptiveSchema: async ({ params, body, actor, services: { store, clock } }) => {
    const schema = body.jsonSchema;
    const now = clock.now();
    await store.transaction(async (tx) => {
      const { site } = await loadSiteAccessIn(
        tx,
        params.organizationId,
        params.siteId,
        actor.userId,
        'site.admin',
      );
      ensureClaimNames(schema);
      await ensureClaimsStillDeclared(tx, site, schema);
      await tx.run(
        tx.q
          .updateTable('sites')
          .set({ adaptive_schema: JSON.stringify(schema), updated_at: now.toISOString() })
          .where('id', '=', site.id),
      );
      await recordEventIn(
        tx,
        now,
        siteEvent(site, actor.userId, 'site.adaptive-schema.updated', {
          claims: [...claimsOfSchema(schema)],
        }),
      );
    });
    return { object: 'site-adaptive-schema', jsonSchema: schema, updatedAt: now.toISOString() };
  },
} satisfies Handlers;
