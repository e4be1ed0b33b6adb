/**
 * Every screen at 1440×900, visited once for three checks: its layout holds (the document does not scroll, a change's
 * diff keeps a readable column; saved as screenshots in both schemes), and axe finds no serious or critical
 * violation in the light theme (every WCAG 2.1 A/AA rule) and in the dark theme (the rules a colour can change: the
 * rest answer the same on the same page). The 1024×700 layout is `screens-narrow.e2e.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { AXE_TIMEOUT, SCHEME_RULES, seriousViolations } from './support/axe.ts';
import { checkLayout } from './support/layout-check.ts';
import { useRig, WIDE } from './support/rig.ts';
import { showScheme, useScreenVisits } from './support/screen-visits.ts';
import { useScreens } from './support/screens.ts';

describe('every screen at 1440×900 holds its layout and is usable with assistive technology', () => {
  const session = useRig({ tabPerTest: false });
  const screens = useScreens(session);
  // Each screen is visited once for its three tests: the theme is CSS alone (light-dark() on the OS scheme), so the
  // themes' tests switch the scheme of the page the layout test measured, once the switch's transitions have ended.
  // A failed test drops the page, and the next test visits the screen afresh.
  const visit = useScreenVisits(session);

  for (const screen of screens) {
    // A hang guard, not a measure: the app opened (first visit), a visit and two screenshots take seconds under load.
    it(`${screen.name} at ${WIDE.width}×${WIDE.height}`, { timeout: 90_000 }, async () => {
      await checkLayout(await visit(screen), screen, WIDE);
    });
    for (const scheme of ['light', 'dark'] as const) {
      // A hang guard, not a measure: at a load of 10 on 2 cores, one screen's reload, visit and axe run took 34 s.
      it(`${screen.name} (${scheme})`, { timeout: AXE_TIMEOUT }, async () => {
        const page = await visit(screen);
        await showScheme(page, scheme);
        // The light test audits every rule; the dark one the rules a colour can change (SCHEME_RULES): the DOM
        // both audit is the same page, and the rest of the rules answer the same on it in either scheme.
        const violations = await seriousViolations(
          page,
          undefined,
          scheme === 'light' ? undefined : SCHEME_RULES,
        );
        expect(violations, violations.join('\n')).toEqual([]);
      });
    }
  }
});
