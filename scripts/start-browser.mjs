// `npm run start:browser` in one Node process: the Node check, the renderer's up-to-date check (and its build when
// the sources changed), then browser mode (electron/main/browser.ts, same arguments). They were three processes,
// each paying Node's start; and browser mode's modules are type-stripped and compiled at every start unless Node's
// compile cache is on. It is, here, in the checkout's own node_modules/.cache (never a shared temporary folder,
// which another user could write code into). Plain JavaScript that Node 20 can parse, so the check can say its line.
import './check-node.mjs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRenderer } from './build-renderer.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const status = ensureRenderer();
if (status !== 0) process.exit(status);
nodeModule.enableCompileCache?.(join(root, 'node_modules', '.cache', 'node-compile-cache'));
await import('../electron/main/browser.ts');
