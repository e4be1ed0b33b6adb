/**
 * The main thread of a page load, task by task: `node bench/load-timeline.ts <trace.json> [cpuprofile] [--min ms]`.
 * Reads a Chromium trace (`bench/page-profile.ts` or `bench/review-trace.ts` write them) and prints, relative to the
 * navigation's first request, the resources requested (sent → response → finished) and every main-thread task of at
 * least `--min` ms (default 3) with what it ran (scripts evaluated, timers, callbacks, style, layout, paint), and,
 * given the CPU profile of the same load, the task's samples by source file (through the build's source maps, as
 * `bench/cpu-profile-top.ts` names them) and its heaviest project functions (inclusive). User timing marks, when
 * traced (`blink.user_timing`), are listed in the timeline too. A profiling aid: it prints no targets.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { originalPositionFor } from '@jridgewell/trace-mapping';
import { mapOf } from './renderer-source-maps.ts';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      url?: string;
      requestId?: string;
      functionName?: string;
      type?: string;
      requestMethod?: string;
      statusCode?: number;
      encodedDataLength?: number;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: 'string', default: '3' } },
});
const [traceFile, profileFile] = positionals;
if (traceFile === undefined) {
  console.error('usage: node bench/load-timeline.ts <trace.json> [profile.cpuprofile] [--min ms]');
  process.exit(1);
}
const minMs = Number(values.min);
const parsed = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

// The renderer's main thread: the thread named CrRendererMain with the most complete events (as bench/trace-top.ts).
const mains = events.filter(
  (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
);
const counts = new Map<string, number>();
for (const e of events)
  if (e.ph === 'X') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = mains.sort(
  (a, b) => (counts.get(`${b.pid}:${b.tid}`) ?? 0) - (counts.get(`${a.pid}:${a.tid}`) ?? 0),
)[0];
if (main === undefined) throw new Error(`${traceFile}: no CrRendererMain thread`);
const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;

// Origin: the first request of a document (the navigation), else the first event.
const sends = events.filter((e) => e.name === 'ResourceSendRequest').sort((a, b) => a.ts - b.ts);
const documentSend = sends.find(
  (e) =>
    !/\.(js|css|svg|woff2?)(\?|$)/.test(e.args?.data?.url ?? '') &&
    !(e.args?.data?.url ?? '').includes('/bridge/'),
);
const origin = documentSend?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
const at = (ts: number) => `${((ts - origin) / 1000).toFixed(1).padStart(7)} ms`;

/** The served asset's short name. */
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');

// --- The CPU profile, by sample time, each sample's stack resolved through the source maps.
interface Frame {
  name: string;
  file: string;
}
function resolve(frame: ProfileNode['callFrame']): Frame {
  const map = mapOf(frame.url);
  if (map === undefined || frame.lineNumber < 0)
    return {
      name: frame.functionName,
      file: frame.url === '' ? frame.functionName || '(native)' : short(frame.url),
    };
  const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
  if (position.source === null) return { name: frame.functionName, file: short(frame.url) };
  const source = position.source.replace(/^(\.\.\/)+/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  return { name: position.name ?? frame.functionName, file: pkg ?? source };
}

interface Sample {
  ts: number;
  ms: number;
  stack: Frame[]; // leaf first
}
const samples: Sample[] = [];
if (profileFile !== undefined) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const resolvedById = new Map<number, Frame>();
  const frameOf = (id: number) => {
    let frame = resolvedById.get(id);
    if (frame === undefined) {
      frame = resolve(byId.get(id)!.callFrame);
      resolvedById.set(id, frame);
    }
    return frame;
  };
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const stack: Frame[] = [];
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node))
      stack.push(frameOf(node));
    samples.push({ ts, ms, stack });
  });
}

function top(map: Map<string, number>, count: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, ms]) => ms >= 0.5)
    .map(([key, ms]) => `${key} ${ms.toFixed(1)}`)
    .join(', ');
}

