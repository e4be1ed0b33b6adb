import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/contract/common.ts';
import type { Team } from '../../../../shared/contract/resources/members.ts';
import type { AccessOverview, DirectGrant } from '../../queries/permissions.ts';
import { granteesPhrase, matchCandidates } from './candidates.ts';
import { accessRows, explainPerson, lowersLevel } from './rows.ts';

const user = (id: string, displayName: string): User => ({
  object: 'user',
  id,
  displayName,
  email: `${id}@acme.test`,
  urls: { location: '' },
});
const team = (id: string, title: string, members = 2): Team => ({
  object: 'team',
  id,
  title,
  members,
  spaces: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  permissions: { admin: true, view: true },
});
const toUser = (who: User, role: DirectGrant['role']): DirectGrant => ({
  grantee: { type: 'user', user: who },
  role,
});
const toTeam = (which: Team, role: DirectGrant['role']): DirectGrant => ({
  grantee: { type: 'team', team: which },
  role,
});

const ada = user('ada', 'Ada');
const dennis = user('dennis', 'Dennis');
const grace = user('grace', 'Grace');
const writers = team('writers', 'Writers');

/** A space "Guide" in the collection "Docs" (default Reader), published by the site "Help". */
function overview(changes: Partial<AccessOverview> = {}): AccessOverview {
  const item = { type: 'space' as const, id: 'guide' };
  return {
    item,
    title: 'Guide',
    defaultLevel: 'inherit',
    here: { item, title: 'Guide', grants: [toTeam(writers, 'edit'), toUser(grace, 'comment')] },
    parents: [
      { item: { type: 'collection', id: 'docs' }, title: 'Docs', defaultLevel: 'inherit', grants: [] },
    ],
    sites: [{ item: { type: 'site', id: 'help' }, title: 'Help', grants: [] }],
    aggregate: [
      { user: ada, level: 'admin' },
      { user: dennis, level: 'edit' },
      { user: grace, level: 'comment' },
    ],
    roles: new Map([
      ['ada', 'admin'],
      ['dennis', 'read'],
      ['grace', 'edit'],
    ]),
    teamsOf: new Map([['dennis', [writers]]]),
    ...changes,
  };
}

describe('the rows of an Access tab', () => {
  it('lists the teams given a role here, then people with their level and the path that grants it', () => {
    const rows = accessRows(overview());
    expect(rows.map((row) => [row.key, row.given, row.level])).toEqual([
      ['team:writers', 'edit', undefined],
      ['user:ada', undefined, 'admin'],
      ['user:dennis', undefined, 'edit'],
      ['user:grace', 'comment', 'comment'],
    ]);
    expect(rows[0]!.detail).toBe('2 members');
    expect(rows[1]!.reasons).toEqual(['Organization admin: admin everywhere']);
    expect(rows[2]!.reasons).toEqual(['edit on space “Guide”, given to team “Writers”']);
    // A person's own grant wins over their organization role, down as well as up.
    expect(rows[3]!.reasons).toEqual(['comment on space “Guide”, given directly']);
  });

  it('walks the default levels to a parent collection, a site and the organization role', () => {
    const bare = overview({
      here: { item: { type: 'space', id: 'guide' }, title: 'Guide', grants: [] },
      parents: [
        { item: { type: 'collection', id: 'docs' }, title: 'Docs', defaultLevel: 'read', grants: [] },
      ],
    });
    expect(explainPerson(bare, 'grace').path.map((r) => r.kind)).toEqual(['inherits', 'default-restricts']);
    expect(explainPerson(bare, 'grace').level).toBe('read');
    const published = overview({
      here: { item: { type: 'space', id: 'guide' }, title: 'Guide', grants: [] },
      sites: [{ item: { type: 'site', id: 'help' }, title: 'Help', grants: [toTeam(writers, 'review')] }],
    });
    expect(explainPerson(published, 'dennis')).toMatchObject({
      level: 'review',
      path: [{ kind: 'site-grant' }],
    });
  });

  it('explains a site: a grant on it, else the organization role; members left without access are not listed', () => {
    const item = { type: 'site' as const, id: 'help' };
    const site = overview({
      item,
      title: 'Help',
      here: { item, title: 'Help', grants: [toUser(dennis, 'review')] },
      parents: [],
      sites: [],
      aggregate: [
        { user: dennis, level: 'review' },
        { user: grace, level: null },
      ],
    });
    const rows = accessRows(site);
    expect(rows.map((row) => row.key)).toEqual(['user:dennis']);
    expect(rows[0]!.reasons).toEqual(['review on site “Help”, given directly']);
  });

  it('tells when a change lowers a person’s own level', () => {
    const data = overview();
    const writersGrant = { grantee: { type: 'team' as const, id: 'writers' }, role: null };
    expect(lowersLevel(data, 'dennis', writersGrant)).toBe(true);
    expect(lowersLevel(data, 'dennis', { ...writersGrant, role: 'admin' })).toBe(false);
    // An admin keeps admin whatever is taken back here.
    expect(lowersLevel(data, 'ada', writersGrant)).toBe(false);
    // Grace's own grant (comment) is below her role (edit): taking it back raises her.
    expect(lowersLevel(data, 'grace', { grantee: { type: 'user', id: 'grace' }, role: null })).toBe(false);
  });
});

describe('the picker and the messages', () => {
  const candidates = [
    { type: 'team' as const, id: 'writers', name: 'Writers', detail: '2 members' },
    { type: 'user' as const, id: 'dennis', name: 'Dennis', detail: 'dennis@acme.test' },
  ];

  it('matches names and emails, case-insensitively, and nothing for an empty query', () => {
    expect(matchCandidates(candidates, 'WRIT').map((c) => c.id)).toEqual(['writers']);
    expect(matchCandidates(candidates, 'acme.test').map((c) => c.id)).toEqual(['dennis']);
    expect(matchCandidates(candidates, '  ')).toEqual([]);
  });

  it('names those given a role', () => {
    expect(granteesPhrase([candidates[0]!])).toBe('team “Writers”');
    expect(granteesPhrase(candidates)).toBe('team “Writers” and Dennis');
  });
});
