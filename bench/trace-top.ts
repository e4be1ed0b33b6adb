/**
 * Where a page's main thread spent a Chromium trace (`bench/page-profile.ts` writes one beside each CPU profile):
 * self time per event name (`Layout`, `UpdateLayoutTree` = recalculate style, `Paint`, `FunctionCall`, …) on the
 * renderer's main thread, and the tasks over a threshold. `node bench/trace-top.ts <file.trace.json> [ms, default 50]`
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const [file, thresholdText] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node bench/trace-top.ts <file.trace.json> [long task threshold in ms]');
  process.exit(1);
}
const threshold = Number(thresholdText ?? 50);
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

// The renderer's main thread: the thread named CrRendererMain with the most complete events.
const mains = events.filter(
  (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
);
const countOf = (pid: number, tid: number) =>
  events.filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid).length;
const main = mains.sort((a, b) => countOf(b.pid, b.tid) - countOf(a.pid, a.tid))[0];
if (main === undefined) throw new Error(`${file}: no CrRendererMain thread`);

const complete = events
  .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && (e.dur ?? 0) > 0)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

/** Self time per name: an event's duration less its children's (events nest on one thread). */
const self = new Map<string, number>();
const stack: { end: number; name: string }[] = [];
const tasks: TraceEvent[] = [];
let first = Number.POSITIVE_INFINITY;
let last = 0;
for (const event of complete) {
  const end = event.ts + event.dur!;
  first = Math.min(first, event.ts);
  last = Math.max(last, end);
  while (stack.length > 0 && stack.at(-1)!.end <= event.ts) stack.pop();
  const parent = stack.at(-1);
  if (parent !== undefined) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur! / 1000);
  else if (event.name === 'RunTask' && event.dur! / 1000 > threshold) tasks.push(event);
  self.set(event.name, (self.get(event.name) ?? 0) + event.dur! / 1000);
  stack.push({ end, name: event.name });
}

const span = (last - first) / 1000;
const busy = [...self.values()].reduce((sum, ms) => sum + ms, 0);
console.log(`${file}: main thread busy ${busy.toFixed(0)} ms of ${span.toFixed(0)} ms traced`);
console.log('\nSelf time by event:');
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
console.log(`\nTasks over ${threshold} ms: ${tasks.length}`);
for (const task of tasks.slice(0, 20))
  console.log(`  +${((task.ts - first) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms`);
