/** Accessibility: axe finds no serious or critical violation on any screen, in the light and the dark theme. */
import { describe, expect, it } from 'vitest';
import { useRig } from './support/rig.ts';
import { showScheme, useScreenVisits } from './support/screen-visits.ts';
import { useScreens } from './support/screens.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';

describe('every screen is usable with assistive technology', () => {
  const session = useRig({ tabPerTest: false });
  const screens = useScreens(session);
  // Each screen is visited once, for both themes: the theme is CSS alone (light-dark() on the OS scheme), so the
  // dark test switches the scheme of the page the light test audited, once the switch's transitions have ended.
  const visit = useScreenVisits(session);

  for (const screen of screens) {
    for (const scheme of ['light', 'dark'] as const) {
      // A hang guard, not a measure: at a load of 10 on 2 cores, one screen's reload, visit and axe run took 34 s.
      it(`${screen.name} (${scheme})`, { timeout: AXE_TIMEOUT }, async () => {
        const page = await visit(screen);
        await showScheme(page, scheme);
        const violations = await seriousViolations(page);
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  }
});
