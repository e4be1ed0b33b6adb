/** A JS heap snapshot of a page through the Chrome DevTools Protocol, and where a string in it is retained. */
import type { BrowserContext, Page } from 'playwright-core';

/** Collects garbage, then takes a heap snapshot of the page's isolate and answers its JSON text. */
export async function takeHeapSnapshot(context: BrowserContext, page: Page): Promise<string> {
  const session = await context.newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await session.detach();
  return chunks.join('');
}

interface SnapshotJson {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Retainer {
  from: number;
  edge: string;
}

/**
 * For diagnosis when a secret is found: up to `limit` retaining paths (root first) of each heap node whose
 * name contains `needle`, written as `NodeName -[edge]-> NodeName …`.
 */
export function retainingPaths(snapshotText: string, needle: string, limit = 3): string[] {
  const heap = JSON.parse(snapshotText) as SnapshotJson;
  const { meta } = heap.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [typeAt, nameAt, edgeCountAt] = ['type', 'name', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  );
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) =>
    meta.edge_fields.indexOf(f),
  );
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const nodeCount = heap.nodes.length / nodeWidth;
  const label = (node: number) => {
    const base = node * nodeWidth;
    const name = heap.strings[heap.nodes[base + nameAt!]!] ?? '';
    return `${nodeTypes[heap.nodes[base + typeAt!]!]}:${name.length > 60 ? `${name.slice(0, 60)}…` : name}`;
  };
  // Reverse the edges once: who points at each node, by which edge (weak edges do not retain).
  const retainers: Retainer[][] = Array.from({ length: nodeCount }, () => []);
  let edge = 0;
  for (let node = 0; node < nodeCount; node++) {
    const count = heap.nodes[node * nodeWidth + edgeCountAt!]!;
    for (let k = 0; k < count; k++, edge += edgeWidth) {
      const type = edgeTypes[heap.edges[edge + edgeTypeAt!]!] ?? '';
      if (type === 'weak') continue;
      const raw = heap.edges[edge + edgeNameAt!]!;
      const name = type === 'element' || type === 'hidden' ? `[${raw}]` : (heap.strings[raw] ?? '');
      retainers[heap.edges[edge + toAt!]! / nodeWidth]!.push({ from: node, edge: `${type}:${name}` });
    }
  }
  const paths: string[] = [];
  for (let node = 0; node < nodeCount && paths.length < limit; node++) {
    const name = heap.strings[heap.nodes[node * nodeWidth + nameAt!]!] ?? '';
    if (name.includes(needle)) paths.push(pathToRoot(node, retainers, label));
  }
  return paths;
}

/** Breadth-first from the node up to the snapshot's root (node 0): the shortest retaining path. */
function pathToRoot(target: number, retainers: Retainer[][], label: (node: number) => string): string {
  const via = new Map<number, Retainer & { next: number }>();
  const queue = [target];
  const seen = new Set(queue);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === 0) break;
    for (const retainer of retainers[node] ?? []) {
      if (seen.has(retainer.from)) continue;
      seen.add(retainer.from);
      via.set(retainer.from, { ...retainer, next: node });
      queue.push(retainer.from);
    }
  }
  if (!via.has(0)) return `${label(target)} (no path to the root: garbage not yet collected)`;
  const steps: string[] = [];
  for (let node = 0; node !== target;) {
    const step = via.get(node)!;
    steps.push(`${label(node)} -[${step.edge}]->`);
    node = step.next;
  }
  return [...steps, label(target)].join(' ');
}
