/** Entry point of the renderer. */
// First: the query client, and the first location's reads sent before the rest of the bundle is evaluated.
import { queryClient } from './startReads.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startFirstReads } from './queries/firstReads.ts';
import { createAppRouter } from './router/router.tsx';
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
// In the task after this one: sent from here, the first reads held the document's scripts up (DOMContentLoaded).
// Then the first location is loaded (its loaders' reads sent, its screen's chunk fetched: `router/lazyScreen.ts`)
// before the first render: a screen still loading would suspend that render, and React holds a revealed Suspense
// boundary back until 300 ms after its fallback showed (its throttle), which cost the first screen about 300 ms.
setTimeout(() => {
  startFirstReads(queryClient, window.location.hash);
  void router
    .load()
    .catch((error: unknown) => console.error(error))
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
}, 0);
