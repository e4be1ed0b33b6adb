/** axe-core in a page: the serious and critical WCAG 2.1 A/AA violations, one line each (rule, help, first nodes). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The timeout of a test that runs axe several times (each run walks the whole DOM; a loaded 2-core machine takes
 * seconds per run): a guard against a hang, not a measure of speed.
 */
export const AXE_TIMEOUT = 120_000;

/** The serious and critical violations on the page, or inside `include` (a CSS selector) when given. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include !== undefined) builder = builder.include(include);
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
