/**
 * The `abuse` suite: each hostile input (bench/abuse-inputs.ts) against the real server, while a victim (the
 * organization's owner) sends a steady light load. For each: the hostile request's answer and time, the victim's
 * p50/p99 meanwhile, the event loop's longest delay (measured inside the server child) and its RSS before and after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createChangeRequestRecord } from '../server/domain/change-requests/records.ts';
import {
  addMember,
  createOrganization,
  ensureUser,
  issueToken,
} from '../server/domain/organizations/commands.ts';
import { createSpaceRecord } from '../server/domain/spaces/records.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { openDatabase } from '../server/storage/database.ts';
import {
  HOSTILE_INPUTS,
  startArchiveFixture,
  type HostileInput,
  warmUp,
  type AbuseTarget,
  type HostileOutcome,
} from './abuse-inputs.ts';
import { seedApiData } from './admin-seed.ts';
import { startChild, type ChildStats, type ServerChild } from './children.ts';
import { positiveInteger } from './options.ts';
import { table } from './report.ts';

/** Requests per second of the victim's steady load. */
const VICTIM_RATE = 50;
/**
 * Seconds to wait after each input before reading the RSS again: 10, as the mixed benchmark's "10 s after the load".
 * An idle job thread ends 1 s after its last task, and V8 gives the pages of a finished thread's heap back to the
 * system 8 s after the thread ends (its page pool's release on tear-down), whatever is collected meanwhile: read
 * 6 s after the 5 MB OpenAPI text, RSS still held its worker's 35–50 MB of pages.
 */
const SETTLE_S = 10;

interface Seeded {
  orgId: string;
  ownerToken: string;
  attackerToken: string;
  outsiderToken: string;
  importParams: { spaceId: string; changeRequestId: string };
}

/** The demo, an attacker with the `create` role and a change request of theirs, and an outsider. */
function seed(dataDir: string): Seeded {
  const { orgId, token: ownerToken } = seedApiData(dataDir);
  const db = openDatabase(dataDir);
  try {
    const now = new Date();
    return db.transaction(() => {
      const attacker = ensureUser(db, now, 'attacker@abuse.test', 'Attacker').id;
      addMember(db, now, orgId, attacker, 'create');
      const outsider = ensureUser(db, now, 'outsider@abuse.test', 'Outsider').id;
      createOrganization(db, now, { title: 'Elsewhere', ownerId: outsider });
      const spaceId = createSpaceRecord(db, now, {
        organizationId: orgId,
        parentId: null,
        title: 'Imports',
        pages: [{ title: 'Start' }],
        actorId: attacker,
      });
      const space = db.first(db.q.selectFrom('spaces').selectAll().where('id', '=', spaceId))!;
      const request = createChangeRequestRecord(db, now, { space, actorId: attacker });
      return {
        orgId,
        ownerToken,
        attackerToken: issueToken(db, now, attacker, 'bench'),
        outsiderToken: issueToken(db, now, outsider, 'bench'),
        importParams: { spaceId, changeRequestId: request.id },
      };
    });
  } finally {
    db.close();
  }
}

/** The victim's steady load: `VICTIM_RATE` requests a second, sent on time whatever the answers take. */
function startVictim(baseUrl: string, seeded: Seeded) {
  const micros = createHistogram();
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const paths = [`/v1/orgs/${seeded.orgId}/spaces?limit=20`, `/v1/orgs/${seeded.orgId}/members?limit=20`];
  const timer = setInterval(() => {
    const start = performance.now();
    const path = paths[sent++ % paths.length]!;
    const request = fetch(baseUrl + path, { headers: { authorization: `Bearer ${seeded.ownerToken}` } })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.ok) micros.record(Math.max(1, Math.round((performance.now() - start) * 1000)));
        else errors++;
      })
      .catch(() => void errors++)
      .finally(() => pending.delete(request));
    pending.add(request);
  }, 1000 / VICTIM_RATE);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return {
        count: micros.count,
        errors,
        p50Ms: micros.count > 0 ? micros.percentile(50) / 1000 : Number.NaN,
        p99Ms: micros.count > 0 ? micros.percentile(99) / 1000 : Number.NaN,
      };
    },
  };
}

