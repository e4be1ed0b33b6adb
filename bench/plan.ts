/**
 * The `plan` suite's plan half (issue 19, acceptance 3): on an organization of 10,000 members, 500 teams of about
 * 20 and 2,000 spaces in about 200 collections, built in memory (no server), the time to read an edited file
 * (`parseOrgFile`: YAML, schema, cross-checks) and plan it (`planOrgFile`), against a target of 2 s; and the time of
 * the export's YAML (`orgFileYaml`). `runPlanHalf` answers the figures so that a second part (the apply against the
 * GitBook-compatible server, bench/plan-apply.ts) can run after it under the same suite.
 */
import { runPlanApplyBench } from './plan-apply.ts';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { exportOrgFile, orgFileYaml } from '../shared/orgfile/export.ts';
import { parseOrgFile } from '../shared/orgfile/parse.ts';
import { planOrgFile } from '../shared/orgfile/plan.ts';
import { positiveInteger } from './options.ts';
import { median, table } from './report.ts';
import { editPlanFile, planSnapshot, type PlanSeedSize } from './plan-seed.ts';

export const PLAN_TARGET_MS = 2000;

export interface PlanRun {
  parseMs: number;
  planMs: number;
  /** parse + plan: the figure the target is for. */
  totalMs: number;
  exportMs: number;
  steps: number;
}

export interface PlanHalf {
  size: PlanSeedSize;
  edits: number;
  fileBytes: number;
  runs: PlanRun[];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Builds the organization and the edited file once, then times `runs` reads and plans (and exports). */
export function runPlanHalf(size: PlanSeedSize, runs: number): PlanHalf {
  const live = planSnapshot(size);
  const file = structuredClone(exportOrgFile(live).file);
  const edits = editPlanFile(file);
  const text = orgFileYaml(file);
  const results: PlanRun[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const read = parseOrgFile(text);
    const parsed = performance.now();
    if (!read.ok) throw new Error(`the edited file does not read: ${read.problems.slice(0, 3).join('; ')}`);
    const plan = planOrgFile(read.file, live);
    const planned = performance.now();
    const exportStart = performance.now();
    orgFileYaml(exportOrgFile(live).file);
    const exported = performance.now();
    results.push({
      parseMs: parsed - start,
      planMs: planned - parsed,
      totalMs: planned - start,
      exportMs: exported - exportStart,
      steps: plan.steps.length,
    });
  }
  return { size, edits, fileBytes: Buffer.byteLength(text), runs: results };
}

/** The plan half's report: each run, the median, and the target. */
export function planHalfReport(half: PlanHalf): string {
  const { size } = half;
  const worst = Math.max(...half.runs.map((run) => run.totalMs));
  return [
    `plan: ${size.members} members, ${size.teams} teams, ${size.spaces} spaces in ${size.collections} collections; ` +
      `${half.edits} edits, a file of ${(half.fileBytes / 1024).toFixed(0)} KiB, ${half.runs[0]?.steps ?? 0} steps`,
    table(
      ['run', 'parseOrgFile', 'planOrgFile', 'parse + plan', 'export (orgFileYaml)'],
      half.runs.map((run, index) => [
        String(index + 1),
        ms(run.parseMs),
        ms(run.planMs),
        ms(run.totalMs),
        ms(run.exportMs),
      ]),
    ),
    `median parse + plan ${ms(median(half.runs.map((run) => run.totalMs)))}, ` +
      `median export ${ms(median(half.runs.map((run) => run.exportMs)))}`,
    `target: parse + plan < ${PLAN_TARGET_MS} ms in every run (slowest ${ms(worst)}): ` +
      `${worst < PLAN_TARGET_MS ? 'met' : 'not met'}`,
  ].join('\n');
}

export async function runPlanBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      members: { type: 'string', default: '10000' },
      teams: { type: 'string', default: '500' },
      collections: { type: 'string', default: '200' },
      spaces: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      // The apply half (bench/plan-apply.ts): 1,000 steps at GitBook's 60 requests a minute take ~17 minutes.
      'apply-steps': { type: 'string', default: '1000' },
      'apply-window': { type: 'string', default: '60' },
      'skip-apply': { type: 'boolean', default: false },
    },
  });
  const size = {
    members: positiveInteger('members', values.members),
    teams: positiveInteger('teams', values.teams),
    collections: positiveInteger('collections', values.collections),
    spaces: positiveInteger('spaces', values.spaces),
  };
  console.log(planHalfReport(runPlanHalf(size, positiveInteger('runs', values.runs))));
  if (values['skip-apply']) return;
  console.log('');
  await runPlanApplyBench(['--steps', values['apply-steps'], '--window', values['apply-window']]);
}
