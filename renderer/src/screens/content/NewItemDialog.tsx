/** The dialog that creates a collection or a space, at the top level or inside a collection. */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { ItemKind } from '../../queries/contentTree/tree.ts';

/** A title's bound, as the contract states it for both collections and spaces. */
export const CONTENT_TITLE_MAX = 50;

/** What to create, and where (the parent's path in words). */
export interface NewItemRequest {
  kind: ItemKind;
  /** The parent collection's id, or `null` for the top level. */
  parent: string | null;
  where: string;
}

/** Props of `NewItemDialog`. */
export interface NewItemDialogProps {
  request: NewItemRequest | undefined;
  onClose: () => void;
  /** Creates the item; throws the API's error on failure. */
  onCreate: (request: NewItemRequest, title: string) => Promise<unknown>;
}

/** The dialog. */
export function NewItemDialog({ request, onClose, onCreate }: NewItemDialogProps) {
  return (
    <Dialog
      open={request !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={request?.kind === 'collection' ? 'New collection' : 'New space'}
      description={request === undefined ? undefined : `In ${request.where}.`}
      data-testid="new-item-dialog"
    >
      {request !== undefined && <TitleForm request={request} onClose={onClose} onCreate={onCreate} />}
    </Dialog>
  );
}

function TitleForm({
  request,
  onClose,
  onCreate,
}: { request: NewItemRequest } & Omit<NewItemDialogProps, 'request'>) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const create = useMutation({
    mutationFn: (trimmed: string) => onCreate(request, trimmed),
    onSuccess: onClose,
    onError: (failure) =>
      setError(
        errorKind(failure) === 'invalid' ? errorMessage(failure) : `Not created: ${errorMessage(failure)}`,
      ),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setError('Enter a title.');
    if (trimmed.length > CONTENT_TITLE_MAX) return setError(`At most ${CONTENT_TITLE_MAX} characters.`);
    create.mutate(trimmed);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Title"
        value={title}
        maxLength={CONTENT_TITLE_MAX * 2}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setError(undefined);
        }}
        error={error}
        data-testid="new-item-title"
      />
      <div className="dialog-actions">
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" pending={create.isPending} data-testid="new-item-create">
          {request.kind === 'collection' ? 'Create collection' : 'Create space'}
        </Button>
      </div>
    </form>
  );
}
