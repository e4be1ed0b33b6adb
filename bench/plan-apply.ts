/**
 * `bench plan`, the apply half (issue 19, acceptance 3): a plan of N steps (default 1,000: member role changes)
 * applied through the command line's code path (the app's API proxy and its pacer, the stored journal, the settled
 * check) against the server in GitBook-compatible mode (`serve --compat gitbook`: 60 requests a minute per token),
 * behind a counting proxy that sees every answer. Prints the total time, steps per minute, and the 429 answers the
 * server sent against those that reached the caller (target: none reaching it).
 *   node bench/plan-apply.ts [--steps 1000] [--window 60]   (--window: the rate limit's window in seconds; GitBook's is 60)
 * At 60 a minute, 1,000 steps take about 17 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { proxyClient } from '../electron/main/cli/connect.ts';
import { applyStored } from '../electron/main/cli/run-apply.ts';
import { createJournal, planId, sha256 } from '../electron/main/core/orgfile/journal.ts';
import { ApiProxy } from '../electron/main/core/proxy.ts';
import {
  addMember,
  createOrganization,
  ensureUser,
  issueToken,
} from '../server/domain/organizations/commands.ts';
import { SERVER_NODE_FLAGS } from '../server/runtime.ts';
import { openDatabase } from '../server/storage/database.ts';
import { exportOrgFile } from '../shared/orgfile/export.ts';
import { planOrgFile } from '../shared/orgfile/plan.ts';
import { loadSnapshot } from '../shared/orgfile/snapshot.ts';
import { positiveInteger } from './options.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');

/** An organization of `members` readers besides its owner; answers its id and the owner's token. */
function seed(dataDir: string, members: number): { orgId: string; token: string } {
  const db = openDatabase(dataDir);
  try {
    const now = new Date();
    return db.transaction(() => {
      const owner = ensureUser(db, now, 'owner@bench.test', 'Bench Owner');
      const org = createOrganization(db, now, { title: 'Plan bench', ownerId: owner.id });
      for (let i = 1; i <= members; i++) {
        const { id } = ensureUser(db, now, `member${String(i).padStart(4, '0')}@bench.test`, `Member ${i}`);
        addMember(db, now, org.id, id, 'read');
      }
      return { orgId: org.id, token: issueToken(db, now, owner.id, 'bench') };
    });
  } finally {
    db.close();
  }
}

/** `server/cli.ts serve --compat gitbook` on `dataDir`; answers its address once it listens. */
function serve(dataDir: string, windowSeconds: number): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      join(ROOT, 'server', 'cli.ts'),
      'serve',
      '--compat',
      'gitbook',
      '--rate-limit-window',
      String(windowSeconds),
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolveStart, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match !== null) resolveStart({ child, baseUrl: match[1]! });
    });
  });
}

/** A proxy that passes every request on as it is and counts the server's answers 429. */
async function countingProxy(
  target: string,
): Promise<{ server: Server; baseUrl: string; tooMany: () => number }> {
  let tooMany = 0;
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (answer.statusCode === 429) tooMany++;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}`, tooMany: () => tooMany };
}

/** Runs the apply half of `bench plan`. */
export async function runPlanApplyBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { steps: { type: 'string', default: '1000' }, window: { type: 'string', default: '60' } },
    strict: true,
  });
  const steps = positiveInteger('steps', values.steps);
  const windowSeconds = positiveInteger('window', values.window);
  const serverDir = mkdtempSync(join(tmpdir(), 'docs-admin-plan-apply-'));
  const appDir = mkdtempSync(join(tmpdir(), 'docs-admin-plan-apply-app-'));
  let server: ChildProcess | undefined;
  let counting: Awaited<ReturnType<typeof countingProxy>> | undefined;
  try {
    const { orgId, token } = seed(serverDir, steps);
    const started = await serve(serverDir, windowSeconds);
    server = started.child;
    counting = await countingProxy(started.baseUrl);
    const profileId = 'bench';
    const target = { baseUrl: counting.baseUrl, token };
    const proxy = new ApiProxy({ resolve: async () => ({ kind: 'target', target }), timeoutMs: 60_000 });
    const { client, requests, tooMany } = proxyClient(proxy, profileId);

    const readStart = performance.now();
    const snapshot = await loadSnapshot(client, orgId);
    const readMs = performance.now() - readStart;
    const { file } = exportOrgFile(snapshot);
    for (const member of file.members) if (member.role === 'read') member.role = 'comment';
    const plan = planOrgFile(file, snapshot);
    if (plan.steps.length !== steps) throw new Error(`the plan has ${plan.steps.length} steps, not ${steps}`);
    const match = { profileId, organizationId: orgId, fileHash: sha256(JSON.stringify(file)) };
    const journal = createJournal(appDir, {
      planId: planId({ ...match, plan }),
      ...match,
      fileName: 'bench',
      plan,
    });
    console.log(
      `plan-apply: ${steps} member role changes against serve --compat gitbook (60 requests per ${windowSeconds} s); snapshot read in ${(readMs / 1000).toFixed(1)} s (${requests()} requests)`,
    );

    const requestsBefore = requests();
    const start = performance.now();
    let lastLine = start;
    const report = await applyStored({
      client,
      journal,
      onStep: (outcome) => {
        const now = performance.now();
        if (now - lastLine < 30_000 && outcome.index + 1 < steps) return;
        lastLine = now;
        console.log(
          `  ${outcome.index + 1}/${steps} steps after ${((now - start) / 1000).toFixed(0)} s; 429 from the server ${counting!.tooMany()}, reaching the caller ${tooMany()}`,
        );
      },
    });
    const seconds = (performance.now() - start) / 1000;
    console.log(
      [
        `apply of ${steps} steps: ${seconds.toFixed(1)} s, ${((report.done / seconds) * 60).toFixed(1)} steps/min`,
        `  done ${report.done}, failed ${report.failed}, skipped ${report.skipped}; ${requests() - requestsBefore} requests`,
        `  answers 429 sent by the server: ${counting.tooMany()}; reaching the caller: ${tooMany()} (target 0)`,
      ].join('\n'),
    );
    if (report.failed > 0 || tooMany() > 0) process.exitCode = 1;
  } finally {
    await new Promise<void>((done) => counting?.server.close(() => done()) ?? done());
    if (server !== undefined && server.exitCode === null) {
      const exited = new Promise<void>((done) => server!.once('exit', () => done()));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(serverDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await runPlanApplyBench(process.argv.slice(2));
