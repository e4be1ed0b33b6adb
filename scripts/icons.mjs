// `node scripts/icons.mjs`: draws the installers' icons from resources/icon.svg and writes them beside it (they
// are committed; run this again after changing the SVG). Debian's Chromium rasterizes the SVG (playwright-core,
// never a downloaded browser; CHROMIUM=<path> names another Chromium); the file formats are written here.
//   resources/icons/<n>x<n>.png  Linux (deb, AppImage): 16 to 512 px, the set the hicolor theme uses
//   resources/icon.icns          macOS (app, dmg): 16 to 1024 px, PNG entries, drawn on Apple's grid (824 of 1024)
//   resources/icon.ico           Windows (exe, NSIS): 16 to 256 px, 32-bit bitmaps up to 48 px (what old readers take), PNG above
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const resources = fileURLToPath(new URL('../resources/', import.meta.url));
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
const WINDOWS_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** icns entry types and the pixel size of the PNG each holds (the @2x types are the odd-looking ones). */
const MAC_ENTRIES = [
  ['icp4', 16],
  ['ic11', 32],
  ['icp5', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic13', 256],
  ['ic08', 256],
  ['ic14', 512],
  ['ic09', 512],
  ['ic10', 1024],
];
/** macOS icons leave a margin around the body: 100 px of 1024 on each side (Apple's icon template). */
const MAC_INSET = 100 / 1024;

// Runs in the page: draws the SVG at `size` px (inset by a fraction on each side) and returns its RGBA as base64.
const RASTERIZE = `window.rasterize = async (svg, size, inset) => {
  const image = new Image();
  image.src = 'data:image/svg+xml;base64,' + svg;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  const margin = size * inset;
  context.drawImage(image, margin, margin, size - 2 * margin, size - 2 * margin);
  const data = context.getImageData(0, 0, size, size).data;
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
};`;

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of a square image; every row uses the Sub filter (flat areas become zeros). */
function png(rgba, size) {
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? rgba[y * stride + x - 4] : 0;
      raw[row + 1 + x] = (rgba[y * stride + x] - left) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An icon resource as a 32-bit bitmap: BITMAPINFOHEADER, BGRA rows bottom-up, an empty AND mask. */
function bitmap(rgba, size) {
  const maskRow = Math.ceil(size / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // the XOR image and the AND mask
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = ((size - 1 - y) * size + x) * 4;
      const to = (y * size + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
    }
  }
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * size)]);
}

/** A Windows .ico of `[size, data]` images (a width or height of 256 is written as 0). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(([size, data], index) => {
    const entry = 6 + 16 * index;
    header[entry] = size >= 256 ? 0 : size;
    header[entry + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(([, data]) => data)]);
}

/** An Apple .icns of `[type, data]` entries. */
function icns(entries) {
  const parts = entries.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const svg = readFileSync(join(resources, 'icon.svg')).toString('base64');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  await page.setContent(`<script>${RASTERIZE}</script>`);
  const draw = async (size, inset) =>
    Buffer.from(
      await page.evaluate(([s, n, i]) => globalThis.rasterize(s, n, i), [svg, size, inset]),
      'base64',
    );

  mkdirSync(join(resources, 'icons'), { recursive: true });
  for (const size of LINUX_SIZES)
    writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png(await draw(size, 0), size));

  const windows = [];
  for (const size of WINDOWS_SIZES) {
    const rgba = await draw(size, 0);
    windows.push([size, size >= 64 ? png(rgba, size) : bitmap(rgba, size)]);
  }
  writeFileSync(join(resources, 'icon.ico'), ico(windows));

  const mac = [];
  for (const [type, size] of MAC_ENTRIES) mac.push([type, png(await draw(size, MAC_INSET), size)]);
  writeFileSync(join(resources, 'icon.icns'), icns(mac));
  console.log(
    `wrote resources/icons/ (${LINUX_SIZES.join(', ')} px), resources/icon.ico (${WINDOWS_SIZES.join(', ')} px) and resources/icon.icns (${MAC_ENTRIES.length} entries)`,
  );
} finally {
  await browser.close();
}
