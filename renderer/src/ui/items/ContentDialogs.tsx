/**
 * The dialogs of the content actions that confirm (lock, transfer, delete), and the save they share: a mutation whose
 * refusal stays in the dialog, told in a toast when done (sending a space to the Trash with Undo).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { collectionContentsQuery, deleteCollection, transferCollection } from '../../queries/collections.ts';
import { orgsQuery } from '../../queries/orgs.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { deleteSpace, restoreSpace, transferSpace, updateSpace } from '../../queries/spaces.ts';
import { NotOffered } from '../ApiNotes.tsx';
import { Button } from '../Button.tsx';
import { Dialog, DialogClose } from '../Dialog.tsx';
import { Banner, Skeleton } from '../Feedback.tsx';
import { toast, toastUndoable } from '../Toast.tsx';
import { collectionDeletePhrase } from './phrases.ts';
import { itemTitle, type ItemData } from './useItem.ts';

/** What every action dialog gets. */
export interface ItemDialogProps {
  profileId: string;
  orgId: string;
  data: ItemData;
  onOpenChange: (open: boolean) => void;
  /** Closes the dialog after success. */
  onDone: () => void;
}

/** What a save says when done: a line, or a line with an Undo. */
type Done = string | { title: string; undo: () => void };

/** Runs a save: pending while it runs, the server's message kept in the dialog on failure, closed on success. */
export function useSave(onDone: () => void) {
  const mutation = useMutation({
    mutationFn: (work: () => Promise<Done>) => work(),
    onSuccess: (done) => {
      if (typeof done === 'string') toast({ title: done, tone: 'success' });
      else toastUndoable(done);
      onDone();
    },
  });
  return {
    pending: mutation.isPending,
    error: mutation.isError ? errorMessage(mutation.error) : undefined,
    save: (work: () => Promise<Done>) => mutation.mutate(work),
  };
}

