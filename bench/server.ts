/**
 * The `server` suite: the real server in a child process, under autocannon load from this process. With
 * `--database postgres`, the same server on a private PostgreSQL too (bench/postgres.ts), measured in the same run
 * beside SQLite's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startChild, type ServerChild } from './children.ts';
import { load, probe, type LoadOptions, type Target } from './load.ts';
import { parseBenchOptions } from './options.ts';
import {
  anchorTable,
  figuresTable,
  storesTable,
  targetsTable,
  type Measured,
  type Paired,
} from './report.ts';
import { startBenchPostgres, type BenchPostgres } from './postgres.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { DATABASE_FILE } from '../server/storage/database.ts';
import { checkSameAnswers } from './anchor-check.ts';
import { seedOrganization } from './seed.ts';
import { bundleServeChild } from './server-bundle.ts';
import { helloTarget, memberPagePaths, serverTargets } from './targets.ts';

const SIZE = { members: 10_000, teams: 500 };
const here = import.meta.dirname;

/**
 * The server child's peak RSS phase by phase (Linux): at the end of each phase its VmHWM is read, then reset to the
 * current RSS (`/proc/<pid>/clear_refs`, 5), so that the next phase's peak is its own. The phases cover the run from
 * the child's start, so their largest is the child's peak over the run, what the target is about. Elsewhere, or where
 * the reset is refused, nothing is recorded (the run's VmHWM is still printed).
 */
class PhasePeaks {
  private readonly pid: number;
  private readonly peaks: { label: string; mb: number }[] = [];
  private working = true;

  constructor(pid: number) {
    this.pid = pid;
  }

  /** Ends the phase `label`: records its peak and starts the next. */
  end(label: string): void {
    if (!this.working) return;
    try {
      const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
      if (match) this.peaks.push({ label, mb: Number(match[1]) / 1024 });
    } catch {
      this.working = false;
      this.peaks.length = 0;
    }
  }

  /** Ends the phase `label` (`end`) and answers `value`: a phase that ends with a measurement. */
  after<T>(label: string, value: T): T {
    this.end(label);
    return value;
  }

  /** The largest peak of the run: the phases' and `now`'s (the child's VmHWM since the last phase ended). */
  overall(now: number | undefined): number | undefined {
    const recorded = this.peaks.map((peak) => peak.mb);
    return recorded.length === 0 ? now : Math.max(...recorded, now ?? 0);
  }

  /** A heading and one line per phase, the largest marked; empty when nothing was recorded. */
  table(): string {
    if (this.peaks.length === 0) return '';
    const largest = Math.max(...this.peaks.map((peak) => peak.mb));
    return `server child peak RSS by phase:\n${this.peaks
      .map(
        ({ label, mb }) =>
          `  ${label.padEnd(40)} ${mb.toFixed(0).padStart(4)} MB${mb === largest ? '  <- peak' : ''}`,
      )
      .join('\n')}`;
  }
}

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

/** The same endpoints on another server, labelled with `suffix` (the anchor's, PostgreSQL's). */
function relabelled(
  targets: ReturnType<typeof serverTargets>,
  suffix: string,
): ReturnType<typeof serverTargets> {
  const relabel = (target: Target): Target => ({ ...target, label: `${target.label} (${suffix})` });
  return { members: relabel(targets.members), team: relabel(targets.team), patch: relabel(targets.patch) };
}

/** `--database postgres` taken out of the arguments (the other flags are the suites' shared ones). */
function databaseOf(args: string[]): { postgres: boolean; rest: string[] } {
  const rest = [...args];
  const at = rest.findIndex((arg) => arg === '--database' || arg.startsWith('--database='));
  if (at < 0) return { postgres: false, rest };
  const [flag] = rest.splice(at, 1) as [string];
  const value = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : rest.splice(at, 1)[0];
  if (value !== 'postgres')
    throw new Error(`--database takes postgres (SQLite is always measured), not \`${value ?? ''}\``);
  return { postgres: true, rest };
}

