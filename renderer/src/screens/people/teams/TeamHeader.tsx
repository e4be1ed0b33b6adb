/** The team screen's header: the title, renamed inline, and the delete button. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { Team } from '../../../../../shared/contract/resources/members.ts';
import { errorKind, errorMessage } from '../../../bridge/errors.ts';
import { renameTeam } from '../../../queries/teams.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { DeleteTeamDialog } from './DeleteTeamDialog.tsx';
import { TEAM_TITLE_MAX, titleProblem } from './TeamTitleDialog.tsx';
import { membersPhrase } from './teamMoves.ts';

/** Props of `TeamHeader`. */
export interface TeamHeaderProps {
  profileId: string;
  orgId: string;
  team: Team;
}

/** The title (click Rename, type, Enter; Escape cancels) and Delete team… (it asks first). */
export function TeamHeader({ profileId, orgId, team }: TeamHeaderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(team.title);
  const [error, setError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);

  const startEditing = () => {
    setTitle(team.title);
    setError(undefined);
    setEditing(true);
  };
  const rename = useMutation({
    mutationFn: (newTitle: string) => renameTeam(queryClient, profileId, orgId, team.id, newTitle),
    onSuccess: (_team, newTitle) => {
      setEditing(false);
      toast({ title: `Team renamed to “${newTitle}”`, tone: 'success' });
    },
    onError: (failure) => {
      const kind = errorKind(failure);
      setError(
        kind === 'conflict' || kind === 'invalid'
          ? errorMessage(failure)
          : `Not renamed: ${errorMessage(failure)}`,
      );
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = titleProblem(title);
    if (problem !== undefined) return setError(problem);
    if (title.trim() === team.title) return setEditing(false);
    rename.mutate(title.trim());
  };

  return (
    <header className="screen-header team-header">
      {editing ? (
        <form className="team-rename-form" onSubmit={onSubmit} noValidate>
          <input
            className="input team-title-input"
            aria-label="Team title"
            aria-invalid={error !== undefined || undefined}
            aria-describedby={error !== undefined ? 'team-title-error' : undefined}
            value={title}
            maxLength={TEAM_TITLE_MAX * 2}
            autoFocus
            onChange={(event) => {
              setTitle(event.target.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            data-testid="team-title-input"
          />
          <Button
            type="submit"
            variant="primary"
            size="sm"
            pending={rename.isPending}
            data-testid="team-save"
          >
            Save
          </Button>
          <Button size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {error !== undefined && (
            <p id="team-title-error" className="field-error">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="team-title-row">
          <h1 id="team-title" data-testid="team-title">
            {team.title}
          </h1>
          <Button size="sm" variant="ghost" onClick={startEditing} data-testid="team-rename">
            Rename
          </Button>
          <Link
            to="/p/$profileId/orgs/$orgId/access"
            params={{ profileId, orgId }}
            search={{ team: team.id }}
            className="btn btn-ghost btn-sm"
            data-testid="team-inspect-access"
          >
            Inspect access
          </Link>
          <Button size="sm" variant="danger" onClick={() => setDeleting(true)} data-testid="team-delete">
            Delete team…
          </Button>
        </div>
      )}
      <p className="muted">{membersPhrase(team.members)}</p>
      <DeleteTeamDialog
        profileId={profileId}
        orgId={orgId}
        team={team}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() =>
          void navigate({ to: '/p/$profileId/orgs/$orgId/people', params: { profileId, orgId } })
        }
      />
    </header>
  );
}
