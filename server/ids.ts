/** Random identifiers and tokens. */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/** A random id of 20 alphanumeric characters (about 119 bits), like GitBook's. Draws from a pooled buffer. */
export function newId(): string {
  let id = '';
  // 248 = 4 × 62: bytes above it are skipped so that every character is equally likely.
  while (id.length < 20) {
    if (offset >= POOL_SIZE) {
      pool = randomBytes(POOL_SIZE);
      offset = 0;
    }
    const byte = pool[offset++] as number;
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  return id;
}

/** A new API token: 256 random bits. Only its hash is stored. */
export function newToken(): string {
  return `gb_api_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A random id that sorts by creation time (milliseconds, then 14 random characters), for append-mostly tables such
 * as events: inserts land at the end of the primary-key index instead of on a random page.
 */
export function newTimeOrderedId(at: Date): string {
  return at.getTime().toString(36).padStart(9, '0') + newId().slice(0, 14);
}
