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

/**
 * In place of the app when its code could not be loaded (a chunk missing, refused or cut off): a message and a way
 * to try again, where the window would otherwise stay blank. Plain DOM: React is in the chunks that failed.
 */
function showLoadFailure(error: unknown): void {
  console.error(error);
  const root = document.getElementById('root');
  if (root === null) return;
  const box = document.createElement('div');
  box.className = 'load-failure';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Docs Admin could not start';
  const text = document.createElement('p');
  text.textContent = 'Part of the app could not be loaded. Reload the window to try again.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  box.append(title, text, reload);
  root.replaceChildren(box);
  reload.focus();
}

initTheme();
// The libraries first, then the app: each evaluated in a task of its own (`startLibraries.ts`).
import('./startLibraries.ts').then(() => import('./start.tsx')).catch(showLoadFailure);
