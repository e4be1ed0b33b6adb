/**
 * Visitor claims: the ones a site's adaptive schema declares, a condition checked against them as the server will
 * check it, and what a visitor with given claims gets of the structure ("Preview as visitor").
 */
import type { SiteAdaptiveSchema } from '../../../../shared/contract/resources/sites.ts';
import { checkCondition, evaluateCondition } from '../../../../shared/conditions.ts';
import type { StructureData } from './model.ts';

/** A declared claim: its dotted name (`beta`, `unsigned.region`), description, and whether the visitor signs it. */
export interface DeclaredClaim {
  name: string;
  description: string;
  signed: boolean;
}

/** The claims of the schema: its properties, then `unsigned.<name>` for the `unsigned` object's properties. */
export function declaredClaims(schema: SiteAdaptiveSchema | undefined): DeclaredClaim[] {
  if (schema === undefined) return [];
  const claims: DeclaredClaim[] = [];
  const properties = schema.jsonSchema.properties;
  for (const [name, claim] of Object.entries(properties)) {
    if (name === 'unsigned' || typeof claim !== 'object' || claim === null || !('description' in claim))
      continue;
    claims.push({ name, description: String(claim.description), signed: true });
  }
  for (const [name, claim] of Object.entries(properties.unsigned?.properties ?? {})) {
    claims.push({ name: `unsigned.${name}`, description: claim.description, signed: false });
  }
  return claims;
}

/** `visitor.claims.beta` and `beta` name the same claim. */
function bareClaim(name: string): string {
  return name.replace(/^visitor\.claims\./, '');
}

/** What is wrong with a condition (parse error, or the first claim the schema does not declare), if anything. */
export function conditionProblem(text: string, declared: readonly DeclaredClaim[]): string | undefined {
  if (text.trim() === '') return undefined;
  const checked = checkCondition(text);
  // The parser's message already says where.
  if (!checked.ok) return `The condition does not parse: ${checked.message}.`;
  const names = new Set(declared.map((claim) => claim.name));
  const unknown = checked.claims.map(bareClaim).find((claim) => !names.has(claim));
  return unknown === undefined
    ? undefined
    : `The claim \`${unknown}\` is not declared in the site's adaptive schema.`;
}

/** The claims object a visitor sends, from the dotted names that are on. */
export function visitorClaims(
  on: ReadonlySet<string>,
  declared: readonly DeclaredClaim[],
): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  const unsigned: Record<string, unknown> = {};
  for (const claim of declared) {
    const value = on.has(claim.name);
    if (claim.signed) claims[claim.name] = value;
    else unsigned[claim.name.slice('unsigned.'.length)] = value;
  }
  if (declared.some((claim) => !claim.signed)) claims.unsigned = unsigned;
  return claims;
}

/** One item of the preview. */
export interface PreviewRow {
  id: string;
  kind: 'group' | 'section' | 'site-space';
  title: string;
  depth: number;
  visible: boolean;
  /** Why it is hidden. */
  reason?: string | undefined;
}

/**
 * What the visitor gets: every item, visible or hidden with the reason. A section is hidden by its condition, or
 * when none of its site spaces is visible; a group when none of its sections is.
 */
export function previewStructure(data: StructureData, claims: Record<string, unknown>): PreviewRow[] {
  const passes = (condition: string | undefined) =>
    condition === undefined || evaluateCondition(condition, claims);
  const why = (condition: string) => `its condition \`${condition}\` is false for this visitor`;
  const spaceRows = (
    spaces: readonly { id: string; title: string; condition?: string }[],
    depth: number,
    hiddenBy?: string,
  ): PreviewRow[] =>
    spaces.map((siteSpace) => {
      const own = passes(siteSpace.condition);
      return {
        id: siteSpace.id,
        kind: 'site-space',
        title: siteSpace.title,
        depth,
        visible: own && hiddenBy === undefined,
        reason: !own ? why(siteSpace.condition!) : hiddenBy,
      };
    });
  const sectionRows = (
    section: Extract<StructureData['structure'][number], { object: 'site-section' }>,
    depth: number,
  ): PreviewRow[] => {
    const own = passes(section.condition);
    const spaces = section.siteSpaces ?? [];
    const anySpace = spaces.some((siteSpace) => passes(siteSpace.condition));
    const reason = !own ? why(section.condition!) : !anySpace ? 'none of its variants is visible' : undefined;
    return [
      { id: section.id, kind: 'section', title: section.title, depth, visible: reason === undefined, reason },
      ...spaceRows(spaces, depth + 1, own ? undefined : 'its section is hidden'),
    ];
  };
  if (data.type === 'siteSpaces') return spaceRows(data.structure, 0);
  return data.structure.flatMap((item) => {
    if (item.object === 'site-section') return sectionRows(item, 0);
    const inner = (item.sections ?? []).flatMap((section) => sectionRows(section, 1));
    const anyVisible = inner.some((row) => row.kind === 'section' && row.visible);
    return [
      {
        id: item.id,
        kind: 'group' as const,
        title: item.title,
        depth: 0,
        visible: anyVisible,
        reason: anyVisible ? undefined : 'none of its sections is visible',
      },
      ...inner,
    ];
  });
}
