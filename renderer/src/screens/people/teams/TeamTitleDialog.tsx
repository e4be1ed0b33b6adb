/** The dialog that names a team: create one, or rename one. The server's refusal shows on the field. */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { displayTextMessage } from '../../../../../shared/contract/display-text.ts';
import { TeamTitle } from '../../../../../shared/contract/resources/members.ts';
import { errorKind, errorMessage } from '../../../bridge/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** A team title's bounds, as the contract states them. */
export const TEAM_TITLE_MAX = 64;

/** Why a title is refused before sending it, or undefined when it is fine. */
export function titleProblem(title: string): string | undefined {
  const trimmed = title.trim();
  if (trimmed === '') return 'Enter a title.';
  if (trimmed.length > TEAM_TITLE_MAX) return `At most ${TEAM_TITLE_MAX} characters.`;
  return displayTextMessage('The title', TeamTitle, trimmed);
}

/** Props of `TeamTitleDialog`. */
export interface TeamTitleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'rename';
  initialTitle?: string;
  /** Saves the title; throws the API's error on failure. */
  onSave: (title: string) => Promise<unknown>;
}

/** Create or rename a team. */
export function TeamTitleDialog(props: TeamTitleDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.mode === 'create' ? 'New team' : `Rename “${props.initialTitle ?? ''}”`}
      data-testid="team-title-dialog"
    >
      {props.open && <TitleForm {...props} />}
    </Dialog>
  );
}

function TitleForm({ mode, initialTitle = '', onSave, onOpenChange }: TeamTitleDialogProps) {
  const [title, setTitle] = useState(initialTitle);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: onSave,
    onSuccess: () => onOpenChange(false),
    onError: (failure) => {
      const kind = errorKind(failure);
      setError(
        kind === 'conflict' || kind === 'invalid'
          ? errorMessage(failure)
          : `Not saved: ${errorMessage(failure)}`,
      );
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = titleProblem(title);
    if (problem !== undefined) return setError(problem);
    save.mutate(title.trim());
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Title"
        value={title}
        maxLength={TEAM_TITLE_MAX * 2}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setError(undefined);
        }}
        error={error}
        data-testid="team-title-input"
      />
      <div className="dialog-actions">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" pending={save.isPending} data-testid="team-save">
          {mode === 'create' ? 'Create team' : 'Rename'}
        </Button>
      </div>
    </form>
  );
}
