/**
 * Small valid PNG images for the demo content, built in code so that the seed ships no binary files: a solid
 * background with a lighter band, 16×16, true colour.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FileInput } from '../domain/content/revisions.ts';

const SIZE = 16;
const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

/** A 16×16 PNG of `rgb`, its middle rows lightened. */
export function solidPng(rgb: readonly [number, number, number]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // true colour, no alpha
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y++) {
    const offset = y * (1 + SIZE * 3);
    rows[offset] = 0; // no filter
    const band = y >= 6 && y < 10;
    for (let x = 0; x < SIZE; x++)
      for (let c = 0; c < 3; c++)
        rows[offset + 1 + x * 3 + c] = band ? Math.round(rgb[c]! + (255 - rgb[c]!) / 2) : rgb[c]!;
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The demo's images by file name, each drawn in its own colour. */
const COLOURS: Record<string, [number, number, number]> = {
  'architecture.png': [37, 99, 235],
  'dashboard.png': [22, 163, 74],
  'workflow.png': [234, 88, 12],
  'logo.png': [147, 51, 234],
  'screenshot.png': [71, 85, 105],
  'diagram.png': [220, 38, 38],
};

export const DEMO_IMAGE_NAMES = Object.keys(COLOURS);

let cache: Map<string, Uint8Array> | undefined;

/** The file inputs of the named demo images. */
export function demoImages(names: readonly string[]): FileInput[] {
  cache ??= new Map(Object.entries(COLOURS).map(([name, rgb]) => [name, solidPng(rgb)]));
  return names.map((name) => {
    const data = cache?.get(name);
    if (!data) throw new Error(`no demo image named ${name}`);
    return { name, contentType: 'image/png', data, dimensions: { width: SIZE, height: SIZE } };
  });
}
