/**
 * Prints the functions and packages with the most self time in a V8 `.cpuprofile`: `node bench/cpu-profile-top.ts
 * <file>... [n]`. Frames of the renderer's bundle (a page's profile, `bench/page-profile.ts`) are named by their source
 * when the build beside it has source maps (`out/renderer/assets/*.js.map`: the screen suites build with them when
 * profiling; `RENDERER_SOURCEMAP=hidden npx vite build --config renderer/vite.config.ts` otherwise).
 */
import { readFileSync } from 'node:fs';
import { originalPositionFor } from '@jridgewell/trace-mapping';
import { mapOf } from './renderer-source-maps.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: an npm package, a project file, Node's internals, or V8 itself. */
function areaOf(url: string, name: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? url;
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return name.startsWith('(') ? name : 'native';
  const project = /\/((?:server|shared|bench|renderer\/src)\/.+)$/.exec(url);
  return project?.[1] ?? url;
}

/** A bundle frame named by its source (function, file and line) where a source map says; others unchanged. */
function resolved(node: ProfileNode): ProfileNode['callFrame'] {
  const frame = node.callFrame;
  const map = mapOf(frame.url);
  // A frame without a position (V8 writes line -1, e.g. for a script's own top level) keeps its bundle name.
  if (map === undefined || frame.lineNumber < 0) return frame;
  const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
  if (position.source === null) return frame;
  const source = position.source.replace(/^(\.\.\/)+/, '/');
  return { functionName: position.name ?? frame.functionName, url: source, lineNumber: position.line - 1 };
}

/** Self time in ms per key, from the samples. */
function selfTimes(profile: CpuProfile, keyOf: (node: ProfileNode) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, { ...node, callFrame: resolved(node) }]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (node === undefined) return;
    const key = keyOf(node);
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

function printTop(title: string, times: Map<string, number>, total: number, count: number): void {
  console.log(`\n${title}`);
  const sorted = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  for (const [key, ms] of sorted) {
    console.log(`${((100 * ms) / total).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  }
}

// Every argument is a profile, but a last one that is a whole number, which says how many rows to print: the server
// child of a bench writes one profile per run, and a shell glob hands them all over at once.
const args = process.argv.slice(2);
const last = args.at(-1);
const countGiven = last !== undefined && /^\d+$/.test(last);
const files = countGiven ? args.slice(0, -1) : args;
const count = countGiven ? Number(last) : 25;
if (files.length === 0) {
  console.error('usage: node bench/cpu-profile-top.ts <file.cpuprofile>... [how many]');
  process.exit(1);
}
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const total = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
  const functions = selfTimes(profile, ({ callFrame: { functionName, url, lineNumber } }) => {
    const where =
      url === '' ? '' : ` ${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}`;
    return `${functionName || '(anonymous)'}${where}`;
  });
  const areas = selfTimes(profile, ({ callFrame: { functionName, url } }) => areaOf(url, functionName));
  console.log(`${file}: ${total.toFixed(0)} ms sampled`);
  printTop('Self time by function:', functions, total, count);
  printTop('Self time by package or file:', areas, total, count);
}
