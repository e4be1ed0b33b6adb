/** Accessibility: axe finds no serious or critical violation on any screen, in the light and the dark theme. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { useRig } from './support/rig.ts';
import { useScreens } from './support/screens.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';

describe('every screen is usable with assistive technology', () => {
  const session = useRig();
  const screens = useScreens(session);

  for (const scheme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      // A hang guard, not a measure: at a load of 10 on 2 cores, one screen's reload, visit and axe run took 34 s.
      it(`${screen.name} (${scheme})`, { timeout: AXE_TIMEOUT }, async () => {
        await session.tab.page.emulateMedia({ colorScheme: scheme });
        const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
        await screen.visit(app);
        const violations = await seriousViolations(session.tab.page);
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  }
});
