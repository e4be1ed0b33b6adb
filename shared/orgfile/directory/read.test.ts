/** Reading each provider's exports (the fixtures are written as Okta, Entra ID and Google Workspace write them). */
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures/fixtures.ts';
import { readDirectory, type DirectoryInput } from './read.ts';

const read = (inputs: DirectoryInput[]) => {
  const result = readDirectory(inputs);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.directory;
};
const problems = (inputs: DirectoryInput[]) => {
  const result = readDirectory(inputs);
  return result.ok ? [] : result.problems;
};

describe('reading directory exports', () => {
  it.each(['okta', 'entra', 'google'] as const)(
    'reads the %s fixtures: people, status and groups',
    (vendor) => {
      const directory = read(FIXTURES[vendor]);
      const groups = (name: string) =>
        name.includes('@') && vendor === 'google' ? `${name.split(' ')[0]!.toLowerCase()}@acme.test` : name;
      const g = (...names: string[]) => names.map(groups);
      expect(
        directory.people.map((p) => [p.email, p.present, [...p.groups].map((x) => x.toLowerCase()).sort()]),
      ).toEqual(
        [
          ['owner@acme.test', true, ['docs admins', 'engineering']],
          ['ed@acme.test', true, ['engineering']],
          ['rita@acme.test', true, ['support']],
          ['sam@acme.test', true, ['engineering']],
          ['gone@acme.test', false, ['support']],
          ['nina@acme.test', true, ['docs admins', 'support']],
        ].map(([email, present, names]) => [
          email,
          present,
          vendor === 'google'
            ? (names as string[]).map((n) => `${n.replace(' ', '-')}@acme.test`).sort()
            : g(...(names as string[])),
        ]),
      );
      expect(directory.people.find((p) => p.email === 'sam@acme.test')?.name).toMatch(/Sam/);
      expect(directory.files.map((f) => f.format).sort()).toEqual(
        {
          okta: ['okta-groups', 'okta-users'],
          entra: ['entra-group-members', 'entra-group-members', 'entra-group-members', 'entra-users'],
          google: ['google-group-members', 'google-users'],
        }[vendor],
      );
    },
  );

  it('passes over members that are groups or devices, saying so', () => {
    expect(read(FIXTURES.google).warnings).toEqual([
      'docs-admins-members.csv, line 7, column “Member Type”: a group, not a person: not used',
    ]);
    expect(read(FIXTURES.entra).warnings).toEqual([
      'exportGroupMembers_2026-11-27 (1).csv, line 5, column “objectType”: a group, not a person: not used',
    ]);
  });

  it('keeps Google Workspace org units, and Entra ID guests by their mail', () => {
    expect(read(FIXTURES.google).people.find((p) => p.email === 'sam@acme.test')?.orgUnit).toBe(
      '/Engineering/Platform',
    );
    const entra = read([
      {
        name: 'users.csv',
        text:
          'userPrincipalName,displayName,mail,accountEnabled\n' +
          'jo_partner.test#EXT#@acme.onmicrosoft.com,Jo Partner,jo@partner.test,True\n' +
          'kim@acme.test,Kim,,false\n',
      },
      {
        name: 'g.csv',
        group: 'Guests',
        text: 'id,userPrincipalName,displayName\n1,jo_partner.test#EXT#@acme.onmicrosoft.com,Jo\n',
      },
    ]);
    expect(entra.people.map((p) => [p.email, p.present, p.groups])).toEqual([
      ['jo@partner.test', true, ['Guests']],
      ['kim@acme.test', false, []],
    ]);
  });

  it('reads group membership files alone as the directory', () => {
    const directory = read([FIXTURES.google[1]!]);
    expect(directory.people.find((p) => p.email === 'gone@acme.test')?.present).toBe(false);
    expect(directory.people).toHaveLength(6);
  });

  it('warns about a group member no user export lists', () => {
    const directory = read([
      FIXTURES.okta[0]!,
      {
        name: 'groups.csv',
        text: 'Group name,Username,Primary email\nEngineering,x@acme.test,x@acme.test\n',
      },
    ]);
    expect(directory.warnings).toEqual([
      'groups.csv, line 2, column “Primary email”: x@acme.test is in “Engineering” but in no user export: not used',
    ]);
  });

  it('names the file, the line and the column of each problem', () => {
    expect(
      problems([
        {
          name: 'okta.csv',
          text: 'Username,First name,Last name,Primary email,Status\nbob,Bob,B,bob@,ACTIVE\nann,Ann,A,ann@acme.test,HIBERNATING\ncid,Cid,C,,ACTIVE\n',
        },
      ]),
    ).toEqual([
      'okta.csv, line 2, column “Primary email”: “bob@” is not an email address',
      'okta.csv, line 3, column “Status”: “HIBERNATING” is not a status the Okta user export writes',
      'okta.csv, line 4, column “Primary email”: no email address',
    ]);
    expect(
      problems([
        {
          name: 'a.csv',
          text: 'Email Address [Required],Org Unit Path [Required],Status [READ ONLY]\na@acme.test,/,Active\nA@ACME.TEST,/,Active\n',
        },
      ]),
    ).toEqual(['a.csv, line 3, column “Email Address [Required]”: “A@ACME.TEST” is also at a.csv, line 2']);
    expect(problems([{ name: 'other.csv', text: 'name,phone\nBob,555\n' }])).toEqual([
      'other.csv, line 1: not a user or group export of Okta, Microsoft Entra ID or Google Workspace (its columns start “name”, “phone”)',
    ]);
    expect(problems([{ name: 'empty.csv', text: '' }])[0]).toMatch(/the file is empty/);
    expect(
      problems([{ name: 'cut.csv', text: 'Group Email,Member Email\n"g@acme.test,a@acme.test\n' }]),
    ).toEqual(['cut.csv, line 2, column 1: a quote opened here is never closed']);
  });

  it('refuses a file past the parser’s limits with where it went past', () => {
    const long = `Group Email,Member Email\ng@acme.test,${'a'.repeat(10_001)}@acme.test\n`;
    expect(problems([{ name: 'big.csv', text: long }])).toEqual([
      'big.csv, line 2, column 2: a cell is longer than 10,000 characters',
    ]);
  });

  it('reads the groups an Okta user export lists in a Groups column', () => {
    const directory = read([
      {
        name: 'okta.csv',
        text: 'Username,Primary email,Status,Groups\nann,ann@acme.test,LOCKED_OUT,"Engineering; Docs Admins"\nbo,bo@acme.test,Deactivated,\n',
      },
    ]);
    expect(directory.people.map((p) => [p.email, p.present, p.groups])).toEqual([
      ['ann@acme.test', true, ['Engineering', 'Docs Admins']],
      ['bo@acme.test', false, []],
    ]);
  });
});
