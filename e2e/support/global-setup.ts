/** Vitest global setup for the end-to-end tests: a fresh renderer build, so specs never test a stale one. */
import { buildRenderer } from './renderer-build.ts';

/** Both end-to-end projects (e2e, e2e-paced) name this setup; the build happens once per run (kept on globalThis,
 * since each project may load this module afresh). */
const BUILT = Symbol.for('docs-admin.e2e.renderer-built');
type WithBuild = typeof globalThis & { [BUILT]?: Promise<void> };

/** Builds out/renderer once before the end-to-end files run. */
export default async function setup(): Promise<void> {
  const scope = globalThis as WithBuild;
  scope[BUILT] ??= buildRenderer();
  await scope[BUILT];
}
