/**
 * The organization file's command line (issue 19), through the app's profiles, keychain and paced API proxy:
 *   npm run admin -- export <file> --profile <name> [--org <id or title>]
 *   npm run admin -- plan <file> --profile <name> [--org <id or title>]
 *   npm run admin -- apply <file> --profile <name> [--org <id or title>] [--continue-on-error] [--resume]
 *   npm run admin -- rehearse [<file>] --profile <name> [--org <id or title>] [--apply]   (rehearse.ts)
 * (each also takes --data-dir <the app's data folder>). `plan` prints what the app's preview shows: counts per
 * resource, every step's sentence, dangerous and blocked steps flagged. `apply` prints the plan, then a line per step;
 * its plan and progress are stored (core/orgfile/journal.ts), so that an apply stopped by an error, Ctrl+C or a
 * killed process continues with `--resume`, doing nothing twice. Exit codes: 0 done, 1 failed or not finished,
 * 2 bad usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiClient } from '../../../shared/client.ts';
import { exportOrgFile, orgFileYaml } from '../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../shared/orgfile/parse.ts';
import { planOrgFile } from '../../../shared/orgfile/plan.ts';
import type { OrgFile } from '../../../shared/orgfile/schema.ts';
import { loadSnapshot } from '../../../shared/orgfile/snapshot.ts';
import { defaultDataDir } from '../core/data-dir.ts';
import {
  createJournal,
  planId,
  settledCount,
  sha256,
  unfinishedJournals,
  type StoredJournal,
} from '../core/orgfile/journal.ts';
import { CliError, connect, type Connection } from './connect.ts';
import { formatOutcome, formatPlan, formatSummary } from './output.ts';
import { runRehearsal } from './rehearse.ts';
import { applyStored, pauseFromEnv } from './run-apply.ts';

/** The commands this module runs (the rest of `npm run admin` is the server's). */
export const ORGFILE_COMMANDS = new Set(['export', 'plan', 'apply', 'rehearse']);

const USAGE = `usage:
  npm run admin -- export <file> --profile <name> [--org <id or title>] [--data-dir <dir>]
  npm run admin -- plan <file> --profile <name> [--org <id or title>] [--data-dir <dir>]
  npm run admin -- apply <file> --profile <name> [--org <id or title>] [--continue-on-error] [--resume] [--data-dir <dir>]
  npm run admin -- rehearse [<file>] --profile <name> [--org <id or title>] [--apply] [--data-dir <dir>]
  (--profile: a profile's name or id as the app lists it; "Local sandbox" starts the app's sandbox)`;

