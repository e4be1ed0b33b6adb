/**
 * The libraries the app's start needs (React DOM, the router), imported by the entry point before `start.tsx`: the
 * evaluation of the app's code is two tasks (these libraries and the code shared with the screens, then the app's
 * own modules) instead of one of 60–90 ms. Exported so that the bundler keeps them in this import's chunks.
 */
export { createRoot } from 'react-dom/client';
export { RouterProvider } from '@tanstack/react-router';
