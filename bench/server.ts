/** The `server` suite: the real server in a child process, under autocannon load from this process. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild, type ServerChild } from './children.ts';
import { load, probe, type LoadOptions, type Target } from './load.ts';
import { parseBenchOptions } from './options.ts';
import { anchorTable, figuresTable, targetsTable, type Measured, type Paired } from './report.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { DATABASE_FILE } from '../server/storage/database.ts';
import { checkSameAnswers } from './anchor-check.ts';
import { seedOrganization } from './seed.ts';
import { helloTarget, memberPagePaths, serverTargets } from './targets.ts';

const SIZE = { members: 10_000, teams: 500 };
const here = import.meta.dirname;

/** Checks that a target answers 2xx, once and under a short load; a broken setup throws (never a time). */
async function warmUp(target: Target, options: LoadOptions): Promise<void> {
  const { status, body } = await probe(target);
  if (status < 200 || status >= 300)
    throw new Error(`warm-up: ${target.label} answered ${status}: ${body.slice(0, 300)}`);
  const { result } = await load(target, {
    connections: options.connections,
    duration: Math.min(2, options.duration),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `warm-up: ${target.label} had ${result.non2xx} non-2xx answers and ${result.errors} errors (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
}

async function measure(target: Target, options: LoadOptions): Promise<Measured> {
  process.stdout.write(
    `measuring ${target.label} (${options.connections} connections, ${options.duration} s)…\n`,
  );
  return { label: target.label, ...(await load(target, options)) };
}

type Endpoint = keyof ReturnType<typeof serverTargets>;

/** The same endpoints on another server, labelled as the anchor's. */
function anchorTargets(targets: ReturnType<typeof serverTargets>): ReturnType<typeof serverTargets> {
  const relabel = (target: Target): Target => ({ ...target, label: `${target.label} (anchor)` });
  return { members: relabel(targets.members), team: relabel(targets.team), patch: relabel(targets.patch) };
}

/** Runs the suite: seed, start the three children, check and warm up, measure, print. */
export async function runServerBench(args: string[]): Promise<void> {
  const options = parseBenchOptions(args);
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-'));
  const children: ServerChild[] = [];
  try {
    const seedStart = performance.now();
    const seeded = seedOrganization(dataDir, SIZE);
    console.log(
      `seeded ${seeded.memberCount} members and ${seeded.teamIds.length} teams in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const profileDir = options.cpuProf === undefined ? undefined : resolve(options.cpuProf);
    const nodeFlags = [
      ...SERVER_NODE_FLAGS,
      ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ];
    const server = await startChild(join(here, 'serve-child.ts'), [dataDir], nodeFlags);
    children.push(server);
    // The anchor reads the same database file, with the same Node flags (profiled too, when asked).
    const anchor = await startChild(join(here, 'anchor-child.ts'), [join(dataDir, DATABASE_FILE)], nodeFlags);
    children.push(anchor);
    const hello = await startChild(join(here, 'hello-child.ts'));
    children.push(hello);

    const pagePaths = await memberPagePaths(server.baseUrl, seeded);
    console.log(
      `server child pid ${server.pid}, anchor child pid ${anchor.pid}; ${pagePaths.length} member pages to cycle through`,
    );
    const checks = serverTargets(server.baseUrl, seeded, pagePaths);
    for (const target of [checks.members, checks.team, checks.patch])
      await checkSameAnswers(target, server.baseUrl, anchor.baseUrl, 2);
    console.log('the anchor answers the same bodies as the server (members pages, teams, role updates)');

    const ours = serverTargets(server.baseUrl, seeded, pagePaths);
    const theirs = anchorTargets(serverTargets(anchor.baseUrl, seeded, pagePaths));
    const baseline = helloTarget(hello.baseUrl);
    const endpoints: Endpoint[] = ['members', 'team', 'patch'];
    await warmUp(baseline, options);
    for (const endpoint of endpoints) {
      await warmUp(ours[endpoint], options);
      await warmUp(theirs[endpoint], options);
    }

    const helloMeasured = await measure(baseline, options);
    const measurePair = async (endpoint: Endpoint): Promise<Paired> => ({
      ours: await measure(ours[endpoint], options),
      anchor: await measure(theirs[endpoint], options),
    });
    const pairs = {
      members: await measurePair('members'),
      team: await measurePair('team'),
      patch: await measurePair('patch'),
    };
    const peakRssMb = server.peakRssMb();
    const anchorRssMb = anchor.peakRssMb();
    const measured = endpoints.flatMap((endpoint) => [pairs[endpoint].ours, pairs[endpoint].anchor]);
    const mb = (value: number | undefined) =>
      value === undefined ? 'unknown (no /proc)' : `${value.toFixed(0)} MB`;
    console.log(`\n${figuresTable(measured, helloMeasured)}`);
    console.log(`\n${anchorTable(endpoints.map((endpoint) => pairs[endpoint]))}`);
    console.log(`\npeak RSS: server child ${mb(peakRssMb)}, anchor child ${mb(anchorRssMb)}`);
    console.log(
      `\nTargets (information only):\n${targetsTable({ ...pairs, connections: options.connections, peakRssMb })}`,
    );

    if (profileDir !== undefined) {
      await Promise.all([server.stop(), anchor.stop()]);
      // V8 names a profile CPU.<date>.<time>.<pid>.<n>.cpuprofile.
      const profileOf = (pid: number) =>
        readdirSync(profileDir)
          .filter((file) => file.endsWith('.cpuprofile') && file.includes(`.${pid}.`))
          .join(', ');
      console.log(
        `\nCPU profiles in ${profileDir} (figures above include profiling overhead): server child ${profileOf(server.pid)}, anchor child ${profileOf(anchor.pid)}`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
