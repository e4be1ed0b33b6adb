/** Picks who to inspect: a search over the organization's members (by name or email) and teams (by title). */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { membersListQuery } from '../../queries/members.ts';
import { teamsQuery } from '../../queries/teams.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useInfiniteQuery } from '@tanstack/react-query';

/** Most people and teams the picker offers at once. */
const SHOWN = 8;

export interface SubjectPickerProps {
  profileId: string;
  orgId: string;
  onPick: (subject: { kind: 'member' | 'team'; id: string }) => void;
}

export function SubjectPicker({ profileId, orgId, onPick }: SubjectPickerProps) {
  const [text, setText] = useState('');
  const typed = useDebounced(text.trim(), 200);
  const members = useInfiniteQuery({
    ...membersListQuery(profileId, orgId, { search: typed, role: undefined, sort: 'name', order: 'asc' }),
    enabled: typed !== '',
  });
  const teams = useQuery({
    ...teamsQuery(profileId, orgId, { title: typed, owner: '' }),
    enabled: typed !== '',
  });
  const people = members.data?.pages[0]?.items.slice(0, SHOWN) ?? [];
  const groups = teams.data?.items.slice(0, SHOWN) ?? [];
  return (
    <div className="access-picker">
      <TextField
        label="Member or team"
        type="search"
        placeholder="Name, email or team title"
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="access-picker-input"
        autoComplete="off"
      />
      {typed !== '' && (
        <ul
          className="access-picker-results"
          aria-label="Members and teams found"
          data-testid="access-picker-results"
        >
          {people.map((member) => (
            <li key={`m:${member.user.id}`}>
              <button
                type="button"
                className="access-picker-option"
                onClick={() => onPick({ kind: 'member', id: member.user.id })}
              >
                <span>{member.user.displayName}</span>
                <span className="muted">{member.user.email ?? 'member'}</span>
              </button>
            </li>
          ))}
          {groups.map((team) => (
            <li key={`t:${team.id}`}>
              <button
                type="button"
                className="access-picker-option"
                onClick={() => onPick({ kind: 'team', id: team.id })}
              >
                <span>{team.title}</span>
                <span className="muted">team</span>
              </button>
            </li>
          ))}
          {members.isSuccess && teams.isSuccess && people.length === 0 && groups.length === 0 && (
            <li className="muted">No member or team matches.</li>
          )}
        </ul>
      )}
    </div>
  );
}
