/** Accessibility: axe finds no serious or critical violation on any screen, in the light and the dark theme. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';
import { useScreens } from './support/screens.ts';

/** Serious and critical violations, one line each: rule, impact, and the elements it names. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
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

describe('every screen is usable with assistive technology', () => {
  const session = useRig();
  const screens = useScreens(session);

  for (const scheme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      it(`${screen.name} (${scheme})`, async () => {
        await session.tab.page.emulateMedia({ colorScheme: scheme });
        const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
        await screen.visit(app);
        const violations = await seriousViolations(session.tab.page);
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  }
});
