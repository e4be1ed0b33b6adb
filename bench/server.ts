/** The `server` suite: the real server in a child process, under autocannon load from this process. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChild, type ServerChild } from './children.ts';
import { load, probe, type LoadOptions, type Target } from './load.ts';
import { parseBenchOptions } from './options.ts';
import { figuresTable, targetsTable, type Measured } from './report.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
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

/** Runs the suite: seed, start both children, warm up, measure, print. */
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
    const hello = await startChild(join(here, 'hello-child.ts'));
    children.push(hello);

    const pagePaths = await memberPagePaths(server.baseUrl, seeded);
    console.log(`server child pid ${server.pid}; ${pagePaths.length} member pages to cycle through`);
    const targets = serverTargets(server.baseUrl, seeded, pagePaths);
    const baseline = helloTarget(hello.baseUrl);

    for (const target of [baseline, targets.members, targets.team, targets.patch])
      await warmUp(target, options);

    const helloMeasured = await measure(baseline, options);
    const members = await measure(targets.members, options);
    const team = await measure(targets.team, options);
    const patch = await measure(targets.patch, options);
    const peakRssMb = server.peakRssMb();
    const measured = [members, team, patch];
    console.log(`\n${figuresTable(measured, helloMeasured)}`);
    console.log(
      `\nserver child peak RSS: ${peakRssMb === undefined ? 'unknown (no /proc)' : `${peakRssMb.toFixed(0)} MB`}`,
    );
    console.log(
      `\nTargets (information only):\n${targetsTable({ members, team, patch, hello: helloMeasured, peakRssMb })}`,
    );

    if (profileDir !== undefined) {
      await server.stop();
      const files = readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile'));
      console.log(
        `\nCPU profiles of the server child (figures above include profiling overhead): ${profileDir}: ${files.join(', ')}`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
