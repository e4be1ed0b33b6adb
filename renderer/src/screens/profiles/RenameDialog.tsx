/** The dialog that renames a profile. */
import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../../shared/bridge.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useRenameProfile } from '../../queries/profiles.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { validateProfileName } from './validation.ts';

/** Renames `profile` (mount it when opening, so it starts from the current name); keeps what was typed when the core refuses, and shows its message. */
export function RenameDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = validateProfileName(trimmed);
    setError(problem);
    if (problem !== undefined) return;
    rename.mutate(
      { id: profile.id, name: trimmed },
      {
        onSuccess: (renamed) => {
          onOpenChange(false);
          toast({ title: `Profile renamed to “${renamed.name}”`, tone: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Rename “${profile.name}”`}>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          label="New name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          maxLength={64}
          autoComplete="off"
          autoFocus
        />
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={rename.isPending}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
