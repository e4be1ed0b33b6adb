/** axe-core in a page: the serious and critical WCAG 2.1 A/AA violations, one line each (rule, help, first nodes). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The timeout of a test that runs axe several times (each run walks the whole DOM; a loaded 2-core machine takes
 * seconds per run): a guard against a hang, not a measure of speed.
 */
export const AXE_TIMEOUT = 120_000;

/**
 * The rules of those tags whose result can change with the colour scheme alone: the app's theme is CSS colours
 * (`light-dark()` on the OS scheme; no script reads the scheme), so every other rule sees the same DOM, roles, names
 * and boxes in both schemes. A page audited in full in one scheme needs only these in the other.
 */
export const SCHEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations on the page, or inside `include` (a CSS selector) when given; of the rules
 * named in `rules` only (all of them WCAG 2.1 A/AA) when given.
 */
export async function seriousViolations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  // Only the violations are read here: axe still runs every rule on every node, but builds the selectors and HTML
  // of one node per rule for the other result types (passes, incomplete, inapplicable) instead of all of them, which
  // were most of what the page serialized and the test process parsed (axe's `resultTypes` option). Set first:
  // `options()` replaces what `withTags`/`withRules` set.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  builder =
    rules === undefined
      ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      : builder.withRules(rules);
  if (include !== undefined) builder = builder.include(include);
  // A page without frames is audited by axe.run in the page itself: the same rules on the same nodes, without the
  // blank page that axe's runPartial/finishRun path opens to join the results of cross-origin frames (half the time:
  // the members screen 2.1 s instead of 4.5–6.9 s, other screens 0.8–0.9 s instead of 1.6–1.7 s, same results).
  // A page with a frame keeps that path, which audits cross-origin frames too.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
