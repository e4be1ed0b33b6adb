/** The renderer's initial assets: the scripts, module preloads and stylesheets that index.html references. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One asset the page loads before anything else, with its size raw and gzipped (zlib's default level). */
export interface InitialAsset {
  file: string;
  kind: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
}

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

/** Reads out/renderer/index.html and sizes every local asset it references directly. */
export function initialAssets(outDir: string): InitialAsset[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const assets: InitialAsset[] = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const rel = attrs.get('rel');
    const kind =
      name!.toLowerCase() === 'script' || rel === 'modulepreload'
        ? 'js'
        : rel === 'stylesheet'
          ? 'css'
          : undefined;
    const ref = attrs.get('src') ?? attrs.get('href');
    if (kind === undefined || ref === undefined || /^[a-z]+:/i.test(ref)) continue;
    const bytes = readFileSync(join(outDir, ref.replace(/^\.?\//, '')));
    assets.push({ file: ref, kind, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length });
  }
  return assets;
}
