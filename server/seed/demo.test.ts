import { describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database.ts';
import { authenticate } from '../http/auth.ts';
import { mintSandboxToken, seedDemo } from './demo.ts';

describe('demo seed', () => {
  it('seeds every role and a guest once, and mints a sandbox token that replaces the previous one', () => {
    const db = openDatabase(':memory:');
    const now = new Date('2026-03-01T00:00:00.000Z');
    expect(mintSandboxToken(db, now)).toBeUndefined();
    const seeded = seedDemo(db, now);
    expect(new Set(seeded?.tokens.map((t) => t.role))).toEqual(
      new Set(['admin', 'create', 'review', 'edit', 'comment', 'read', null]),
    );
    expect(seedDemo(db, now)).toBeUndefined();
    const first = mintSandboxToken(db, now) as string;
    const owner = authenticate(db, `Bearer ${first}`).userId;
    const second = mintSandboxToken(db, now) as string;
    expect(authenticate(db, `Bearer ${second}`).userId).toBe(owner);
    expect(() => authenticate(db, `Bearer ${first}`)).toThrow(/unknown/);
  });
});
