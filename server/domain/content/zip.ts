/**
 * Reading a zip archive without trusting it: the central directory is parsed by hand, and each entry wanted is
 * inflated with node:zlib under a hard cap on the bytes it actually produces (zlib stops as soon as the output
 * passes `maxOutputLength`, before allocating more), whatever the headers declare.
 *
 * Rules:
 * - Stored and deflated entries only; encrypted entries and zip64 archives are refused. At most `maxEntries`
 *   entries (counted as read, not as declared).
 * - An entry may produce at most: its declared size (producing more, or less, or bytes whose CRC-32 differs, is a
 *   lie and is refused), `maxEntryBytes`, what is left of `maxTotalBytes` for the whole archive, and `maxRatio` times
 *   its compressed size (entries under `ratioFloorBytes` excepted: tiny files compress without bound).
 * - Every refusal is a `ZipError` whose message names the entry and the limit.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

/** Content that is not a zip archive this reader accepts. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** An entry of the central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const names = new TextDecoder('utf-8', { fatal: false });
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) if (view.getUint32(at, true) === EOCD) return at;
  throw new ZipError('the content is not a readable zip archive (no end of central directory)');
}

/** The entries of the central directory, in order; at most `maxEntries`. */
export function listEntries(data: Uint8Array, limits: Pick<ZipLimits, 'maxEntries'>): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.byteLength < 22) throw new ZipError('the content is not a readable zip archive (too short)');
  const end = findEndOfDirectory(view);
  const declaredCount = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (declaredCount === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipError('zip64 archives are not supported: make a plain zip archive');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < declaredCount; i++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL)
      throw new ZipError('the content is not a readable zip archive (a central directory entry is broken)');
    if (entries.length >= limits.maxEntries)
      throw new ZipError(`the archive holds more than ${limits.maxEntries} entries`);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > view.byteLength)
      throw new ZipError('the content is not a readable zip archive (an entry name is cut)');
    entries.push({
      name: names.decode(data.subarray(at + 46, at + 46 + nameLength)),
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function compressedBytes(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL)
    throw new ZipError(`entry \`${entry.name}\` is broken (no local header)`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff)
    throw new ZipError('zip64 archives are not supported: make a plain zip archive');
  if (start + entry.compressedSize > view.byteLength)
    throw new ZipError(`entry \`${entry.name}\` is cut short: the archive is incomplete`);
  return data.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates an entry under the limits, `usedBytes` being what the archive's entries produced so far; answers its
 * bytes.
 */
export function inflateEntry(
  data: Uint8Array,
  entry: ZipEntry,
  limits: ZipLimits,
  usedBytes: number,
): Uint8Array {
  if (entry.encrypted) throw new ZipError(`entry \`${entry.name}\` is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipError(
      `entry \`${entry.name}\` uses compression method ${entry.method}: only stored and deflated entries are read`,
    );
  const compressed = compressedBytes(data, entry);
  const left = limits.maxTotalBytes - usedBytes;
  const byRatio = Math.max(limits.ratioFloorBytes, limits.maxRatio * compressed.byteLength);
  const caps: [number, string][] = [
    [
      entry.declaredSize,
      `entry \`${entry.name}\` inflates to more than the ${entry.declaredSize} bytes its header declares`,
    ],
    [limits.maxEntryBytes, `entry \`${entry.name}\` is larger than ${mb(limits.maxEntryBytes)} uncompressed`],
    [left, `the archive's markdown is larger than ${mb(limits.maxTotalBytes)} uncompressed`],
    [byRatio, `entry \`${entry.name}\` inflates to more than ${limits.maxRatio} times its compressed size`],
  ];
  const [cap, reason] = caps.reduce((lowest, next) => (next[0] < lowest[0] ? next : lowest));
  // The cap already passed: refused without inflating anything.
  if (cap < 0) throw new ZipError(reason);
  let bytes: Uint8Array;
  if (entry.method === 0) {
    if (compressed.byteLength > cap) throw new ZipError(reason);
    bytes = compressed;
  } else {
    try {
      bytes = inflateRawSync(compressed, { maxOutputLength: Math.max(1, cap) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(reason);
      throw new ZipError(`entry \`${entry.name}\` cannot be inflated (${(error as Error).message})`);
    }
    if (cap === 0 && bytes.byteLength > 0) throw new ZipError(reason);
  }
  if (bytes.byteLength !== entry.declaredSize)
    throw new ZipError(
      `entry \`${entry.name}\` inflates to ${bytes.byteLength} bytes, not the ${entry.declaredSize} its header declares`,
    );
  if (crc32(bytes) !== entry.crc)
    throw new ZipError(`entry \`${entry.name}\` is corrupt (its CRC-32 does not match)`);
  return bytes;
}
