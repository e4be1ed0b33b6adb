import { describe, expect, it } from 'vitest';
import { addressProblem, mergeEntries, readInviteCsv, splitAddresses } from './addresses.ts';

describe('addressProblem', () => {
  it('accepts addresses the contract accepts', () => {
    expect(addressProblem('jane@example.com')).toBeUndefined();
    expect(addressProblem('J.Doe+docs@sub.example.co.uk')).toBeUndefined();
  });

  it('refuses what is not an address, or too long', () => {
    expect(addressProblem('jane')).toBe('not an email address');
    expect(addressProblem('jane@')).toBe('not an email address');
    expect(addressProblem('@example.com')).toBe('not an email address');
    expect(addressProblem('ja ne@example.com')).toBe('not an email address');
    expect(addressProblem(`${'a'.repeat(250)}@x.io`)).toMatch(/longer than 254/);
  });
});

describe('splitAddresses', () => {
  it('splits on commas, semicolons, spaces and newlines, with line numbers', () => {
    const { entries, invalid } = splitAddresses('a@x.io, b@x.io;c@x.io\n\n  d@x.io  e@x.io\r\n<f@x.io>');
    expect(entries.map((e) => [e.email, e.line])).toEqual([
      ['a@x.io', 1],
      ['b@x.io', 1],
      ['c@x.io', 1],
      ['d@x.io', 3],
      ['e@x.io', 3],
      ['f@x.io', 4],
    ]);
    expect(invalid).toEqual([]);
  });

  it('lists invalid tokens by line', () => {
    const { entries, invalid } = splitAddresses('a@x.io\nnot-an-address b@x.io\nc@');
    expect(entries.map((e) => e.email)).toEqual(['a@x.io', 'b@x.io']);
    expect(invalid.map((e) => [e.text, e.line])).toEqual([
      ['not-an-address', 2],
      ['c@', 3],
    ]);
    expect(invalid[0]?.source).toBe('text');
  });

  it('answers nothing for blank text', () => {
    expect(splitAddresses('  \n , ;')).toEqual({ entries: [], invalid: [] });
  });
});

describe('readInviteCsv', () => {
  it('reads a header row in any order, with roles', () => {
    const { entries, invalid } = readInviteCsv(
      'Name,Role,Email\n"Doe, Jane",Edit,jane@x.io\nBob,,bob@x.io\n',
    );
    expect(entries).toEqual([
      { email: 'jane@x.io', role: 'edit', source: 'csv', line: 2 },
      { email: 'bob@x.io', source: 'csv', line: 3 },
    ]);
    expect(invalid).toEqual([]);
  });

  it('reads email then role without a header, guest included', () => {
    const { entries } = readInviteCsv('a@x.io,guest\nb@x.io');
    expect(entries.map((e) => [e.email, e.role])).toEqual([
      ['a@x.io', 'guest'],
      ['b@x.io', undefined],
    ]);
  });

  it('reports unknown roles, missing and invalid addresses by line', () => {
    const { entries, invalid } = readInviteCsv('email,role\na@x.io,owner\n,read\nnope,read\nok@x.io,READ');
    expect(entries.map((e) => [e.email, e.role])).toEqual([['ok@x.io', 'read']]);
    expect(invalid.map((e) => [e.line, e.reason])).toEqual([
      [2, expect.stringMatching(/unknown role “owner”/)],
      [3, 'no email address'],
      [4, 'not an email address'],
    ]);
  });

  it('skips blank records', () => {
    expect(readInviteCsv('email\n,\n\na@x.io').entries.map((e) => e.line)).toEqual([4]);
  });
});

describe('mergeEntries', () => {
  it('keeps the first of each address, ignoring case', () => {
    const merged = mergeEntries(splitAddresses('A@x.io b@x.io'), readInviteCsv('a@X.io,edit\nc@x.io'));
    expect(merged.entries.map((e) => e.email)).toEqual(['A@x.io', 'b@x.io', 'c@x.io']);
    expect(merged.duplicates).toBe(1);
  });
});
