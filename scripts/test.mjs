// `npm test`: every Vitest test (scripts/run-unit-tests.mjs) and, beside them at the lowest CPU priority, the static
// checks (both typechecks, ESLint, Prettier), two at a time. The tests leave part of the CPU idle (an end-to-end file
// waits on its app and Chromium), which the checks use, so they no longer delay the tests by a minute and a half.
// Each check is named when it ends, with its time; a failed one is printed whole at once and stops the tests. Off a
// terminal there is a line of progress at least every 20 s (Vitest's heartbeat reporter while the tests run, this
// script's own before and after). Any failure fails the run.
//   node scripts/test.mjs [vitest args]
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { clearInterval, setInterval } from 'node:timers';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

const CHECKS = [
  { name: 'ESLint', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'] },
  {
    name: 'typecheck (Node: server, electron, tests)',
    args: [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.node.json'],
  },
  { name: 'typecheck (web: renderer)', args: [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.web.json'] },
  { name: 'Prettier', args: [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'] },
];
const AT_ONCE = 2;
const HEARTBEAT_MS = 20_000;
/** Own process group for the tests (not on Windows), so that a failed check stops all of them at once. */
const GROUP = process.platform !== 'win32';

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function run(check) {
  const at = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    // Lowest priority: the checks take what CPU the tests leave, never the tests' share.
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOWEST);
    } catch {
      // Not allowed here (or the child already ended): the check runs at normal priority.
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ...check, ok: false, output: error.message, at }));
    child.on('close', (code) => resolve({ ...check, ok: code === 0, output, at }));
  });
}

let testsRunning = true;
let stopping = false;
/** On a terminal, Vitest redraws its lines in place: the checks' lines wait until it is done, but for a failure. */
const held = [];
const say = (line) => (testsRunning && process.stdout.isTTY ? held.push(line) : console.log(line));
const tests = spawn(
  process.execPath,
  [join(root, 'scripts', 'run-unit-tests.mjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    // No stdin: a group of its own is in the background of a terminal, where reading it would stop the tests.
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: GROUP,
  },
);
const stopTests = (signal) => {
  if (!testsRunning) return;
  try {
    if (GROUP) process.kill(-tests.pid, signal);
    else tests.kill(signal);
  } catch {
    // Already gone.
  }
};
// The tests are in a group of their own, which a terminal's Ctrl-C does not reach: pass it on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    stopTests(signal);
  });
}
const testsDone = new Promise((resolve) => {
  tests.on('error', (error) => {
    console.log(`could not start the tests: ${error.message}`);
    resolve(1);
  });
  tests.on('close', (code) => resolve(code ?? 1));
}).then((code) => {
  testsRunning = false;
  for (const line of held.splice(0)) console.log(line);
  return code;
});

console.log(
  `static checks beside the tests, at low priority: ${CHECKS.map((check) => check.name).join(', ')} (${AT_ONCE} at a time)`,
);
const queue = [...CHECKS];
const failures = [];
const running = new Map();
// Vitest's heartbeat reporter speaks while the tests run; this one covers the checks when nothing else is printed.
const heartbeat = setInterval(() => {
  if (testsRunning || process.stdout.isTTY || running.size === 0) return;
  const names = [...running].map(([name, at]) => `${name} (${seconds(at)} s)`).join(', ');
  console.log(`… ${seconds(started)} s: static checks running: ${names}`);
}, HEARTBEAT_MS);
heartbeat.unref();
const checksDone = Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let check = queue.shift(); check !== undefined && !stopping; check = queue.shift()) {
      running.set(check.name, Date.now());
      const result = await run(check);
      running.delete(check.name);
      say(`${result.ok ? 'passed' : 'FAILED'}: ${result.name} (${seconds(result.at)} s)`);
      if (result.ok) continue;
      failures.push(result);
      if (testsRunning) say('a static check failed: stopping the tests.');
      stopping = true;
      stopTests('SIGTERM');
      say(`\n--- ${result.name} ---\n${result.output.trimEnd()}\n`);
    }
  }),
);

const [testsCode] = await Promise.all([testsDone, checksDone]);
clearInterval(heartbeat);
if (failures.length > 0) {
  console.log(
    `${failures.length} static check(s) failed: ${failures.map((failure) => failure.name).join(', ')}.`,
  );
  process.exit(1);
}
console.log(`static checks and tests done in ${seconds(started)} s`);
process.exit(testsCode);
