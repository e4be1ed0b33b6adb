/**
 * The `people` suite: the Members & teams screen on an organization of 10,000 more members and 500 teams, in
 * Chromium: first rows after the data arrives, search, scrolling the whole table, and drop to settled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { dragOnto } from '../e2e/pages/drag.ts';
import { launchApp, type RunningApp } from '../e2e/support/app.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildRenderer } from '../e2e/support/renderer-build.ts';
import { profiled, sourceMapsWhenProfiling } from './page-profile.ts';
import { probeDrop, probeFirstRows, probeSearch } from './people-probes.ts';
import { scrollToEnd, type ScrollFigures } from './scroll-probe.ts';
import { positiveInteger } from './options.ts';
import { waitForMarks } from './page-marks.ts';
import { seedPeople, type PeopleSeed } from './people-seed.ts';
import { peopleReport, type PeopleFigures } from './people-report.ts';

interface PeopleOptions {
  members: number;
  teams: number;
  runs: number;
  /** Pixels scrolled per frame; `undefined`: one viewport (the grid's height) per frame. */
  scrollStep: number | undefined;
  build: boolean;
  /** Directory for CPU profiles of the page (`--cpu-prof`): the drops and the scroll. */
  cpuProf: string | undefined;
}

function parseOptions(args: string[]): PeopleOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      members: { type: 'string', default: '10000' },
      teams: { type: 'string', default: '500' },
      runs: { type: 'string', default: '3' },
      'scroll-step': { type: 'string' },
      build: { type: 'boolean', default: true },
      'cpu-prof': { type: 'string' },
    },
  });
  return {
    members: positiveInteger('members', values.members),
    teams: positiveInteger('teams', values.teams),
    runs: positiveInteger('runs', values.runs),
    scrollStep:
      values['scroll-step'] === undefined ? undefined : positiveInteger('scroll-step', values['scroll-step']),
    build: values.build,
    cpuProf: values['cpu-prof'],
  };
}

/** Opens the people screen afresh (a reload), and answers data → first row in the DOM, and → painted. */
async function firstRows(page: Page, url: string): Promise<{ domMs: number; paintMs: number }> {
  await page.goto(url);
  await page.reload();
  await page.getByTestId('member-row').first().waitFor({ timeout: 30_000 });
  const marks = await waitForMarks(page, 'peopleFirstRows', 'paintedAt');
  return { domMs: marks['rowAt']! - marks['dataAt']!, paintMs: marks['paintedAt']! - marks['dataAt']! };
}

/** Types a search as a person would, and answers the time from the last keystroke to the filtered rows shown. */
async function search(page: Page, term: string, expected: number): Promise<number> {
  const box = page.getByTestId('members-search');
  await box.fill('');
  await page.getByTestId('member-row').nth(expected).waitFor();
  await page.evaluate(probeSearch, { term, expected });
  await box.click();
  await page.keyboard.type(term, { delay: 30 });
  const marks = await waitForMarks(page, 'peopleSearch', 'appliedAt');
  return marks['appliedAt']! - marks['lastInputAt']!;
}

/** Drags the `index`-th row onto the team, and answers mouse up → the team's count showing `expected`. */
async function drop(page: Page, teamTitle: string, index: number, expected: number): Promise<number> {
  const team = page.getByTestId('team-row').filter({ has: page.getByText(teamTitle, { exact: true }) });
  const teamId = await team.getAttribute('data-team-id');
  if (teamId === null) throw new Error(`the row of ${teamTitle} has no data-team-id`);
  await page.evaluate(probeDrop, { teamId, expected });
  await dragOnto(
    page,
    page.getByTestId('member-row').nth(index).getByTestId('member-drag-handle'),
    team,
    team.and(page.locator('[data-drop-active="true"]')),
  );
  const marks = await waitForMarks(page, 'peopleDrop', 'settledAt');
  return marks['settledAt']! - marks['upAt']!;
}

/** Runs every measurement against a running app seeded with `seed`. */
async function measure(app: RunningApp, seed: PeopleSeed, options: PeopleOptions): Promise<PeopleFigures> {
  const { runs } = options;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(probeFirstRows);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('sidebar').waitFor({ timeout: 30_000 });
    // The start redirects to the last organization: let it land, or it may overtake the navigation below.
    await page.waitForURL(/#\/p\/[^/]+\/orgs\/[^/]+/, { timeout: 30_000 });
    const peopleUrl = `${app.origin}/#/p/local/orgs/${seed.orgId}/people`;

    const first: { domMs: number; paintMs: number }[] = [];
    for (let run = 0; run < runs; run++) first.push(await firstRows(page, peopleUrl));

    const searches: number[] = [];
    const terms = seed.searches.filter((s) => s.matches > 0);
    if (terms.length === 0) throw new Error('seed at least 4,220 members: the searches need them');
    for (let run = 0; run < runs; run++) {
      const { term, matches } = terms[run % terms.length]!;
      searches.push(await search(page, term, matches));
    }
    const shown = terms[(runs - 1) % terms.length]!.matches;

    await page.getByTestId('teams-filter').fill(seed.emptyTeamTitle);
    await page.getByTestId('team-row').filter({ hasText: seed.emptyTeamTitle }).waitFor();
    await page.getByTestId('team-row').nth(1).waitFor({ state: 'detached' });
    const drops: number[] = [];
    // Each drop takes another of the rows the last search left (all different members, none in the team yet).
    await profiled(page, options.cpuProf, 'people-drops', async () => {
      for (let run = 0; run < Math.min(runs, shown); run++)
        drops.push(await drop(page, seed.emptyTeamTitle, run, run + 1));
    });

    await page.getByTestId('members-search').fill('');
    await page.getByTestId('member-row').nth(shown).waitFor();
    const grid = page.getByTestId('members-table').getByRole('grid');
    const step =
      options.scrollStep ??
      (await grid.evaluate((element) => (element as unknown as { clientHeight: number }).clientHeight));
    const scroll: ScrollFigures = await profiled(page, options.cpuProf, 'people-scroll', () =>
      page.evaluate(scrollToEnd, {
        container: '[data-testid="members-table"] [role="grid"]',
        step,
        limitMs: 300_000,
        rowCount: { attribute: 'aria-rowcount', minus: 1 },
      }),
    );
    await context.close();
    return { first, searches, drops, scroll, scrollStep: step, memberCount: seed.memberCount };
  } finally {
    await browser.close();
  }
}

/** Runs the suite and prints its tables; only a broken setup fails it, never a time. */
export async function runPeopleBench(args: string[]): Promise<void> {
  const options = parseOptions(args);
  sourceMapsWhenProfiling(options.cpuProf);
  if (options.build) {
    console.log('building the renderer (npx vite build --config renderer/vite.config.ts)…');
    await buildRenderer();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-people-'));
  let app: RunningApp | undefined;
  try {
    console.log(`seeding the demo, then ${options.members} members and ${options.teams} teams in Acme Docs…`);
    const seed = seedPeople(dataDir, { members: options.members, teams: options.teams });
    app = await launchApp({ dataDir });
    console.log(`measuring in Chromium (${options.runs} runs each)…`);
    const figures = await measure(app, seed, options);
    console.log(peopleReport(figures));
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
