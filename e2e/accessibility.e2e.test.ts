/** Accessibility: axe finds no serious or critical violation on any screen, in the light and the dark theme. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';

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
  let teamId: string;
  beforeAll(async () => {
    teamId = await session.rig.api.teamId(session.rig.orgId, 'Engineering');
  });

  const screens: { name: string; visit: (app: DocsAdmin) => Promise<void> }[] = [
    { name: 'organization overview', visit: async (app) => app.overview.title.waitFor() },
    { name: 'members and teams', visit: async (app) => app.members.goto() },
    {
      name: 'team detail',
      visit: async (app) => {
        await app.page.goto(
          `${new URL(app.page.url()).origin}/#/p/local/orgs/${session.rig.orgId}/teams/${teamId}`,
        );
        await app.page.getByTestId('team-member-row').first().waitFor();
      },
    },
    { name: 'invites', visit: async (app) => app.invites.goto() },
    { name: 'settings', visit: async (app) => app.settings.goto() },
    { name: 'profiles', visit: async (app) => app.profiles.goto() },
  ];

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
