/** Child processes for the end-to-end tests and benchmarks: spawn, wait for a line, stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A child process that printed the line it was awaited for. */
export interface Started {
  child: ChildProcess;
  /** The match of the awaited pattern against that line. */
  match: RegExpExecArray;
  /** Everything the child wrote to stdout and stderr so far (the first MB). */
  output(): string;
}

/**
 * Spawns `node <script> [args]` in the repository root and waits for a stdout line matching `pattern`. The wait is
 * generous: on a shared, busy machine a first launch (the demo seeded) has taken over 20 s.
 */
export function startNode(
  script: string,
  args: string[],
  pattern: RegExp,
  timeoutMs = 50_000,
): Promise<Started> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let output = '';
  const keep = (text: string) => {
    // A chatty child must not grow the test process without bound.
    if (output.length < 1_000_000) output += text;
  };
  child.stderr?.setEncoding('utf8').on('data', keep);
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`node ${script} ${args.join(' ')}: ${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`printed no line matching ${pattern} in ${timeoutMs} ms`), timeoutMs);
    const onExit = (code: number | null) => fail(`exited (code ${code}) before printing ${pattern}`);
    child.once('exit', onExit);
    child.once('error', (error) => fail(error.message));
    if (child.stdout === null) return fail('no stdout pipe');
    let found = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      keep(`${line}\n`);
      const match = found ? null : pattern.exec(line);
      if (match === null) return;
      found = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ child, match, output: () => output });
    });
  });
}

/** Stops a child with SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs `node <script> [args]` to completion (with `env`, else this process's) and answers its stdout; rejects on a non-zero exit. */
export function runNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let out = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`node ${script} ${args.join(' ')}: code ${code}\n${errors}`)),
    );
  });
}

/**
 * Waits for every start to settle, then throws the first failure: what did start has been recorded by its own
 * `.then` by then, so the file's `afterAll` can stop it.
 */
export async function startTogether(...starts: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(starts)).find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}
