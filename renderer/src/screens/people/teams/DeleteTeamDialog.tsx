/** The confirmation before deleting a team, naming it and how many members lose it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team } from '../../../../../shared/contract/resources/members.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { deleteTeam } from '../../../queries/teams.ts';
import { ConfirmDialog } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { membersPhrase } from './teamMoves.ts';

/** Props of `DeleteTeamDialog`. */
export interface DeleteTeamDialogProps {
  profileId: string;
  orgId: string;
  team: Pick<Team, 'id' | 'title' | 'members'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the team is deleted (e.g. to leave its screen). */
  onDeleted?: () => void;
}

/** Asks, then deletes the team. */
export function DeleteTeamDialog({
  profileId,
  orgId,
  team,
  open,
  onOpenChange,
  onDeleted,
}: DeleteTeamDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteTeam(queryClient, profileId, orgId, team.id),
    onSuccess: () => {
      onOpenChange(false);
      toast({ title: `Team “${team.title}” deleted`, tone: 'success' });
      onDeleted?.();
    },
    onError: (error) =>
      toast({ title: `“${team.title}” was not deleted`, description: errorMessage(error), tone: 'error' }),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete team “${team.title}”?`}
      description={
        team.members === 0
          ? 'The team has no members. This cannot be undone.'
          : `Its ${membersPhrase(team.members)} lose the access this team gives them (they stay in the organization). This cannot be undone.`
      }
      confirmLabel="Delete team"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
    />
  );
}
