/**
 * Asks people and teams to review a request: members found by name or email (the members list's search), teams by
 * title, ticked, then "Request review". The request's author is not offered (an author cannot review their own
 * request). Nothing is sent until the button is pressed; the server's refusal is shown as it says it.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { membersListQuery } from '../../../queries/members.ts';
import { afterReview, requestReviewers, type RequestRef } from '../../../queries/reviews.ts';
import { teamsQuery } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/Toast.tsx';

export function RequestReviewDialog({
  refs,
  request,
  open,
  onOpenChange,
}: {
  refs: RequestRef;
  request: ChangeRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDeferredValue(search);
  const [users, setUsers] = useState<ReadonlySet<string>>(new Set());
  const [teams, setTeams] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const members = useInfiniteQuery({
    ...membersListQuery(refs.profileId, refs.orgId, {
      search: debounced,
      role: undefined,
      sort: 'name',
      order: 'asc',
    }),
    enabled: open,
  });
  const teamList = useQuery({ ...teamsQuery(refs.profileId, refs.orgId), enabled: open });
  const found = (members.data?.pages[0]?.items ?? []).filter(
    (member) => member.user.id !== request.createdBy.id,
  );
  const needle = debounced.trim().toLowerCase();
  const foundTeams = (teamList.data?.items ?? []).filter((team) => team.title.toLowerCase().includes(needle));

  const send = useMutation({
    mutationFn: () => requestReviewers(refs, { users: [...users], teams: [...teams] }),
    onSuccess: (sent) => {
      toast({
        tone: 'success',
        title: `Asked ${sent.length === 1 ? '1 reviewer' : `${sent.length} reviewers`} to review #${request.number}`,
      });
      setUsers(new Set());
      setTeams(new Set());
      onOpenChange(false);
    },
    onSettled: () => afterReview(queryClient, refs),
  });
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const count = users.size + teams.size;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Request a review of #${request.number}`}
      description="Tick the people and teams who should review it."
      data-testid="request-review"
    >
      <label htmlFor={searchId} className="field-label">
        Find members and teams
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Name, email or team"
        data-testid="request-review-search"
      />
      <fieldset className="request-review-options">
        <legend>People</legend>
        {members.isPending && <p className="muted">Loading members…</p>}
        {found.length === 0 && !members.isPending && <p className="muted">No member matches.</p>}
        {found.slice(0, 20).map((member) => (
          <label key={member.user.id}>
            <input
              type="checkbox"
              checked={users.has(member.user.id)}
              onChange={() => setUsers(toggle(users, member.user.id))}
              data-testid="request-review-user"
              data-name={member.user.displayName}
            />
            {member.user.displayName} <span className="muted">{member.user.email}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="request-review-options">
        <legend>Teams</legend>
        {foundTeams.length === 0 && <p className="muted">No team matches.</p>}
        {foundTeams.slice(0, 20).map((team) => (
          <label key={team.id}>
            <input
              type="checkbox"
              checked={teams.has(team.id)}
              onChange={() => setTeams(toggle(teams, team.id))}
              data-testid="request-review-team"
              data-name={team.title}
            />
            {team.title} <span className="muted">{team.members} members</span>
          </label>
        ))}
      </fieldset>
      {send.isError && (
        <p className="field-error" role="alert" data-testid="request-review-error">
          {errorMessage(send.error)}
        </p>
      )}
      <div className="dialog-actions">
        <Button onClick={() => onOpenChange(false)}>Cancel</Button>
        <Button
          variant="primary"
          disabled={count === 0}
          pending={send.isPending}
          onClick={() => send.mutate()}
          data-testid="request-review-submit"
        >
          {count === 0 ? 'Request review' : `Request review from ${count}`}
        </Button>
      </div>
    </Dialog>
  );
}
