// `npm test`: the static checks (both typechecks, ESLint, Prettier), two at a time since they are independent, each
// named when it ends with its time, then every Vitest test (scripts/run-unit-tests.mjs). Any failure fails the run;
// a failed check's output is printed whole.
//   node scripts/test.mjs [vitest args]
import { spawn, spawnSync } from 'node:child_process';
import { clearInterval, setInterval } from 'node:timers';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

const CHECKS = [
  { name: 'ESLint', args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0'] },
  {
    name: 'Prettier',
    // Oxc's parser for TypeScript and JavaScript under Prettier's own printer and options: the same formatting (150
    // files with their layout mangled: 102 formatted identically both ways, 48 refused by both) for 14.1-14.3 CPU-s
    // against 22.3-22.4 over the whole tree (12.0-12.2 s against 16.5-16.6 s alone, twice each under the CPU lock).
    // Editors, `npm run lint` and `npm run format` keep Prettier's default parser.
    args: [
      bin('prettier', 'bin/prettier.cjs'),
      '--plugin',
      '@prettier/plugin-oxc',
      '--check',
      '.',
      '--log-level',
      'warn',
    ],
  },
  // TypeScript 7, the native compiler (the `typescript-native` alias): the same checks as 5.9 found nothing new in
  // either project, for about a third of the CPU (node 8.7 against 22.5 CPU-s, web 6.0 against 15.7, under the CPU
  // lock). `typescript` 5.9 stays for its JavaScript API, which typescript-eslint and server/storage/shape use.
  {
    name: 'typecheck (Node: server, electron, tests)',
    args: [bin('typescript-native', 'bin/tsc'), '-p', 'tsconfig.node.json'],
  },
  {
    name: 'typecheck (web: renderer)',
    args: [bin('typescript-native', 'bin/tsc'), '-p', 'tsconfig.web.json'],
  },
];
// Longest first, so that the two lanes end together: ESLint (17-21 s) beside Prettier (12-15 s), then each lane takes
// a typecheck (TypeScript 7: 10-11 s and 6-7 s). In the previous order, Prettier ran last, alone after ESLint: the
// checks took 31.9 s in a clean CI run (c300a85).
const AT_ONCE = 2;

function run(check) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ...check, ok: false, output: error.message, started }));
    child.on('close', (code) => resolve({ ...check, ok: code === 0, output, started }));
  });
}

const started = Date.now();
console.log(`static checks: ${CHECKS.map((check) => check.name).join(', ')} (${AT_ONCE} at a time)`);
const queue = [...CHECKS];
const failures = [];
// A line at least every 20 s: a check takes 40-50 s on 2 cores, and a silent minute looks like a hang.
const running = new Map();
const heartbeat = setInterval(() => {
  const names = [...running].map(([name, at]) => `${name} (${((Date.now() - at) / 1000).toFixed(0)} s)`);
  console.log(`… ${((Date.now() - started) / 1000).toFixed(0)} s: running ${names.join(', ')}`);
}, 20_000);
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let check = queue.shift(); check !== undefined; check = queue.shift()) {
      running.set(check.name, Date.now());
      const result = await run(check);
      running.delete(check.name);
      const seconds = ((Date.now() - result.started) / 1000).toFixed(1);
      console.log(`${result.ok ? 'passed' : 'FAILED'}: ${result.name} (${seconds} s)`);
      if (!result.ok) failures.push(result);
    }
  }),
);
clearInterval(heartbeat);
for (const failure of failures) console.log(`\n--- ${failure.name} ---\n${failure.output.trimEnd()}`);
if (failures.length > 0) {
  console.log(`\n${failures.length} static check(s) failed: tests not run.`);
  process.exit(1);
}
console.log(`static checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s; running the tests…`);

const tests = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'run-unit-tests.mjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(tests.status ?? 1);
