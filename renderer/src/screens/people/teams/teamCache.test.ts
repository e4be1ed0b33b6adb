import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Team } from '../../../../../shared/contract/resources/members.ts';
import { teamListsKey, teamQuery } from '../../../queries/teams.ts';
import { findCachedMembers, restore, shiftMemberCount, snapshot } from './teamCache.ts';
import { isMove, membersPhrase } from './teamMoves.ts';

const team = (id: string, members: number): Team => ({
  object: 'team',
  id,
  title: id,
  members,
  spaces: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  permissions: { admin: true, view: true },
});

describe('team cache edits', () => {
  it('shifts a member count in every list and the detail, and a snapshot puts it back', () => {
    const client = new QueryClient();
    const listKey = [...teamListsKey('p', 'o'), { title: '', owner: '' }];
    client.setQueryData(listKey, { items: [team('a', 2), team('b', 1)], count: 2 });
    client.setQueryData(teamQuery('p', 'o', 'a').queryKey, team('a', 2));
    const saved = snapshot(client, [teamListsKey('p', 'o'), teamQuery('p', 'o', 'a').queryKey]);
    shiftMemberCount(client, 'p', 'o', 'a', 3);
    shiftMemberCount(client, 'p', 'o', 'b', -5);
    expect(client.getQueryData<{ items: Team[] }>(listKey)?.items.map((t) => t.members)).toEqual([5, 0]);
    expect(client.getQueryData(teamQuery('p', 'o', 'a').queryKey)?.members).toBe(5);
    restore(client, saved);
    expect(client.getQueryData<{ items: Team[] }>(listKey)?.items.map((t) => t.members)).toEqual([2, 1]);
  });

  it('finds members anywhere in the organization cache', () => {
    const client = new QueryClient();
    const member = { object: 'member', id: 'u1', user: { displayName: 'Ada' } };
    client.setQueryData(['profile', 'p', 'org', 'o', 'members', 'list', {}], {
      pages: [{ items: [member, { ...member, id: 'u2' }] }],
    });
    expect([...findCachedMembers(client, 'p', 'o', ['u1', 'u3']).keys()]).toEqual(['u1']);
  });

  it('words counts and tells a move from an add', () => {
    expect(membersPhrase(1)).toBe('1 member');
    expect(membersPhrase(2)).toBe('2 members');
    expect(isMove({ fromTeamId: 'a', target: { teamId: 'b', title: 'B' } })).toBe(true);
    expect(isMove({ fromTeamId: undefined, target: { teamId: 'b', title: 'B' } })).toBe(false);
  });
});
