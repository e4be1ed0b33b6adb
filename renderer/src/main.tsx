/**
 * Entry point of the renderer: a small first chunk. It sends the first reads (`startReads.ts`), applies the theme and
 * the styles, then loads the app (`start.tsx`: React, the router, the frame and the screens' shared code, about 85%
 * of the code the first screen needs) as a chunk of its own, which the page asked for with this one (a module
 * preload in index.html, `renderer/vite.config.ts`). The reads thus leave once this chunk is evaluated (about 90 KB),
 * instead of after the whole bundle is downloaded and compiled, and the bundle's evaluation is three tasks instead of
 * one of 65–110 ms (a long task: the page does not answer meanwhile).
 */
import './startReads.ts';
import { initTheme } from './theme/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './ui/ui.css';
import './ui/overlays.css';
import './styles/layout.css';
import './styles/screens.css';

initTheme();
// The libraries first, then the app: each evaluated in a task of its own (`startLibraries.ts`).
import('./startLibraries.ts')
  .then(() => import('./start.tsx'))
  .catch((error: unknown) => console.error(error));
