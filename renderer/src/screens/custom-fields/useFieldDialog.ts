/**
 * The state and sending of the field dialog (FieldDialog.tsx): what is typed, the errors per part, and the create
 * or update mutation. Checked before sending; the server's refusal (a taken name is a 409) lands on the part it
 * names, and the dialog stays open with everything typed.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useCreateCustomField, useUpdateCustomField } from '../../queries/customFields.ts';
import { toast } from '../../ui/Toast.tsx';
import {
  createBody,
  EMPTY_FIELD,
  fieldOfMessage,
  nameFromTitle,
  removedOptions,
  updateBody,
  validate,
  valuesOf,
  type FieldErrors,
  type FieldValues,
} from './fieldForm.ts';

/** What the dialog is given. */
export interface FieldDialogInput {
  profileId: string;
  orgId: string;
  /** The field to edit; a new one when absent. */
  field?: CustomField | undefined;
  onClose: () => void;
  /** Called after the server changed a field's options (values using removed ones are gone). */
  onOptionsChanged?: (field: CustomField) => void;
}

/** The dialog's state, its change handlers and `onSubmit`. */
export function useFieldDialog({ profileId, orgId, field, onClose, onOptionsChanged }: FieldDialogInput) {
  const creating = field === undefined;
  const [values, setValues] = useState(field ? valuesOf(field) : EMPTY_FIELD);
  const [nameTouched, setNameTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const create = useCreateCustomField(profileId, orgId);
  const update = useUpdateCustomField(profileId, orgId);
  const pending = create.isPending || update.isPending;
  const removed = field ? removedOptions(values, field) : [];

  const show = (found: FieldErrors) => {
    setErrors(found);
    if (found.name !== undefined) nameRef.current?.focus();
    else if (found.title !== undefined) titleRef.current?.focus();
  };

  const onError = (error: unknown) => {
    const message = errorMessage(error);
    const part = fieldOfMessage(message);
    if (part !== undefined) show({ [part]: message });
    else setFormError(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validate(values, creating);
    show(found);
    if (Object.keys(found).length > 0) return;
    if (field === undefined) {
      create.mutate(createBody(values), {
        onSuccess: (saved) => {
          toast({ title: `Custom field “${saved.title}” created`, tone: 'success' });
          onClose();
        },
        onError,
      });
      return;
    }
    const body = updateBody(values, field);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { name: field.name, body },
      {
        onSuccess: (saved) => {
          if (body.options !== undefined) onOptionsChanged?.(saved);
          toast({ title: `Custom field “${saved.title}” saved`, tone: 'success' });
          onClose();
        },
        onError,
      },
    );
  };

  return {
    creating,
    values,
    errors,
    formError,
    pending,
    removed,
    nameRef,
    titleRef,
    onSubmit,
    /** The title typed; a new field's name follows it until the name is typed itself. */
    setTitle: (title: string) =>
      setValues((old) => ({
        ...old,
        title,
        ...(creating && !nameTouched ? { name: nameFromTitle(title) } : {}),
      })),
    setName: (name: string) => {
      setNameTouched(true);
      setValues((old) => ({ ...old, name }));
      if (errors.name !== undefined)
        setErrors((old) => ({ ...old, name: validate({ ...values, name }, true).name }));
    },
    /** Checks the name on leaving it (once something is typed). */
    checkName: () =>
      setErrors((old) => ({
        ...old,
        ...(values.name !== '' ? { name: validate(values, true).name } : {}),
      })),
    setType: (type: FieldValues['type']) => {
      setValues((old) => ({ ...old, type }));
      setErrors((old) => ({ ...old, options: undefined }));
    },
    setOptions: (options: FieldValues['options']) => {
      setValues((old) => ({ ...old, options }));
      if (errors.options !== undefined) setErrors((old) => ({ ...old, options: undefined }));
    },
  };
}
