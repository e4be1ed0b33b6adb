/**
 * Profiling aid for the `review` suite (not a benchmark: it prints no targets): loads of the Changes tab on a seed
 * kept in `<dataDir>` (two requests, seeded on the first use or with `--seed`), each in its own browser-mode launch.
 * Per load it prints the tab's marks after `review:changes-data`, every API call the page made (sent → answered →
 * body read, relative to the changes data) and the main thread's long tasks; unless `--no-trace`, it also writes a
 * Chromium trace and a CPU profile of the page to `--out` (open them in the Performance panel). `--warm` first reads
 * two bodies and a comment list of the other request through the bridge (timed): the server's routes warm. As the
 * suite does, each load starts once the Overview the app opened on has no read in flight (`settle`; `--no-settle`:
 * at once, beside the Overview's merge checks).
 *
 *   node bench/review-trace.ts /tmp/review-data [--seed] [--runs 3] [--mode normal|compat] [--no-trace] [--warm]
 *     [--no-settle] [--out /tmp/review-traces] [--cats extra,trace,categories]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchApp } from '../e2e/support/app.ts';
import { callBridge, openSession } from '../e2e/support/http.ts';
import { waitForPerformanceEntries } from './page-marks.ts';
import { seedReview, DEFAULT_REVIEW_SIZE, type ReviewSeed } from './review-seed.ts';
import { startCompatChild } from './review-ui.ts';
import { openApp, settle } from './screen-bench.ts';
import { probeLongTasks } from './ui-probes.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    seed: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'normal' },
    out: { type: 'string', default: '/tmp/review-traces' },
    trace: { type: 'boolean', default: true },
    cats: { type: 'string', default: '' },
    warm: { type: 'boolean', default: false },
    settle: { type: 'boolean', default: true },
  },
});
const dataDir = positionals[0];
if (dataDir === undefined) throw new Error('usage: node bench/review-trace.ts <dataDir> [options]');
const seedFile = join(dataDir, 'seed.json');
if (values.seed || !existsSync(seedFile)) {
  mkdirSync(dataDir, { recursive: true });
  const seed = seedReview(dataDir, { ...DEFAULT_REVIEW_SIZE, spaces: 2 });
  writeFileSync(seedFile, JSON.stringify(seed));
}
const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as ReviewSeed;
mkdirSync(values.out, { recursive: true });
const space = values.mode === 'compat' ? seed.spaces[1]! : seed.spaces[0]!;
for (let run = 0; run < Number(values.runs); run++) {
  const app = await launchApp({ dataDir, startTimeoutMs: 90_000 });
  const compat = values.mode === 'compat' ? await startCompatChild(dataDir) : undefined;
  try {
    let profileId = 'local';
    if (values.warm) {
      const session = await openSession(app.url);
      const other = seed.spaces[values.mode === 'compat' ? 0 : 1]!;
      for (const path of [
        `/v1/spaces/${other.spaceId}/change-requests/${other.changeRequestId}/content/page/${other.changedPageIds[0]}`,
        `/v1/spaces/${other.spaceId}/change-requests/${other.changeRequestId}/content/page/${other.changedPageIds[1]}`,
        `/v1/spaces/${other.spaceId}/change-requests/${other.changeRequestId}/comments`,
        `/v1/spaces/${other.spaceId}/change-requests/${other.changeRequestId}/comments`,
      ]) {
        const started = performance.now();
        const answer = await callBridge(session, 'api.request', {
          profileId: 'local',
          method: 'GET',
          path,
          query: path.endsWith('comments') ? { status: 'open', format: 'markdown' } : { format: 'markdown' },
        });
        console.log(
          '    warm',
          path.split('/').slice(-2).join('/'),
          answer.ok ? answer.value.status : answer.error.message,
          (performance.now() - started).toFixed(1),
        );
      }
    }
    if (compat !== undefined) {
      const session = await openSession(app.url);
      const added = await callBridge(session, 'profiles.add', {
        name: `compat ${run}`,
        baseUrl: compat.baseUrl,
        token: seed.token,
        sessionOnly: true,
      });
      if (!added.ok) throw new Error(added.error.message);
      profileId = added.value.id;
    }
    const { browser, context, page } = await openApp(app, { paths: '^$', row: '[data-testid="review-row"]' });
    if (values.settle) {
      const t = performance.now();
      const quiet = await settle(page);
      console.log(`  settled ${quiet ? '' : '(timed out) '}in ${(performance.now() - t).toFixed(0)} ms`);
    }
    await context.addInitScript(probeLongTasks);
    await context.addInitScript(() => {
      const g = globalThis as unknown as { fetch: typeof fetch; apiLog: string[] };
      const original = g.fetch.bind(globalThis);
      g.apiLog = [];
      g.fetch = async (input: string | URL | Request, init?: RequestInit) => {
        const started = performance.now();
        let label = String(input).split('/').pop() ?? '';
        if (typeof init?.body === 'string') {
          try {
            const body = JSON.parse(init.body) as { path?: string; query?: Record<string, unknown> };
            // `/v1/spaces/{id}` (the space) reads as `space`, `/v1/spaces/{id}/change-requests/{id}` as `space/cr`:
            // the id alone was cut before, so that the space read printed as an empty label.
            if (body.path !== undefined)
              label =
                body.path
                  .replace(/^\/v1\/(spaces|orgs)\/[^/]+/, (_whole, kind: string) => kind.slice(0, -1))
                  .replace(/change-requests\/[^/]+/, 'cr')
                  .replace(/[A-Za-z0-9]{20}/g, 'ID') +
                (body.query?.status ? `?${String(body.query.status)}` : '');
          } catch {
            // not JSON
          }
        }
        const answer = await original(input, init);
        const done = performance.now();
        void answer
          .clone()
          .text()
          .then(() =>
            g.apiLog.push(
              `${started.toFixed(0)}|${done.toFixed(0)}|${performance.now().toFixed(0)}|${label}`,
            ),
          );
        return answer;
      };
    });
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    if (values.trace) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'toplevel',
          'v8.execute',
          ...(values.cats ? values.cats.split(',') : []),
        ],
      });
    }
    const url = `${app.origin}/#/p/${profileId}/orgs/${seed.orgId}/spaces/${space.spaceId}/change-requests/${space.changeRequestId}?tab=changes`;
    await page.goto(url);
    const entries = await waitForPerformanceEntries(
      page,
      ['review:changes-data', 'review:first-diff', 'review:comments-placed', 'review:all-diffs'],
      180_000,
    );
    const count = await page.getByTestId('block-comment').count();
    const data = entries['review:changes-data']!.startTime;
    console.log(
      `  navigation → changes data ${data.toFixed(0)} ms, → first diff ${entries['review:first-diff']!.startTime.toFixed(0)} ms`,
    );
    const line = `run ${run + 1} (${values.mode}): first diff +${(entries['review:first-diff']!.startTime - data).toFixed(1)} comments +${(entries['review:comments-placed']!.startTime - entries['review:first-diff']!.startTime).toFixed(1)} (${count} block comments) all diffs ${entries['review:all-diffs']!.duration.toFixed(0)}`;
    console.log(line);
    const dbg = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('dbg:') || m.name.startsWith('review:'))
        .map((m) => `${m.name}@${m.startTime.toFixed(0)}`),
    );
    console.log(
      '   ',
      dbg
        .map((x) => {
          const [n, t] = x.split('@');
          return `${n}+${(Number(t) - data).toFixed(0)}`;
        })
        .join(' '),
    );
    await page.waitForTimeout(300);
    const apiLog = await page.evaluate(() => (globalThis as unknown as { apiLog: string[] }).apiLog);
    for (const entry of apiLog) {
      const [a, b, c, label] = entry.split('|');
      if (Number(a) > data - 3000 && Number(a) < data + 800)
        console.log(
          `      api +${(Number(a) - data).toFixed(0)} → +${(Number(b) - data).toFixed(0)} (body +${(Number(c) - data).toFixed(0)}) ${label}`,
        );
    }
    const tasks = await page.evaluate(
      () =>
        (globalThis as unknown as { longTasks?: { startTime: number; duration: number }[] }).longTasks ?? [],
    );
    console.log(
      '    long:',
      tasks
        // Every long task of the load, from the document's start: the bundle's and the first mount's come before the data.
        .filter((t) => t.startTime < data + 1500)
        .map((t) => `+${(t.startTime - data).toFixed(0)}:${t.duration.toFixed(0)}`)
        .join(' '),
    );
    if (values.trace) {
      const buffer = await browser.stopTracing();
      writeFileSync(join(values.out, `trace-${values.mode}-${run + 1}.json`), buffer);
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(
        join(values.out, `profile-${values.mode}-${run + 1}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    await browser.close();
  } finally {
    await compat?.stop();
    await app.stop();
  }
}