interface Row {
  label: string;
  outcome: HostileOutcome;
  victim: Awaited<ReturnType<ReturnType<typeof startVictim>['stop']>>;
  during: ChildStats;
  before: ChildStats;
  after: ChildStats;
}

async function measure(
  server: ServerChild,
  target: AbuseTarget,
  seeded: Seeded,
  inputs: readonly HostileInput[],
): Promise<Row[]> {
  const warming = startVictim(target.baseUrl, seeded);
  await warmUp(target);
  await warming.stop();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
  const rows: Row[] = [];
  for (const input of inputs) {
    const before = await server.stats({ reset: true });
    process.stdout.write(`${input.label}…\n`);
    const victim = startVictim(target.baseUrl, seeded);
    // A second of the victim alone first, so that its figures cover the whole hostile input.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const outcome = await input.run(target);
    const victimFigures = await victim.stop();
    const during = await server.stats();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    rows.push({
      label: input.label,
      outcome,
      victim: victimFigures,
      during,
      before,
      after: await server.stats(),
    });
  }
  return rows;
}

function print(rows: Row[]): void {
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\n${table(
      [
        'hostile input',
        'answer',
        'time ms',
        'victim n',
        'p50 ms',
        'p99 ms',
        'loop max ms',
        'RSS before → after MB',
      ],
      rows.map((row) => [
        row.label,
        row.outcome.answer,
        row.outcome.ms.toFixed(0),
        `${row.victim.count}${row.victim.errors > 0 ? ` (${row.victim.errors} failed)` : ''}`,
        ms(row.victim.p50Ms),
        ms(row.victim.p99Ms),
        ms(row.during.eventLoop.maxMs),
        `${row.before.rssMb.toFixed(0)} → ${row.after.rssMb.toFixed(0)} (${row.after.rssMb - row.before.rssMb >= 0 ? '+' : ''}${(row.after.rssMb - row.before.rssMb).toFixed(0)})`,
      ]),
    )}`,
  );
  const checks = rows.flatMap(
    (row) =>
      [
        [
          `${row.label}: victim p99 < 50 ms`,
          `${ms(row.victim.p99Ms)} ms`,
          row.victim.p99Ms < 50 && row.victim.errors === 0,
        ],
        [
          `${row.label}: RSS growth < 50 MB`,
          `${(row.after.rssMb - row.before.rssMb).toFixed(0)} MB`,
          row.after.rssMb - row.before.rssMb < 50,
        ],
      ] as const,
  );
  console.log(
    `\nTargets (information only; RSS read ${SETTLE_S} s after each input):\n${table(
      ['target', 'measured', 'status'],
      checks.map(([name, value, met]) => [name, value, met ? 'met' : 'not met']),
    )}`,
  );
}

/** Runs the suite: seed, start the server and the archive fixture, then each hostile input in turn. */
export async function runAbuseBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      runs: { type: 'string', default: '1' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  });
  const runs = positiveInteger('runs', values.runs);
  const only = values.only?.toLowerCase();
  const inputs = HOSTILE_INPUTS.filter(
    (input) => only === undefined || input.label.toLowerCase().includes(only),
  );
  if (inputs.length === 0) throw new Error(`--only ${values.only}: no hostile input's label contains it`);
  const profileDir = values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']);
  const fixture = await startArchiveFixture();
  try {
    for (let run = 1; run <= runs; run++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-bench-abuse-'));
      let server: ServerChild | undefined;
      try {
        const seeded = seed(dataDir);
        server = await startChild(
          join(import.meta.dirname, 'serve-child.ts'),
          [dataDir, '--allow-private-fetch'],
          [
            ...SERVER_NODE_FLAGS,
            ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
          ],
        );
        console.log(
          `run ${run} of ${runs}: server child pid ${server.pid}; victim at ${VICTIM_RATE} requests/s`,
        );
        const target: AbuseTarget = {
          baseUrl: server.baseUrl,
          orgId: seeded.orgId,
          attackerToken: seeded.attackerToken,
          outsiderToken: seeded.outsiderToken,
          importParams: seeded.importParams,
          fixtureUrl: fixture.url,
        };
        print(await measure(server, target, seeded, inputs));
      } finally {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await fixture.close();
  }
}
