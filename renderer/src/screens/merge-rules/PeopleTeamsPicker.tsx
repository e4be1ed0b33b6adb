/**
 * Picks people and teams of the organization: the chosen ones as removable chips, and a search box listing the
 * members (by name or email) and teams (by title) that match, to add. Used by the merge rules' required reviewers and
 * bypass lists.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { membersListQuery } from '../../queries/members.ts';
import { teamsQuery } from '../../queries/teams.ts';
import { Button } from '../../ui/Button.tsx';

/** People and teams, by id. */
export interface PeopleAndTeams {
  users: string[];
  teams: string[];
}

export function PeopleTeamsPicker({
  profileId,
  orgId,
  label,
  value,
  onChange,
  testId,
}: {
  profileId: string;
  orgId: string;
  label: string;
  value: PeopleAndTeams;
  onChange: (value: PeopleAndTeams) => void;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim());
  const searchId = useId();
  const members = useInfiniteQuery(
    membersListQuery(profileId, orgId, { search: needle, role: undefined, sort: 'name', order: 'asc' }),
  );
  const teams = useQuery(teamsQuery(profileId, orgId));
  const memberItems = members.data?.pages.flatMap((page) => page.items) ?? [];
  const names = new Map(memberItems.map((member) => [member.user.id, member.user.displayName]));
  const titles = new Map((teams.data?.items ?? []).map((team) => [team.id, team.title]));
  const matchingTeams = (teams.data?.items ?? []).filter((team) =>
    team.title.toLowerCase().includes(needle.toLowerCase()),
  );
  const addUser = (id: string) => onChange({ ...value, users: [...new Set([...value.users, id])] });
  const addTeam = (id: string) => onChange({ ...value, teams: [...new Set([...value.teams, id])] });

  return (
    <div className="people-picker" data-testid={testId}>
      <ul className="people-picker-chosen" aria-label={`${label}: chosen`}>
        {value.users.map((id) => (
          <li key={`u:${id}`} data-testid="picker-chosen" data-name={names.get(id) ?? id}>
            {names.get(id) ?? 'A member'}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${names.get(id) ?? 'this member'}`}
              onClick={() => onChange({ ...value, users: value.users.filter((user) => user !== id) })}
            >
              ×
            </Button>
          </li>
        ))}
        {value.teams.map((id) => (
          <li key={`t:${id}`} data-testid="picker-chosen" data-name={titles.get(id) ?? id}>
            Team {titles.get(id) ?? ''}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove team ${titles.get(id) ?? ''}`}
              onClick={() => onChange({ ...value, teams: value.teams.filter((team) => team !== id) })}
            >
              ×
            </Button>
          </li>
        ))}
        {value.users.length + value.teams.length === 0 && <li className="muted">Nobody yet.</li>}
      </ul>
      <label htmlFor={searchId} className="visually-hidden">
        {label}: find members and teams
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        placeholder="Add a member or a team…"
        onChange={(event) => setSearch(event.target.value)}
        data-testid={`${testId}-search`}
      />
      {needle !== '' && (
        <ul className="people-picker-matches" aria-label={`${label}: matches`}>
          {memberItems
            .filter((member) => !value.users.includes(member.user.id))
            .slice(0, 8)
            .map((member) => (
              <li key={member.user.id}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => addUser(member.user.id)}
                  data-testid="picker-add"
                >
                  + {member.user.displayName} <span className="muted">{member.user.email}</span>
                </Button>
              </li>
            ))}
          {matchingTeams
            .filter((team) => !value.teams.includes(team.id))
            .slice(0, 5)
            .map((team) => (
              <li key={team.id}>
                <Button size="sm" variant="ghost" onClick={() => addTeam(team.id)} data-testid="picker-add">
                  + Team {team.title}
                </Button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
