/**
 * Picks people of the organization (GitBook's merge rules name users): the chosen ones as removable chips, and a
 * search box listing the members that match by name or email, to add. Used by the rules that name people.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { membersListQuery } from '../../queries/members.ts';
import { Button } from '../../ui/Button.tsx';

export function PeoplePicker({
  profileId,
  orgId,
  label,
  users,
  onChange,
  disabled,
  testId,
}: {
  profileId: string;
  orgId: string;
  label: string;
  users: readonly string[];
  onChange: (users: string[]) => void;
  disabled: boolean;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim());
  const searchId = useId();
  const members = useInfiniteQuery(
    membersListQuery(profileId, orgId, { search: needle, role: undefined, sort: 'name', order: 'asc' }),
  );
  const memberItems = members.data?.pages.flatMap((page) => page.items) ?? [];
  // Names of the chosen, remembered once seen (a later search no longer lists them).
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const names = new Map([
    ...known,
    ...memberItems.map((member) => [member.user.id, member.user.displayName] as const),
  ]);
  const add = (id: string, name: string) => {
    setKnown((current) => new Map([...current, [id, name]]));
    onChange([...new Set([...users, id])]);
  };

  return (
    <div className="people-picker" data-testid={testId}>
      <ul className="people-picker-chosen" aria-label={`${label}: chosen`}>
        {users.map((id) => (
          <li key={id} data-testid="picker-chosen" data-name={names.get(id) ?? id}>
            {names.get(id) ?? 'A member'}
            <Button
              size="sm"
              variant="ghost"
              disabled={disabled}
              aria-label={`Remove ${names.get(id) ?? 'this member'}`}
              onClick={() => onChange(users.filter((user) => user !== id))}
            >
              ×
            </Button>
          </li>
        ))}
        {users.length === 0 && <li className="muted">Nobody: the rule is off.</li>}
      </ul>
      <label htmlFor={searchId} className="visually-hidden">
        {label}: find members
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        disabled={disabled}
        placeholder="Add a member…"
        onChange={(event) => setSearch(event.target.value)}
        data-testid={`${testId}-search`}
      />
      {needle !== '' && (
        <ul className="people-picker-matches" aria-label={`${label}: matches`}>
          {memberItems
            .filter((member) => !users.includes(member.user.id))
            .slice(0, 8)
            .map((member) => (
              <li key={member.user.id}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => add(member.user.id, member.user.displayName)}
                  data-testid="picker-add"
                >
                  + {member.user.displayName} <span className="muted">{member.user.email}</span>
                </Button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
