/**
 * One comment or reply as a thread shows it: author (photo or initials, name as the heading), relative time with the
 * full date on hover, the rendered markdown body, reactions, and the actions its `permissions` allow: Edit (an
 * inline editor whose text survives a failed save, Escape or leaving the tab) and Delete (after a confirmation).
 * Thread-only actions (Reply, Resolve) come from the caller.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../bridge/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialog.tsx';
import { Markdown } from '../../../ui/Markdown.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { useDraft } from './hooks.ts';
import { fullDate, timeAgo } from '../../../ui/time.ts';
import { bodyMarkdown, initials, showablePhoto, type CommentLike } from './logic.ts';
import { MarkdownComposer } from './MarkdownComposer.tsx';
import { Reactions } from './Reactions.tsx';

/** Props of `CommentItem`. */
export interface CommentItemProps {
  item: CommentLike;
  kind: 'comment' | 'reply';
  headingId: string;
  headingLevel: 3 | 4;
  /** The storage key of this item's edit draft. */
  editDraftKey: string;
  meId: string | undefined;
  /** Lines under the author (anchor, status). */
  meta?: ReactNode;
  /** Buttons before Edit and Delete (Reply, Resolve). */
  actions?: ReactNode;
  /** What deleting also removes, in words ("its 2 replies"). */
  deleteAlsoRemoves?: string;
  onSaveEdit: (markdown: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onToggleReaction: (emoji: string) => void;
}

/** The author's photo when the window may show it, else their initials. */
function Avatar({ name, photoURL }: { name: string; photoURL: string | undefined }) {
  const photo = showablePhoto(photoURL);
  return photo !== undefined ? (
    <img className="comment-avatar" src={photo} alt="" width={28} height={28} />
  ) : (
    <span className="comment-avatar comment-avatar-initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** The author (photo or initials, name as the heading) and the relative time, the full date on hover. */
function CommentHead({
  item,
  kind,
  headingId,
  headingLevel,
}: Pick<CommentItemProps, 'item' | 'kind' | 'headingId' | 'headingLevel'>) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const author = item.postedBy.displayName;
  return (
    <div className="comment-head">
      <Avatar name={author} photoURL={item.postedBy.photoURL} />
      <div className="comment-head-text">
        <Heading id={headingId} className="comment-author">
          <span className="visually-hidden">{kind === 'comment' ? 'Comment by ' : 'Reply by '}</span>
          {author}
        </Heading>
        <span className="comment-time">
          <time dateTime={item.postedAt} title={fullDate(item.postedAt)}>
            {timeAgo(item.postedAt, Date.now())}
          </time>
          {item.editedAt !== undefined && (
            <span className="comment-edited" title={`Edited ${fullDate(item.editedAt)}`}>
              {' '}
              · edited
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

/** Said when the editor opened on kept changes, with the way back to the saved text. */
function RestoredNote({ onRevert }: { onRevert: () => void }) {
  return (
    <p className="comment-editor-note" data-testid="edit-restored">
      Unsaved changes kept.{' '}
      <button type="button" className="link-button" onClick={onRevert}>
        Revert to the saved text
      </button>
    </p>
  );
}

/** Delete after a confirmation; a refusal closes it and a toast says why. */
function useDeleteWithConfirmation(onDelete: () => Promise<unknown>, clearDraft: () => void, what: string) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => onDelete(),
    onSuccess: () => {
      clearDraft();
      setConfirming(false);
    },
    onError: (error) => {
      setConfirming(false);
      toast({ tone: 'error', title: `Could not delete the ${what}`, description: errorMessage(error) });
    },
  });
  return { confirming, setConfirming, remove };
}

/** The item. */
export function CommentItem({
  item,
  kind,
  headingId,
  headingLevel,
  editDraftKey,
  meId,
  meta,
  actions,
  deleteAlsoRemoves,
  onSaveEdit,
  onDelete,
  onToggleReaction,
}: CommentItemProps) {
  const body = bodyMarkdown(item.body);
  const draft = useDraft(editDraftKey, body);
  // An edit left open (another tab, another screen) opens again with its text.
  const [editing, setEditing] = useState(draft.kept);
  // Whether the editor opened on kept changes (not the saved text): it says so, with a way back.
  const [restored, setRestored] = useState(draft.kept && draft.text !== body);
  const [saveError, setSaveError] = useState<string | undefined>();
  const editButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  const what = kind === 'comment' ? 'comment' : 'reply';
  const author = item.postedBy.displayName;

  useEffect(() => {
    if (returnFocus && !editing) {
      editButton.current?.focus();
      setReturnFocus(false);
    }
  }, [returnFocus, editing]);

  const startEdit = () => {
    if (!draft.kept) draft.set(body);
    setRestored(draft.kept && draft.text !== body);
    setSaveError(undefined);
    setEditing(true);
  };
  const closeEditor = (keepText: boolean) => {
    // Escape or Cancel with changes keeps them as a draft: Edit brings them back ("Revert" drops them).
    if (!keepText || draft.text === body) draft.clear();
    setEditing(false);
    setRestored(false);
    setSaveError(undefined);
    setReturnFocus(true);
  };
  // The text saved is the draft's at the time of Save; a failed save keeps it in the editor.
  const saveEdit = useMutation({
    mutationFn: (markdown: string) => onSaveEdit(markdown),
    onMutate: () => setSaveError(undefined),
    onSuccess: () => closeEditor(false),
    onError: (error) => setSaveError(errorMessage(error)),
  });
  const saving = saveEdit.isPending;
  const { confirming, setConfirming, remove } = useDeleteWithConfirmation(onDelete, draft.clear, what);
  const deleting = remove.isPending;

  const canReact = (item.permissions.reply ?? true) && meId !== undefined;
  return (
    <div className="comment-item" data-testid={kind === 'comment' ? 'comment' : 'reply'}>
      <CommentHead item={item} kind={kind} headingId={headingId} headingLevel={headingLevel} />
      {meta}
      {editing ? (
        <div className="comment-editor">
          {restored && (
            <RestoredNote
              onRevert={() => {
                draft.set(body);
                setRestored(false);
              }}
            />
          )}
          <MarkdownComposer
            label={`Edit your ${what}`}
            value={draft.text}
            onChange={draft.set}
            onSubmit={() => saveEdit.mutate(draft.text)}
            onCancel={() => closeEditor(true)}
            submitLabel="Save"
            pending={saving}
            error={saveError}
            autoFocus
            data-testid="comment-editor"
          />
        </div>
      ) : (
        <Markdown source={body} className="comment-body" />
      )}
      <Reactions
        reactions={item.reactions}
        meId={meId}
        canReact={canReact}
        onToggle={onToggleReaction}
        of={`${what} by ${author}`}
      />
      {!editing && (
        <div className="comment-actions">
          {actions}
          {item.permissions.edit && (
            <Button
              ref={editButton}
              size="sm"
              variant="ghost"
              onClick={startEdit}
              aria-label={`Edit ${what} by ${author}`}
              data-testid="comment-edit"
            >
              Edit
            </Button>
          )}
          {item.permissions.delete && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${what} by ${author}`}
              data-testid="comment-delete"
            >
              Delete
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!deleting) setConfirming(open);
        }}
        title={`Delete this ${what}?`}
        description={`The ${what} by ${author}${
          deleteAlsoRemoves !== undefined ? ` and ${deleteAlsoRemoves}` : ''
        } will be deleted for everyone. This cannot be undone.`}
        confirmLabel={`Delete ${what}`}
        onConfirm={() => remove.mutate()}
        pending={deleting}
      />
    </div>
  );
}
