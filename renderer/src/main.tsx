/** Entry point of the renderer. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initTheme } from './theme/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './ui/ui.css';
import './ui/overlays.css';
import './styles/layout.css';
import './styles/screens.css';

initTheme();

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