/** Where the command's output goes (tests and the bench pass their own). */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CliOutput = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Prints a line while the rate limit holds calls back, every 10 s at most; answers a stop. */
function waitingLines(connection: Connection, output: CliOutput, phase: () => string): () => void {
  let lastPrinted = 0;
  const timer = setInterval(() => {
    const status = connection.pacing();
    if (status.queued === 0 || status.waitMs < 1000) return;
    const now = Date.now();
    if (now - lastPrinted < 10_000) return;
    lastPrinted = now;
    output.err(
      `  waiting for the API's rate limit (${Math.ceil(status.waitMs / 1000)} s); ${phase()}: ${connection.requests()} requests so far\n`,
    );
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The organization: `--org` (id or title), else the file's (id, then title), else the only one the token sees. */
async function findOrganization(client: ApiClient, wanted: string | undefined, file: OrgFile | undefined) {
  const orgs = (await client.call('listOrganizationsForAuthenticatedUser', { query: { limit: 1000 } })).items;
  const pick = (key: string) => orgs.find((org) => org.id === key) ?? orgs.filter((org) => org.title === key);
  const found = (key: string, what: string) => {
    const match = pick(key);
    if (!Array.isArray(match)) return match;
    if (match.length === 1) return match[0]!;
    if (match.length > 1)
      throw new CliError(`${match.length} organizations are titled “${key}”: pass --org <id>`);
    throw new CliError(`The profile's token sees no organization ${what} “${key}”.`);
  };
  if (wanted !== undefined) return found(wanted, 'with the id or title');
  if (file !== undefined) {
    const byId =
      file.organization.id !== undefined ? orgs.find((o) => o.id === file.organization.id) : undefined;
    return byId ?? found(file.organization.title, 'titled');
  }
  if (orgs.length === 1) return orgs[0]!;
  throw new CliError(
    `The profile's token sees ${orgs.length} organizations: pass --org with one of ${orgs.map((o) => `“${o.title}” (${o.id})`).join(', ')}.`,
  );
}

function readOrgFile(path: string): { file: OrgFile; text: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`The file ${path} cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseOrgFile(text);
  if (!parsed.ok)
    throw new CliError(`The file ${path} is not an organization file:\n  ${parsed.problems.join('\n  ')}`);
  return { file: parsed.file, text };
}

/** `rehearse`: the organization copied into the local sandbox, and the file planned (and applied) there. */
async function rehearseCommand(
  path: string | undefined,
  values: { profile: string; org?: string | undefined; 'data-dir'?: string | undefined; apply: boolean },
  output: CliOutput,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  try {
    const input = path !== undefined ? readOrgFile(path) : undefined;
    return await runRehearsal({
      dataDir: resolve(values['data-dir'] ?? defaultDataDir()),
      profile: values.profile,
      ...(env.DOCS_ADMIN_KEYCHAIN_SERVICE !== undefined
        ? { keychainService: env.DOCS_ADMIN_KEYCHAIN_SERVICE }
        : {}),
      ...(input !== undefined ? { file: input.file } : {}),
      apply: values.apply,
      out: (text) => output.out(text),
      log: (line) => output.err(`  ${line}\n`),
      findOrganization: (connection) => findOrganization(connection.client, values.org, input?.file),
    });
  } catch (error) {
    output.err(
      `${error instanceof CliError ? error.message : `rehearse failed: ${(error as Error).message}`}\n`,
    );
    return 1;
  }
}

/** Runs an org-file command with these arguments (after `npm run admin --`); answers the exit code. */
export async function runOrgFileCli(
  argv: string[],
  output: CliOutput = processOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        profile: { type: 'string' },
        org: { type: 'string' },
        'data-dir': { type: 'string' },
        'continue-on-error': { type: 'boolean', default: false },
        resume: { type: 'boolean', default: false },
        apply: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, path, ...extra] = positionals;
  if (command === 'rehearse' && extra.length === 0 && values.profile !== undefined)
    return rehearseCommand(path, { ...values, profile: values.profile }, output, env);
  if (command === undefined || !ORGFILE_COMMANDS.has(command) || path === undefined || extra.length > 0) {
    output.err(`${USAGE}\n`);
    return 2;
  }
  if (values.profile === undefined) {
    output.err(`${command} needs --profile <name>\n${USAGE}\n`);
    return 2;
  }
  if (values.apply) {
    output.err(`--apply goes with rehearse\n${USAGE}\n`);
    return 2;
  }
  if (command !== 'apply' && (values.resume || values['continue-on-error'])) {
    output.err(`--resume and --continue-on-error go with apply\n${USAGE}\n`);
    return 2;
  }
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  let connection: Connection | undefined;
  try {
    const input = command === 'export' ? undefined : readOrgFile(path);
    connection = await connect({
      dataDir,
      profile: values.profile,
      ...(env.DOCS_ADMIN_KEYCHAIN_SERVICE !== undefined
        ? { keychainService: env.DOCS_ADMIN_KEYCHAIN_SERVICE }
        : {}),
      log: (line) => output.err(`  ${line}\n`),
    });
    const { client } = connection;
    const org = await findOrganization(client, values.org, input?.file);
    const where = `“${org.title}” (${org.id}) through the profile “${connection.profile.name}”`;
    const snapshot = async () => {
      const stop = waitingLines(connection!, output, () => 'reading the organization');
      try {
        return await loadSnapshot(client, org.id);
      } finally {
        stop();
      }
    };
    if (command === 'export') {
      const { file, skipped } = exportOrgFile(await snapshot());
      writeFileSync(path, orgFileYaml(file));
      output.out(
        `Exported ${where} to ${path}: ${file.members.length} members, ${file.teams.length} teams, ${file.collections.length} top-level collections.\n`,
      );
      for (const line of skipped) output.out(`  left out: ${line}\n`);
      return 0;
    }
    const { file, text } = input!;
    const fileHash = sha256(text);
    const match = { profileId: connection.profile.id, organizationId: org.id, fileHash };
    const stopped = unfinishedJournals(dataDir, match);
    const resumeHint = `run the same command with --resume to continue it.`;
    if (command === 'plan') {
      output.out(formatPlan(planOrgFile(file, await snapshot()), where));
      if (stopped[0] !== undefined)
        output.out(
          `An apply of this file stopped after ${settledCount(stopped[0])} of ${stopped[0].header.plan.steps.length} steps: apply with --resume continues it.\n`,
        );
      return 0;
    }
    let journal: StoredJournal;
    if (values.resume) {
      if (stopped[0] === undefined)
        throw new CliError(`No stopped apply of ${path} to ${where} to resume: it finished, or none began.`);
      journal = stopped[0];
      output.out(
        `Resuming the apply of ${journal.header.createdAt} to ${where}: ${settledCount(journal)} of ${journal.header.plan.steps.length} steps done.\n`,
      );
    } else {
      if (stopped[0] !== undefined)
        throw new CliError(
          `An apply of this file to ${where} stopped after ${settledCount(stopped[0])} of ${stopped[0].header.plan.steps.length} steps: ${resumeHint} (To plan afresh instead, remove ${stopped[0].path}.)`,
        );
      const plan = planOrgFile(file, await snapshot());
      output.out(formatPlan(plan, where));
      if (plan.steps.length === 0) return 0;
      journal = createJournal(dataDir, {
        planId: planId({ ...match, plan }),
        ...match,
        fileName: path,
        plan,
      });
    }
    const total = journal.header.plan.steps.length;
    const abort = new AbortController();
    const onSigint = () => {
      output.err('Stopping after the step under way (Ctrl+C again to quit at once)…\n');
      abort.abort();
      process.once('SIGINT', () => process.exit(130));
    };
    process.once('SIGINT', onSigint);
    const stopWaiting = waitingLines(connection, output, () => 'applying');
    const pause = pauseFromEnv(env.DOCS_ADMIN_TEST_APPLY_PAUSE);
    try {
      const report = await applyStored({
        client,
        journal,
        stopOnError: !values['continue-on-error'],
        onStep: (outcome) => output.out(formatOutcome(outcome, total)),
        signal: abort.signal,
        ...(pause !== undefined ? { pause } : {}),
      });
      const settled = settledCount(journal);
      output.out(formatSummary(report, { steps: total, settled }, resumeHint));
      return settled === total ? 0 : 1;
    } finally {
      stopWaiting();
      process.off('SIGINT', onSigint);
    }
  } catch (error) {
    output.err(
      `${error instanceof CliError ? error.message : `${command} failed: ${(error as Error).message}`}\n`,
    );
    return 1;
  } finally {
    await connection?.close();
  }
}