/** Runs the suite: seed, start the children, check and warm up, measure, print. */
export async function runServerBench(args: string[]): Promise<void> {
  const database = databaseOf(args);
  const options = parseBenchOptions(database.rest);
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-'));
  const children: ServerChild[] = [];
  let postgres: BenchPostgres | undefined;
  try {
    const seedStart = performance.now();
    const seeded = seedOrganization(dataDir, SIZE);
    console.log(
      `seeded ${seeded.memberCount} members and ${seeded.teamIds.length} teams in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    if (database.postgres) {
      const copyStart = performance.now();
      postgres = await startBenchPostgres(dataDir);
      console.log(
        `started a private PostgreSQL and copied the ${postgres.rows} rows into it in ${((performance.now() - copyStart) / 1000).toFixed(1)} s`,
      );
    }

    const profileDir = options.cpuProf === undefined ? undefined : resolve(options.cpuProf);
    const nodeFlags = [
      ...SERVER_NODE_FLAGS,
      ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ];
    // The server as the app ships it: bundled JavaScript, no types to strip (bench/server-bundle.ts).
    const bundleStart = performance.now();
    const serveChild = await bundleServeChild();
    console.log(
      `bundled the server child in ${((performance.now() - bundleStart) / 1000).toFixed(1)} s (${relative(process.cwd(), serveChild)})`,
    );
    const server = await startChild(serveChild, [dataDir], nodeFlags, SERVER_ENV);
    const phases = new PhasePeaks(server.pid);
    children.push(server);
    // The anchor reads the same database file, with the same Node flags and environment (profiled too, when asked).
    const anchor = await startChild(
      join(here, 'anchor-child.ts'),
      [join(dataDir, DATABASE_FILE)],
      nodeFlags,
      SERVER_ENV,
    );
    children.push(anchor);
    const hello = await startChild(join(here, 'hello-child.ts'));
    children.push(hello);
    // The same server on PostgreSQL (`serve --database`'s storage), with the same flags.
    const onPostgres =
      postgres === undefined
        ? undefined
        : await startChild(serveChild, ['--database', postgres.url], nodeFlags, SERVER_ENV);
    if (onPostgres !== undefined) children.push(onPostgres);

    const pagePaths = await memberPagePaths(server.baseUrl, seeded);
    console.log(
      `server child pid ${server.pid}, anchor child pid ${anchor.pid}${onPostgres === undefined ? '' : `, server child on PostgreSQL pid ${onPostgres.pid}`}; ${pagePaths.length} member pages to cycle through`,
    );
    const checks = serverTargets(server.baseUrl, seeded, pagePaths);
    const postgresChecks =
      onPostgres === undefined ? undefined : serverTargets(onPostgres.baseUrl, seeded, pagePaths);
    for (const endpoint of ['members', 'team', 'patch'] as const) {
      await checkSameAnswers(checks[endpoint], server.baseUrl, anchor.baseUrl, 2);
      // The same requests answer the same bodies from the copy on PostgreSQL as from SQLite.
      if (postgresChecks !== undefined && onPostgres !== undefined)
        await checkSameAnswers(postgresChecks[endpoint], onPostgres.baseUrl, server.baseUrl, 2);
    }
    console.log(
      `the anchor answers the same bodies as the server (members pages, teams, role updates)${onPostgres === undefined ? '' : ', and so does the server on PostgreSQL'}`,
    );

    const ours = serverTargets(server.baseUrl, seeded, pagePaths);
    const theirs = relabelled(serverTargets(anchor.baseUrl, seeded, pagePaths), 'anchor');
    const oursOnPostgres =
      onPostgres === undefined
        ? undefined
        : relabelled(serverTargets(onPostgres.baseUrl, seeded, pagePaths), 'PostgreSQL');
    const baseline = helloTarget(hello.baseUrl);
    const endpoints: Endpoint[] = ['members', 'team', 'patch'];
    await warmUp(baseline, options);
    phases.end('start, checks, hello-world warm-up');
    for (const endpoint of endpoints) {
      await warmUp(ours[endpoint], options);
      phases.end(`warm-up ${endpoint}`);
      if (oursOnPostgres !== undefined) await warmUp(oursOnPostgres[endpoint], options);
      await warmUp(theirs[endpoint], options);
      phases.end(`warm-up ${endpoint} of the others (idle)`);
    }

    const helloMeasured = await measure(baseline, options);
    phases.end('hello-world load (idle)');
    // Each endpoint on SQLite, then on PostgreSQL (when asked), then the anchor.
    const measureEndpoint = async (endpoint: Endpoint) => ({
      sqlite: phases.after(`load ${endpoint}`, await measure(ours[endpoint], options)),
      postgres: oursOnPostgres === undefined ? undefined : await measure(oursOnPostgres[endpoint], options),
      anchor: phases.after(`load ${endpoint} of the others (idle)`, await measure(theirs[endpoint], options)),
    });
    const onBoth = {
      members: await measureEndpoint('members'),
      team: await measureEndpoint('team'),
      patch: await measureEndpoint('patch'),
    };
    const pairOf = (endpoint: Endpoint): Paired => ({
      ours: onBoth[endpoint].sqlite,
      anchor: onBoth[endpoint].anchor,
    });
    const pairs = { members: pairOf('members'), team: pairOf('team'), patch: pairOf('patch') };
    const peakRssMb = phases.overall(server.peakRssMb());
    const anchorRssMb = anchor.peakRssMb();
    const measured = endpoints.flatMap((endpoint) => {
      const { sqlite, postgres: postgresRun, anchor: anchorRun } = onBoth[endpoint];
      return postgresRun === undefined ? [sqlite, anchorRun] : [sqlite, postgresRun, anchorRun];
    });
    const mb = (value: number | undefined) =>
      value === undefined ? 'unknown (no /proc)' : `${value.toFixed(0)} MB`;
    console.log(`\n${figuresTable(measured, helloMeasured)}`);
    console.log(`\n${anchorTable(endpoints.map((endpoint) => pairs[endpoint]))}`);
    const rolledBack = await postgres?.rolledBack();
    const stores = endpoints.flatMap((endpoint) => {
      const { sqlite, postgres: postgresRun } = onBoth[endpoint];
      return postgresRun === undefined ? [] : [{ sqlite, postgres: postgresRun }];
    });
    if (stores.length > 0)
      console.log(
        `\n${storesTable(stores)}\nPostgreSQL rolled back ${rolledBack} transactions in the run (serialization failures, each run again by the store)`,
      );
    console.log(
      `\npeak RSS: server child ${mb(peakRssMb)}, anchor child ${mb(anchorRssMb)}${onPostgres === undefined ? '' : `, server child on PostgreSQL ${mb(onPostgres.peakRssMb())} (PostgreSQL's own processes not counted)`}`,
    );
    console.log(phases.table());
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
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
