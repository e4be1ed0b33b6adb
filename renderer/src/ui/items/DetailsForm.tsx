/**
 * The title (and, for a collection, description) of an item, edited in place: checked with the contract's bounds
 * before sending, only changed fields sent, the server's refusal shown on the field it names, nothing typed lost.
 * Escape in a changed field puts the saved text back (and goes no further, so it does not close the panel). Edits
 * not saved are guarded (navigation, window close).
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../Button.tsx';
import { Banner } from '../Feedback.tsx';
import { toast } from '../Toast.tsx';
import { useUnsavedChanges } from '../unsaved.ts';
import {
  changedDetails,
  fieldOfMessage,
  maxLengthOf,
  validateDetails,
  type DetailsErrors,
  type DetailsField,
  type DetailsValues,
} from './detailsForm.ts';

/** Props of `DetailsForm`; mount it with a `key` of the item so that it starts from the item's values. */
export interface DetailsFormProps {
  kind: 'space' | 'collection';
  /** The saved values; a field absent here is not shown. */
  baseline: DetailsValues;
  readOnly: boolean;
  /** Sends the changed fields; throws the API's error on failure. */
  onSave: (body: DetailsValues) => Promise<unknown>;
}

const LABELS: Record<DetailsField, string> = { title: 'Title', description: 'Description' };

/** The form. */
export function DetailsForm({ kind, baseline: initial, readOnly, onSave }: DetailsFormProps) {
  const formId = useId();
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation({ mutationFn: onSave });
  const pending = save.isPending;
  const fields = (['title', 'description'] as const).filter((field) => initial[field] !== undefined);
  const changes = changedDetails(values, baseline);
  const dirty = Object.keys(changes.body).length > 0 || Object.keys(changes.errors).length > 0;

  /** Checks and sends the changes; resolves to whether they are saved (a refusal stays on screen). */
  const submit = async (): Promise<boolean> => {
    setFormError(undefined);
    const found = { ...validateDetails(kind, changes.body), ...changes.errors };
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    if (!dirty) return true;
    try {
      await save.mutateAsync(changes.body);
      const next = { ...baseline, ...changes.body };
      setBaseline(next);
      setValues(next);
      toast({ title: `${kind === 'space' ? 'Space' : 'Collection'} saved`, tone: 'success' });
      return true;
    } catch (failure) {
      const message = errorMessage(failure);
      const field = fieldOfMessage(message);
      if (field !== undefined) setErrors({ [field]: message });
      else setFormError(message);
      return false;
    }
  };
  const discard = () => {
    setValues(baseline);
    setErrors({});
    setFormError(undefined);
  };
  useUnsavedChanges(dirty && !readOnly, { what: `the ${kind}'s details`, save: submit, discard });

  const onKeyDown = (field: DetailsField) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || values[field] === baseline[field]) return;
    event.stopPropagation();
    setValues((old) => ({ ...old, [field]: baseline[field] }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  return (
    <form
      className="details-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      {fields.map((field) => {
        const max = maxLengthOf(kind, field);
        const value = values[field] ?? '';
        const error = errors[field];
        const id = `${formId}-${field}`;
        return (
          <div className="field" key={field}>
            <label className="field-label" htmlFor={id}>
              {LABELS[field]}
              {max !== undefined && (
                <span className={value.trim().length > max ? 'details-count is-over' : 'details-count'}>
                  {value.trim().length}/{max}
                </span>
              )}
            </label>
            <input
              id={id}
              className="input"
              value={value}
              readOnly={readOnly}
              disabled={pending}
              onChange={(event) => {
                setValues((old) => ({ ...old, [field]: event.target.value }));
                setErrors((old) => ({ ...old, [field]: undefined }));
              }}
              onKeyDown={onKeyDown(field)}
              aria-invalid={error !== undefined || undefined}
              aria-describedby={error !== undefined ? `${id}-error` : undefined}
              autoComplete="off"
              placeholder={field === 'description' ? 'No description' : 'Untitled'}
              data-testid={`details-${field}`}
            />
            {error !== undefined && (
              <p id={`${id}-error`} className="field-error" data-testid={`field-error-${field}`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      {formError !== undefined && (
        <Banner tone="error" title="Not saved" data-testid="details-error">
          {formError}
        </Banner>
      )}
      {!readOnly && dirty && (
        <div className="form-actions">
          <Button type="submit" variant="primary" size="sm" pending={pending} data-testid="details-save">
            Save
          </Button>
          <Button size="sm" disabled={pending} onClick={discard} data-testid="details-discard">
            Discard
          </Button>
        </div>
      )}
    </form>
  );
}
