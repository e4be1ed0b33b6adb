import { describe, expect, it } from 'vitest';
import { pickProfileId } from './pickProfile.ts';

const profiles = [{ id: 'local' }, { id: 'acme' }];

describe('pickProfileId', () => {
  it('prefers the URL, then the last used profile that still exists, then the local sandbox', () => {
    expect(pickProfileId(profiles, 'acme', 'local')).toBe('acme');
    expect(pickProfileId(profiles, undefined, 'acme')).toBe('acme');
    expect(pickProfileId(profiles, undefined, 'removed')).toBe('local');
    expect(pickProfileId(profiles, undefined, undefined)).toBe('local');
  });

  it('falls back to the first profile without a local sandbox, and to nothing without profiles', () => {
    expect(pickProfileId([{ id: 'acme' }], undefined, undefined)).toBe('acme');
    expect(pickProfileId([], undefined, undefined)).toBeUndefined();
  });

  it('guesses the last used (or local) profile while the list loads', () => {
    expect(pickProfileId(undefined, undefined, 'acme')).toBe('acme');
    expect(pickProfileId(undefined, undefined, undefined)).toBe('local');
  });
});
