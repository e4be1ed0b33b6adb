/**
 * The request's subject as its screen's heading, editable in place: "Rename" (or F2 on the heading) opens the
 * field, Enter saves, Escape cancels. A subject the API would refuse (empty, over 100 characters) is refused here
 * with the field named; a refusal from the server is shown the same way, and the typed text stays.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { updateChangeRequestFields } from '../../queries/changeRequests.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { checkSubject, SUBJECT_MAX } from './subject.ts';

/** The heading and its editor. */
export function SubjectEditor({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  request,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  request: ChangeRequest;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(request.subject);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setValue(request.subject);
    setError(undefined);
    setEditing(true);
  };
  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(undefined);
  };
  const rename = useMutation({
    mutationFn: (subject: string) =>
      updateChangeRequestFields(queryClient, profileId, orgId, spaceId, changeRequestId, { subject }),
    onSuccess: () => {
      toast({ title: 'Subject saved', tone: 'success' });
      stop();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const saving = rename.isPending;
  const save = () => {
    const checked = checkSubject(value, request.subject);
    if (checked.kind === 'invalid') return setError(checked.message);
    if (checked.kind === 'unchanged') return stop();
    rename.mutate(checked.subject);
  };

  const subject = request.subject === '' ? 'Untitled change request' : request.subject;
  if (!editing)
    return (
      <div className="cr-subject">
        <h1
          id="cr-title"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'F2') start();
          }}
          data-testid="cr-subject"
        >
          {subject} <span className="cr-number">#{request.number}</span>
        </h1>
        <Button
          ref={renameButton}
          variant="ghost"
          size="sm"
          onClick={start}
          aria-label={`Rename “${subject}”`}
          data-testid="cr-rename"
        >
          Rename
        </Button>
      </div>
    );

  const length = value.trim().length;
  return (
    <form
      className="cr-subject-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="cr-subject-form"
    >
      <h1 id="cr-title" className="visually-hidden">
        {subject} #{request.number}
      </h1>
      <TextField
        ref={input}
        label="Subject"
        className="cr-subject-field"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            stop();
          }
        }}
        hint={`${length}/${SUBJECT_MAX} characters. Enter saves, Escape cancels.`}
        error={error}
        readOnly={saving}
        autoComplete="off"
        data-testid="cr-subject-input"
      />
      <div className="cr-subject-actions">
        <Button type="submit" variant="primary" size="sm" pending={saving} data-testid="cr-subject-save">
          Save
        </Button>
        <Button size="sm" onClick={stop} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
