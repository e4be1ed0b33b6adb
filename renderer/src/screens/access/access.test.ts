/** Inspect access's pure parts: the URL's search, the list's filters, the access review's lines, the CSV file. */
import { describe, expect, it } from 'vitest';
import type { AccessEntry } from '../../../../shared/contract/resources/access.ts';
import { CsvFile } from '../../ui/csvFile.ts';
import { ACCESS_REVIEW_COLUMNS, accessReviewFileName, accessReviewRow } from './accessReview.ts';
import { parseAccessSearch } from './accessSearch.ts';
import { filterEntries, shownEntry } from './filterEntries.ts';

const space = (id: string, title: string, level: AccessEntry['level']): AccessEntry => ({
  object: 'access-entry',
  item: { type: 'space', id, title },
  level,
  path:
    level === null
      ? [{ kind: 'default-no-access', on: { type: 'space', id, title } }]
      : [
          {
            kind: 'grant',
            on: { type: 'space', id, title },
            role: level,
            source: { via: 'team', teamId: 't', teamTitle: 'Writers, EU' },
          },
        ],
});

describe('inspect access', () => {
  it('reads who and the filters from the URL, dropping what is not one of their values', () => {
    expect(
      parseAccessSearch({ member: 'u1', team: 't1', type: 'space', level: 'edit', q: ' guide ' }),
    ).toEqual({
      member: 'u1',
      type: 'space',
      level: 'edit',
      q: 'guide',
    });
    expect(parseAccessSearch({ team: 't1', type: 'page', level: 'owner', q: '' })).toEqual({ team: 't1' });
    expect(parseAccessSearch({ member: '../x', level: 'none' })).toEqual({ level: 'none' });
  });

  it('filters by type, level (that level or more, or none: why not) and text over title and reason', () => {
    const rows = [
      space('a', 'Guide', 'edit'),
      space('b', 'Secret', null),
      space('c', 'Handbook', 'read'),
      { ...space('d', 'Web', 'admin'), item: { type: 'site' as const, id: 'd', title: 'Web' } },
    ].map(shownEntry);
    const ids = (search: Parameters<typeof filterEntries>[1]) =>
      filterEntries(rows, search).map((r) => r.entry.item.id);
    expect(ids({})).toEqual(['a', 'c', 'd']);
    expect(ids({ level: 'edit' })).toEqual(['a', 'd']);
    expect(ids({ level: 'none' })).toEqual(['b']);
    expect(ids({ type: 'space' })).toEqual(['a', 'c']);
    expect(ids({ q: 'writers' })).toEqual(['a', 'c', 'd']);
    expect(ids({ q: 'no access', level: 'none' })).toEqual(['b']);
  });

  it('writes the access review a chunk at a time, quoting what needs it', async () => {
    const file = new CsvFile(ACCESS_REVIEW_COLUMNS);
    const who = { kind: 'member' as const, id: 'u1', label: 'Rita <rita@example.com>' };
    file.write([accessReviewRow(who, space('a', 'Guide', 'edit'))]);
    file.write([accessReviewRow(who, space('b', '=Secret', null))]);
    expect(file.rows).toBe(2);
    expect(await file.blob().text()).toBe(
      [
        'subjectType,subjectId,subject,itemType,itemId,item,level,reason,path',
        'member,u1,Rita <rita@example.com>,space,a,Guide,edit,"edit on space “Guide”, given to team “Writers, EU”","edit on space “Guide”, given to team “Writers, EU”"',
        "member,u1,Rita <rita@example.com>,space,b,'=Secret,none,space “=Secret” gives no access by default,space “=Secret” gives no access by default",
        '',
      ].join('\r\n'),
    );
    expect(accessReviewFileName('Acme Docs', new Date(2026, 10, 27))).toBe(
      'access-review-acme-docs-2026-11-27.csv',
    );
  });
});
