/** The app in browser mode (`node electron/main/browser.ts`), in a child process with its own data directory. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode, stopChild } from './process.ts';
import { assertRendererBuilt } from './renderer-build.ts';

/** A running browser-mode app. */
export interface RunningApp {
  /** The printed launch URL, with its per-launch secret (`/?launch=…`). */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  dataDir: string;
  /** What the app printed so far, stdout and stderr (its logs). */
  output(): string;
  /** Stops the app (SIGTERM, SIGKILL after `graceMs`) and deletes its data directory unless it was given. */
  stop(graceMs?: number): Promise<void>;
  /** How the app's process ended (`undefined` while it runs): a code of its own, or the signal that killed it. */
  ended(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

/**
 * The environment variable through which the end-to-end global setup names a data folder the app has seeded once
 * (the demo, the sandbox's compile cache) and stopped: each file's app starts on a copy of its own (seeding is about
 * 1 s of each app's start, a copy 0.1–0.2 s).
 */
export const SEEDED_DATA = 'DOCS_ADMIN_E2E_SEEDED_DATA';

/** A fresh data folder: a copy of the seeded one when the global setup made it and `fresh` is not asked, else empty. */
function newDataDir(fresh: boolean): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'docs-admin-e2e-'));
  const seeded = process.env[SEEDED_DATA];
  if (!fresh && seeded !== undefined && seeded !== '') cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}

const RUNNING = /^Docs Admin is running at (http:\/\/\S+)$/m;
/** Printed once the core (keychain, sandbox) is up: the address comes first, and a test must not race the core. */
const READY = /^Docs Admin is ready\.$/;

/**
 * Starts browser mode with `--no-open --port 0` on a data directory of its own (a copy of the global setup's seeded
 * one, or with `fresh` or outside Vitest an empty one, seeded on this first start), or on the given one, and `args`
 * after them (e.g. a quicker sandbox health probe); `startTimeoutMs`: how long it may take to say it is ready (a
 * benchmark's large database takes longer than the default 20 s on a busy machine).
 */
export async function launchApp(
  options: { dataDir?: string; fresh?: boolean; args?: string[]; startTimeoutMs?: number } = {},
): Promise<RunningApp> {
  assertRendererBuilt();
  const dataDir = options.dataDir ?? newDataDir(options.fresh === true);
  const started = await startNode(
    'electron/main/browser.ts',
    ['--no-open', '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])],
    READY,
    options.startTimeoutMs,
  ).catch((error: unknown) => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const url = RUNNING.exec(started.output())?.[1];
  if (url === undefined) {
    await stopChild(started.child);
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`browser mode said it was ready without its address:\n${started.output()}`);
  }
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    output: started.output,
    ended: () => {
      const { exitCode: code, signalCode: signal } = started.child;
      return code === null && signal === null ? undefined : { code, signal };
    },
    async stop(graceMs?: number) {
      await stopChild(started.child, graceMs);
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
