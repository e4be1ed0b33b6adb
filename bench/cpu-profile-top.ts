/** Prints the functions and packages with the most self time in a V8 `.cpuprofile`: `node bench/cpu-profile-top.ts <file> [n]`. */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
  const project = /\/((?:server|shared|bench)\/.+)$/.exec(url);
  return project?.[1] ?? url;
}

/** Self time in ms per key, from the samples. */
function selfTimes(profile: CpuProfile, keyOf: (node: ProfileNode) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
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

const [file, countText] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node bench/cpu-profile-top.ts <file.cpuprofile> [how many]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const count = Number(countText ?? 25);
const total = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
const functions = selfTimes(profile, ({ callFrame: { functionName, url, lineNumber } }) => {
  const where = url === '' ? '' : ` ${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}`;
  return `${functionName || '(anonymous)'}${where}`;
});
const areas = selfTimes(profile, ({ callFrame: { functionName, url } }) => areaOf(url, functionName));
console.log(`${file}: ${total.toFixed(0)} ms sampled`);
printTop('Self time by function:', functions, total, count);
printTop('Self time by package or file:', areas, total, count);
