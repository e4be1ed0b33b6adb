/**
 * A value renamed in place: the value and a Rename button; Rename turns it into a text box where Enter (or Save)
 * saves and Escape (or Cancel) puts it back. Focus goes into the box, then back to Rename. The save is the caller's
 * mutation (`mutateAsync`): while it runs the box shows it; a refusal stays in the box, under it, naming the problem.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../Button.tsx';
import { cx } from '../cx.ts';
import './editable.css';
import { commitOf, inlineEditKey } from './inlineEdit.ts';

/** Props of `EditableRow`. */
export interface EditableRowProps {
  value: string;
  /** The box's label, e.g. “Name of the share link”. */
  label: string;
  /** The Rename button's label; “Rename “<value>”” by default. */
  renameLabel?: string;
  /** Saves the new value; the row leaves editing when it resolves, and shows the error when it rejects. */
  onSave: (value: string) => Promise<unknown>;
  /** The save is on its way (the mutation's `isPending`). */
  pending: boolean;
  /** A message for a value the API would refuse; an empty value is always refused. */
  validate?: (value: string) => string | undefined;
  maxLength?: number;
  /** Renaming is not allowed (read-only): the value shows without the button. */
  readOnly?: boolean;
  /** How the value shows when not editing; the plain text by default. */
  children?: ReactNode;
  /** Prefix of the test ids: `<id>-rename`, `<id>-input`, `<id>-save`, `<id>-cancel`, `<id>-error`. */
  testId: string;
  className?: string;
}

/** The row. */
export function EditableRow({
  value,
  label,
  renameLabel,
  onSave,
  pending,
  validate,
  maxLength,
  readOnly = false,
  children,
  testId,
  className,
}: EditableRowProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const rename = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
    else if (wasEditing.current) rename.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    setDraft(value);
    setError(undefined);
    setEditing(true);
  };
  const cancel = () => {
    if (!pending) setEditing(false);
  };
  const commit = () => {
    if (pending) return;
    const decision = commitOf(draft, value, validate);
    if (decision.kind === 'unchanged') setEditing(false);
    else if (decision.kind === 'invalid') setError(decision.message);
    else
      onSave(decision.value).then(
        () => setEditing(false),
        (failure: unknown) => setError(errorMessage(failure)),
      );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = inlineEditKey(event.key);
    if (action === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'commit') commit();
    else cancel();
  };

  if (!editing)
    return (
      <div className={cx('editable-row', className)}>
        <span className="editable-row-value">{children ?? value}</span>
        {!readOnly && (
          <Button
            ref={rename}
            size="sm"
            variant="ghost"
            onClick={start}
            aria-label={renameLabel ?? `Rename “${value}”`}
            data-testid={`${testId}-rename`}
          >
            Rename
          </Button>
        )}
      </div>
    );
  return (
    <form
      className={cx('editable-row is-editing', className)}
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
      noValidate
    >
      <input
        ref={input}
        className="input editable-row-input"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        maxLength={maxLength}
        aria-label={label}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        autoComplete="off"
        readOnly={pending}
        data-testid={`${testId}-input`}
      />
      <Button type="submit" size="sm" variant="primary" pending={pending} data-testid={`${testId}-save`}>
        Save
      </Button>
      <Button size="sm" onClick={cancel} disabled={pending} data-testid={`${testId}-cancel`}>
        Cancel
      </Button>
      {error !== undefined && (
        <p
          id={`${id}-error`}
          className="field-error editable-row-error"
          role="alert"
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      )}
    </form>
  );
}
