/** Entry point of the renderer. */
// First: the query client, and the first reads sent before the rest of the bundle is evaluated.
import { firstReads, queryClient } from './startReads.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createAppRouter } from './router/router.tsx';
import { startOrg } from './screens/home/startOrg.ts';
import { initTheme } from './theme/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './ui/ui.css';
import './ui/overlays.css';
import './styles/layout.css';
import './styles/screens.css';

initTheme();
const router = createAppRouter(queryClient);
const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element.');
/**
 * How long a start on `/` waits for the profiles and organizations (sent by `startReads.ts`, usually answered while the
 * bundle evaluates) before drawing `/` and its loading screen instead, to redirect once they are in.
 */
const HOME_READS_WAIT_MS = 80;

/** `firstReads` settled, or `HOME_READS_WAIT_MS` passed. */
function homeReads(): Promise<void> {
  return Promise.race([firstReads, new Promise<void>((resolve) => setTimeout(resolve, HOME_READS_WAIT_MS))]);
}

// In the task after this one, the first location is loaded (its loaders' reads sent, its screen's chunk fetched:
// `router/lazyScreen.ts`) before the first render: a screen still loading would suspend that render, and React holds a
// revealed Suspense boundary back until 300 ms after its fallback showed (its throttle), which cost the first screen
// about 300 ms. On `/` with the profiles and organizations read, the location is first made the organization `/`
// opens (`startOrg`): the first render draws its overview, instead of `/`'s loading screen, then the redirect, a second
// load and a second render of the whole frame (about 130 ms of the main thread on the way to the overview).
setTimeout(() => {
  const atHome = router.history.location.pathname === '/';
  const startHref = window.location.href;
  void (atHome ? homeReads() : Promise.resolve())
    .then(() => {
      // An address opened during the wait (a deep link handed over by the desktop app) is kept.
      const opening = atHome && window.location.href === startHref ? startOrg(queryClient) : undefined;
      if (opening !== undefined)
        router.history.replace(
          router.buildLocation({ to: '/p/$profileId/orgs/$orgId', params: opening }).href,
        );
      return router.load();
    })
    .catch((error: unknown) => console.error(error))
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
}, 0);
