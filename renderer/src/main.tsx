/** Entry point of the renderer. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient } from './queries/client.ts';
import { startFirstReads } from './queries/firstReads.ts';
import { initTheme } from './theme/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './ui/ui.css';
import './ui/overlays.css';
import './styles/layout.css';
import './styles/screens.css';

initTheme();
const queryClient = createQueryClient();
// In the task after this one: sent from here, they held the document's scripts up (DOMContentLoaded) for longer
// than React's first render, which they now overlap.
setTimeout(() => startFirstReads(queryClient, window.location.hash), 0);

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
