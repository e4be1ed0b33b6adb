/** Vitest global setup for the end-to-end tests: a fresh renderer build, so specs never test a stale one. */
import { buildRenderer } from './renderer-build.ts';

/** Builds out/renderer once before the end-to-end files run. */
export default async function setup(): Promise<void> {
  await buildRenderer();
}
