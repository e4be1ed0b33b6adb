/**
 * CPU profiles of the page's main thread for the screen suites (`--cpu-prof <dir>`): what a figure that misses its
 * target spends its time on. The profile is V8's sampling profiler over Chrome DevTools Protocol, the same data as
 * the Performance panel's JS; open the file in DevTools, or print its top frames with
 * `node bench/cpu-profile-top.ts <file>`. Beside it, a Chromium trace of the same span (`<name>.trace.json`) splits
 * what the profile lumps into "(program)", the browser's own work (style, layout, paint): `node bench/trace-top.ts
 * <file>`. The figures of a profiled run include the profilers' overhead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Sampling interval, in microseconds: fine enough for tasks of a few milliseconds. */
const SAMPLING_US = 250;

/** What the Performance panel records: the main thread's tasks, style, layout, paint, script, and the page's marks. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
];

/**
 * Runs `run`; when `dir` is set, with the page's CPU profiler on, writing `<dir>/<name>.cpuprofile` after it (also
 * when it fails, since a failing step is worth a look too).
 */
export async function profiled<T>(
  page: Page,
  dir: string | undefined,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  if (dir === undefined) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await cdp.send('Profiler.start');
  const browser = page.context().browser();
  await browser?.startTracing(page, { categories: TRACE_CATEGORIES });
  try {
    return await run();
  } finally {
    const trace = await browser?.stopTracing();
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    if (trace !== undefined) writeFileSync(join(dir, `${name}.trace.json`), trace);
    console.log(`CPU profile of the page: ${file}${trace === undefined ? '' : ' (and its trace beside it)'}`);
    await cdp.detach();
  }
}

/** When profiling, the renderer build the suite makes writes source maps too (renderer/vite.config.ts). */
export function sourceMapsWhenProfiling(dir: string | undefined): void {
  if (dir !== undefined) process.env['RENDERER_SOURCEMAP'] = 'hidden';
}