/** A confirmation that keeps the server's refusal in view (the kit's `ConfirmDialog` has no room for it). */
export function Confirm({
  title,
  description,
  children,
  confirmLabel,
  tone,
  pending,
  error,
  errorTitle,
  onConfirm,
  onOpenChange,
  testId,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  pending: boolean;
  error: string | undefined;
  errorTitle: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  testId: string;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange} title={title} description={description} data-testid={testId}>
      {children}
      {error !== undefined && (
        <Banner tone="error" title={errorTitle} data-testid="action-error">
          {error}
        </Banner>
      )}
      <div className="dialog-actions">
        <DialogClose>
          <Button variant="secondary" autoFocus>
            Cancel
          </Button>
        </DialogClose>
        <Button variant={tone} onClick={onConfirm} pending={pending} data-testid="confirm-button">
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

export function LockDialog({
  profileId,
  orgId,
  data,
  spaceId,
  onOpenChange,
  onDone,
}: ItemDialogProps & { spaceId: string }) {
  const queryClient = useQueryClient();
  const { pending, error, save } = useSave(onDone);
  const title = itemTitle(data);
  return (
    <Confirm
      title={`Lock “${title}”?`}
      description="While the space is locked, every edit of its content is refused, by this app and by the API, until someone unlocks it. Settings and comments stay open."
      confirmLabel="Lock space"
      tone="primary"
      pending={pending}
      error={error}
      errorTitle="The space was not locked"
      onOpenChange={onOpenChange}
      testId="lock-dialog"
      onConfirm={() =>
        void save(async () => {
          await updateSpace(queryClient, profileId, orgId, spaceId, { editMode: 'locked' });
          return `“${title}” is locked`;
        })
      }
    />
  );
}

export function TransferDialog({ profileId, orgId, data, onOpenChange, onDone }: ItemDialogProps) {
  const queryClient = useQueryClient();
  const orgs = useQuery(orgsQuery(profileId));
  const targets = (orgs.data?.items ?? []).filter((org) => org.id !== orgId);
  const [target, setTarget] = useState<string | undefined>();
  const { pending, error, save } = useSave(onDone);
  const title = itemTitle(data);
  const chosen = targets.find((org) => org.id === target);
  const offered =
    useOffers(profileId, data.kind === 'space' ? 'transferSpace' : 'transferCollection') !== false;
  const onConfirm = () => {
    if (chosen === undefined || !offered) return;
    void save(async () => {
      if (data.kind === 'space') await transferSpace(queryClient, profileId, orgId, data.space.id, chosen.id);
      else await transferCollection(queryClient, profileId, orgId, data.collection.id, chosen.id);
      return `“${title}” moved to ${chosen.title}`;
    });
  };
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Transfer “${title}” to another organization`}
      description={
        data.kind === 'collection'
          ? 'The collection moves with everything inside it: its sub-collections and their spaces. It needs admin rights in both organizations.'
          : 'The space moves with its content and history. It needs admin rights in both organizations.'
      }
      data-testid="transfer-dialog"
    >
      {!offered ? (
        <NotOffered testId="transfer-not-offered">
          Moving a space to another organization is not available: this profile&rsquo;s API does not offer it.
        </NotOffered>
      ) : orgs.isPending ? (
        <Skeleton width="16em" height="4rem" />
      ) : orgs.isError ? (
        <Banner tone="error" title="The organizations could not be loaded">
          {errorMessage(orgs.error)}
        </Banner>
      ) : targets.length === 0 ? (
        <p className="muted">This profile sees no other organization.</p>
      ) : (
        <fieldset className="transfer-targets" disabled={pending}>
          <legend className="field-label">Organization</legend>
          {targets.map((org) => (
            <label key={org.id} className="transfer-target">
              <input
                type="radio"
                name="transfer-target"
                value={org.id}
                checked={target === org.id}
                onChange={() => setTarget(org.id)}
                data-testid="transfer-target"
                data-title={org.title}
              />
              <span>{org.title}</span>
              {!org.permissions.admin && <span className="muted">you are not an admin there</span>}
            </label>
          ))}
        </fieldset>
      )}
      {error !== undefined && (
        <Banner tone="error" title="Nothing was transferred" data-testid="action-error">
          {error}
        </Banner>
      )}
      <div className="dialog-actions">
        <DialogClose>
          <Button variant="secondary" autoFocus>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant="primary"
          onClick={onConfirm}
          disabled={chosen === undefined || !offered}
          pending={pending}
          data-testid="confirm-button"
        >
          {chosen === undefined ? 'Transfer' : `Transfer to ${chosen.title}`}
        </Button>
      </div>
    </Dialog>
  );
}

export function DeleteDialog({ profileId, orgId, data, onOpenChange, onDone }: ItemDialogProps) {
  const queryClient = useQueryClient();
  const { pending, error, save } = useSave(onDone);
  const title = itemTitle(data);
  const restore = useMutation({
    mutationFn: (spaceId: string) => restoreSpace(queryClient, profileId, orgId, spaceId),
    onSuccess: () => toast({ tone: 'success', title: `“${title}” is back from the Trash` }),
    onError: (failure) =>
      toast({ tone: 'error', title: `“${title}” is still in the Trash`, description: errorMessage(failure) }),
  });
  const collectionId = data.kind === 'collection' ? data.collection.id : '';
  const contents = useQuery({
    ...collectionContentsQuery(profileId, orgId, collectionId),
    enabled: data.kind === 'collection',
  });
  let description: ReactNode;
  if (data.kind === 'space') {
    description =
      'It stays in the Trash for 7 days, where an admin can restore it; after that it is gone for good.';
  } else if (contents.data === undefined) {
    description = contents.isError
      ? `Its sub-collections are removed and its spaces go to the Trash for 7 days (${errorMessage(contents.error)}).`
      : 'Its sub-collections are removed and its spaces go to the Trash for 7 days.';
  } else {
    description = collectionDeletePhrase(contents.data.subCollections, contents.data.spaces);
  }
  return (
    <Confirm
      title={data.kind === 'space' ? `Delete space “${title}”?` : `Delete collection “${title}”?`}
      description={description}
      confirmLabel={data.kind === 'space' ? 'Move to Trash' : 'Delete collection'}
      tone="danger"
      pending={pending}
      error={error}
      errorTitle="Nothing was deleted"
      onOpenChange={onOpenChange}
      testId="delete-dialog"
      onConfirm={() =>
        void save(async () => {
          if (data.kind === 'space') {
            const spaceId = data.space.id;
            await deleteSpace(queryClient, profileId, orgId, spaceId);
            return { title: `“${title}” moved to the Trash`, undo: () => restore.mutate(spaceId) };
          }
          await deleteCollection(queryClient, profileId, orgId, data.collection.id);
          return `Collection “${title}” deleted`;
        })
      }
    />
  );
}
