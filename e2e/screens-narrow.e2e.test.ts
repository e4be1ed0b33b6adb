/**
 * The layout holds at 1024×700, the narrowest size the app supports: on every screen the document does not scroll
 * (the panes do) and a change's diff keeps a column of at least 420 px; each screen is saved as a screenshot in both
 * colour schemes (`test-results/screens/<screen>-1024x700-<scheme>.png`), to be looked at. The same checks at
 * 1440×900 are in `screens-wide.e2e.test.ts`, on the visit its accessibility checks use.
 */
import { describe, it } from 'vitest';
import { checkLayout, NARROW } from './support/layout-check.ts';
import { useRig } from './support/rig.ts';
import { useScreenVisits } from './support/screen-visits.ts';
import { useScreens } from './support/screens.ts';

describe(`the layout holds at ${NARROW.width}×${NARROW.height}`, () => {
  const session = useRig({ tabPerTest: false });
  const screens = useScreens(session);
  const visit = useScreenVisits(session);

  for (const screen of screens) {
    // A hang guard, not a measure: the app opened (first visit), a visit and two screenshots take seconds under load.
    it(`${screen.name} at ${NARROW.width}×${NARROW.height}`, { timeout: 90_000 }, async () => {
      await checkLayout(await visit(screen, NARROW), screen, NARROW);
    });
  }
});
