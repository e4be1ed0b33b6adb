/** Random identifiers and tokens. */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random id of 20 alphanumeric characters (about 119 bits), like GitBook's. */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % 62];
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
