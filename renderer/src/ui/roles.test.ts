import { describe, expect, it } from 'vitest';
import { parseRole, roleName, ROLE_VALUES, roleLabel } from './roles.ts';

describe('roles', () => {
  it("uses GitBook's names", () => {
    expect(ROLE_VALUES.map(roleLabel)).toEqual([
      'Admin',
      'Creator',
      'Reviewer',
      'Editor',
      'Commenter',
      'Reader',
      'Guest',
    ]);
    expect(roleName(null)).toBe('Guest');
  });

  it("reads a role by the API's name or GitBook's, in any case", () => {
    expect(parseRole(' Edit ')).toBe('edit');
    expect(parseRole('editor')).toBe('edit');
    expect(parseRole('READER')).toBe('read');
    expect(parseRole('guest')).toBe('guest');
    expect(parseRole('owner')).toBeUndefined();
  });
});
