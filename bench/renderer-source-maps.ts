/** The renderer build's source maps, by the served file's name (`/assets/<name>.js`): profiles' frames resolved to sources. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap } from '@jridgewell/trace-mapping';

const ASSETS = join(import.meta.dirname, '..', 'out', 'renderer', 'assets');
const maps = new Map<string, TraceMap | undefined>();

/** The source map of the served asset at `url`, read once; undefined for another URL or an asset without one. */
export function mapOf(url: string): TraceMap | undefined {
  const asset = /^https?:\/\/[^/]+\/assets\/([^/?#]+\.js)/.exec(url)?.[1];
  if (asset === undefined) return undefined;
  if (!maps.has(asset)) {
    const file = join(ASSETS, `${asset}.map`);
    maps.set(asset, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : undefined);
  }
  return maps.get(asset);
}
