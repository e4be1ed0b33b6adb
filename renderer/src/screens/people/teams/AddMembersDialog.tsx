/** "Add members" on a team's screen: search the organization's members, tick some, add them (told with Undo). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../bridge/errors.ts';
import { membersListQuery } from '../../../queries/members.ts';
import { DEFAULT_MEMBER_FILTERS } from '../../../queries/membersSearch.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { Banner, Skeleton } from '../../../ui/Feedback.tsx';
import { roleName } from '../../../ui/roles.ts';
import { membersPhrase, useTeamMoves } from './teamMoves.ts';
import { useDebounced } from '../../../ui/useDebounced.ts';

/** Props of `AddMembersDialog`. */
export interface AddMembersDialogProps {
  profileId: string;
  orgId: string;
  team: { teamId: string; title: string };
  /** Who is in the team already (not offered). */
  inTeam: ReadonlySet<string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dialog; the first 100 members matching the search are offered. */
export function AddMembersDialog({
  profileId,
  orgId,
  team,
  inTeam,
  open,
  onOpenChange,
}: AddMembersDialogProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const sent = useDebounced(search.trim(), 150);
  const searchId = useId();
  const moveMembers = useTeamMoves(profileId, orgId);
  const found = useInfiniteQuery({
    ...membersListQuery(profileId, orgId, {
      ...DEFAULT_MEMBER_FILTERS,
      sort: 'name',
      order: 'asc',
      search: sent,
    }),
    enabled: open,
  });
  const candidates = (found.data?.pages[0]?.items ?? []).filter((member) => !inTeam.has(member.id));
  const toggle = (userId: string) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  const close = (next: boolean) => {
    if (!next) {
      setPicked(new Set());
      setSearch('');
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Add members to ${team.title}`}
      description="Search by name or email, tick the people to add, then add them."
      className="add-members-dialog"
      data-testid="add-members-dialog"
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (picked.size === 0) return;
          moveMembers({ userIds: [...picked], target: team });
          close(false);
        }}
      >
        <div className="field">
          <label htmlFor={searchId} className="field-label">
            Search members
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={search}
            maxLength={256}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
            data-testid="add-members-search"
          />
        </div>
        {found.isError ? (
          <Banner tone="error" title="Members not loaded">
            {errorMessage(found.error)}
          </Banner>
        ) : found.isPending ? (
          <Skeleton width="60%" />
        ) : candidates.length === 0 ? (
          <p className="muted">{sent === '' ? 'Everyone is in the team already.' : 'Nobody else matches.'}</p>
        ) : (
          <ul className="add-members-list" aria-label="Members to add">
            {candidates.map((member) => (
              <li key={member.id}>
                <label
                  className="add-members-option"
                  data-testid="add-members-option"
                  data-user-id={member.id}
                >
                  <input type="checkbox" checked={picked.has(member.id)} onChange={() => toggle(member.id)} />
                  <span>{member.user.displayName}</span>
                  <span className="muted">
                    {member.user.email ?? 'No email'} · {roleName(member.role)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button>Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            variant="primary"
            disabled={picked.size === 0}
            data-testid="add-members-submit"
          >
            {picked.size === 0 ? 'Add members' : `Add ${membersPhrase(picked.size)}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