/** The task's samples: self time by file, inclusive time by project function. */
function profileOf(start: number, end: number): string[] {
  const inside = samples.filter((s) => s.ts >= start && s.ts < end);
  if (inside.length === 0) return [];
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const bySelf = new Map<string, number>();
  for (const sample of inside) {
    const leaf = sample.stack[0]!;
    if (leaf.name === '(idle)' || leaf.name === '(program)') continue;
    byFile.set(leaf.file, (byFile.get(leaf.file) ?? 0) + sample.ms);
    const selfKey = `${leaf.name || '(anonymous)'} ${leaf.file.replace(/^renderer\/src\//, '')}`;
    bySelf.set(selfKey, (bySelf.get(selfKey) ?? 0) + sample.ms);
    const seen = new Set<string>();
    for (const frame of sample.stack) {
      if (!frame.file.startsWith('renderer/') && !frame.file.startsWith('shared/')) continue;
      const key = `${frame.name || '(anonymous)'} ${frame.file.replace(/^renderer\/src\//, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byFunction.set(key, (byFunction.get(key) ?? 0) + sample.ms);
    }
  }
  return [
    `      self by file: ${top(byFile, 8)}`,
    `      self by function: ${top(bySelf, 8)}`,
    `      project fns (incl.): ${top(byFunction, 12)}`,
  ];
}

// --- Timeline lines.
const lines: { ts: number; text: string[] }[] = [];
const finishes = new Map<string, TraceEvent>();
const responses = new Map<string, TraceEvent>();
for (const e of events) {
  const id = e.args?.data?.requestId;
  if (id === undefined) continue;
  if (e.name === 'ResourceFinish') finishes.set(id, e);
  if (e.name === 'ResourceReceiveResponse') responses.set(id, e);
}
for (const send of sends) {
  if (send.ts < origin) continue;
  const id = send.args?.data?.requestId ?? '';
  const response = responses.get(id);
  const finish = finishes.get(id);
  lines.push({
    ts: send.ts,
    text: [
      `${at(send.ts)}  request ${send.args?.data?.requestMethod ?? ''} ${short(send.args?.data?.url ?? '')} → response ${response ? at(response.ts).trim() : '?'} → done ${finish ? at(finish.ts).trim() : '?'}`,
    ],
  });
}
for (const e of events) {
  if (
    e.cat?.includes('blink.user_timing') &&
    (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b') &&
    e.ts >= origin
  )
    lines.push({ ts: e.ts, text: [`${at(e.ts)}  mark ${e.name}`] });
}

const complete = events
  .filter((e) => e.ph === 'X' && onMain(e) && (e.dur ?? 0) > 0 && e.ts + (e.dur ?? 0) >= origin)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
const DESCRIBED = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'EventDispatch',
  'RunMicrotasks',
  'ParseAuthorStyleSheet',
  'MarkDOMContent',
  'HandlePostMessage',
  'FireIdleCallback',
  'v8.parseOnBackground',
  'v8.compile',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
]);
let current: { task: TraceEvent; end: number; parts: Map<string, number> } | undefined;
const flush = () => {
  if (current === undefined) return;
  const ms = current.task.dur! / 1000;
  if (ms >= minMs) {
    const parts = [...current.parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .filter(([, partMs]) => partMs >= 0.3)
      .map(([name, partMs]) => `${name} ${partMs.toFixed(1)}`)
      .join('; ');
    lines.push({
      ts: current.task.ts,
      text: [
        `${at(current.task.ts)}  TASK ${ms.toFixed(1)} ms: ${parts}`,
        ...profileOf(current.task.ts, current.end),
      ],
    });
  }
  current = undefined;
};
for (const e of complete) {
  const end = e.ts + e.dur!;
  if (e.name === 'RunTask' && (current === undefined || e.ts >= current.end)) {
    flush();
    current = { task: e, end, parts: new Map() };
    continue;
  }
  if (current === undefined || e.ts >= current.end || !DESCRIBED.has(e.name)) continue;
  const data = e.args?.data;
  const detail =
    e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule'
      ? ` ${short(data?.url ?? '')}`
      : e.name === 'FunctionCall'
        ? ` ${data?.functionName || '(anonymous)'}`
        : e.name === 'EventDispatch'
          ? ` ${data?.type ?? ''}`
          : '';
  const key = `${e.name}${detail}`;
  current.parts.set(key, (current.parts.get(key) ?? 0) + e.dur! / 1000);
}
flush();
for (const line of lines.sort((a, b) => a.ts - b.ts)) console.log(line.text.join('\n'));
