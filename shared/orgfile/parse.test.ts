/** Reading an organization file's YAML: what the exporter writes reads back; keys twice, aliases and depth are refused. */
import { describe, expect, it } from 'vitest';
import { orgFileYaml } from './export.ts';
import { parseOrgFile } from './parse.ts';
import type { OrgFile } from './schema.ts';

/** A small file whose member names are scalars other readers take for numbers, booleans, nulls or dates. */
function file(): OrgFile {
  const names = [
    '1_000',
    '0b11',
    '0o17',
    '012',
    '+12',
    '.inf',
    'yes',
    'True',
    'null',
    '~',
    '2026-01-01',
    '1:20',
    ' padded ',
    'a: b',
    '- dash',
    '#hash',
    '*star',
    '&amp',
    '“R&D” ünïcode 🙂',
    'two\nlines',
  ];
  return {
    version: 2,
    organization: { title: 'Acme', id: 'org1' },
    members: names.map((name, i) => ({ email: `m${i}@acme.test`, name, role: i === 0 ? 'admin' : 'read' })),
    teams: [{ title: 'Docs', id: 't1', members: [{ email: 'm0@acme.test', role: 'owner' }] }],
    collections: [
      { title: 'Guides', defaultLevel: 'inherit', collections: [{ title: 'API', defaultLevel: null }] },
    ],
  };
}

describe('parseOrgFile reading YAML', () => {
  it('reads back what the exporter writes, strings that look like other scalars included', () => {
    expect(parseOrgFile(orgFileYaml(file()))).toEqual({ ok: true, file: file() });
  });

  it('reads JSON, which is YAML', () => {
    expect(parseOrgFile(JSON.stringify(file()))).toEqual({ ok: true, file: file() });
  });

  it('refuses a mapping key given twice, naming its line and column', () => {
    const lines = orgFileYaml(file()).split('\n');
    const at = lines.indexOf('        role: owner');
    expect(at).toBeGreaterThan(0);
    lines.splice(at + 1, 0, '        role: member');
    const read = parseOrgFile(lines.join('\n'));
    expect(read.ok).toBe(false);
    const problems = read.ok ? [] : read.problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('the file is not YAML: duplicated mapping key');
    expect(problems[0]).toContain(`(${at + 2}:9)`);
  });

  it('refuses a file whose aliases would expand without end (a billion laughs), at its first alias', () => {
    const letters = 'abcdefghij';
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `${letters[i]}: &${letters[i]} [${Array(10)
          .fill(`*${letters[i - 1]}`)
          .join(',')}]`,
      );
    expect(parseOrgFile(lines.join('\n'))).toEqual({
      ok: false,
      problems: [
        'the file: an alias (`*a`) at line 2, column 8: the organization file takes no aliases (an exported file ' +
          'has none); write the value out in full',
      ],
    });
  });

  it('refuses even one alias, and reads an anchor no alias names as its value', () => {
    const text = orgFileYaml(file());
    const aliased = text.replace('title: Docs', 'title: &docs Docs') + 'extra: *docs\n';
    expect(parseOrgFile(aliased)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('(`*docs`)')],
    });
    expect(parseOrgFile(text.replace('title: Docs', 'title: &docs Docs'))).toEqual({
      ok: true,
      file: file(),
    });
  });

  it('refuses sequences nested past 500 levels, as YAML, without running out of stack', () => {
    const read = parseOrgFile(`members: ${'['.repeat(600)}${']'.repeat(600)}`);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.problems[0]).toMatch(
      /^the file is not YAML: nesting exceeded maxDepth \(500\)/,
    );
  });
});
