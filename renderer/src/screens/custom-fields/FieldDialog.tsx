/**
 * Creating or editing a custom field in a dialog: name (fixed once created), title, type and, for choice fields,
 * the options. Checked before sending; the server's refusal (a taken name is a 409) lands on the part it names and
 * the dialog stays open with everything typed.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useCreateCustomField, useUpdateCustomField } from '../../queries/customFields.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { typeHint, typeLabel } from './cellValues.ts';
import {
  createBody,
  EMPTY_FIELD,
  FIELD_TYPES,
  fieldOfMessage,
  hasOptions,
  NAME_MAX,
  nameFromTitle,
  removedOptions,
  TITLE_MAX,
  updateBody,
  validate,
  valuesOf,
  type FieldErrors,
} from './fieldForm.ts';
import { OptionsEditor } from './OptionsEditor.tsx';

/** Props of `FieldDialog`. */
export interface FieldDialogProps {
  profileId: string;
  orgId: string;
  /** The field to edit; a new one when absent. */
  field?: CustomField | undefined;
  onClose: () => void;
  /** Called after the server changed a field's options (values using removed ones are gone). */
  onOptionsChanged?: (field: CustomField) => void;
}

/** The dialog; mount it only while open (it starts from the field's values). */
export function FieldDialog({ profileId, orgId, field, onClose, onOptionsChanged }: FieldDialogProps) {
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

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={field ? `Edit “${field.title}”` : 'New custom field'}
      description={
        field
          ? `The name \`${field.name}\` and the type (${typeLabel(field.type)}) stay as they are.`
          : 'A value every space of the organization can carry.'
      }
      className="cf-dialog"
      data-testid="cf-field-dialog"
    >
      <form className="form cf-form" onSubmit={onSubmit} noValidate>
        <Field
          name="title"
          label="Title"
          hint={`Shown to people; up to ${TITLE_MAX} characters.`}
          error={errors.title}
        >
          {(control) => (
            <input
              {...control}
              ref={titleRef}
              className="input"
              value={values.title}
              onChange={(event) => {
                const title = event.target.value;
                setValues((old) => ({
                  ...old,
                  title,
                  ...(creating && !nameTouched ? { name: nameFromTitle(title) } : {}),
                }));
              }}
              autoComplete="off"
              disabled={pending}
              data-testid="cf-field-title"
            />
          )}
        </Field>
        {creating && (
          <Field
            name="name"
            label="Name"
            hint={`What the API calls it: lower-case letters, digits, “_” and “-”, up to ${NAME_MAX}. It cannot change later.`}
            error={errors.name}
          >
            {(control) => (
              <input
                {...control}
                ref={nameRef}
                className="input cf-mono"
                value={values.name}
                onChange={(event) => {
                  const name = event.target.value;
                  setNameTouched(true);
                  setValues((old) => ({ ...old, name }));
                  if (errors.name !== undefined)
                    setErrors((old) => ({ ...old, name: validate({ ...values, name }, true).name }));
                }}
                onBlur={() =>
                  setErrors((old) => ({
                    ...old,
                    ...(values.name !== '' ? { name: validate(values, true).name } : {}),
                  }))
                }
                autoComplete="off"
                spellCheck={false}
                disabled={pending}
                data-testid="cf-field-name"
              />
            )}
          </Field>
        )}
        {creating && (
          <Field
            name="type"
            label="Type"
            hint={typeHint({ name: values.name, type: values.type, options: [] })}
            error={errors.type}
          >
            {(control) => (
              <select
                {...control}
                className="input"
                value={values.type}
                onChange={(event) => {
                  const type = event.target.value as (typeof FIELD_TYPES)[number];
                  setValues((old) => ({ ...old, type }));
                  setErrors((old) => ({ ...old, options: undefined }));
                }}
                disabled={pending}
                data-testid="cf-field-type"
              >
                {FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeLabel(type)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {hasOptions(values.type) && (
          <OptionsEditor
            options={values.options}
            onChange={(options) => {
              setValues((old) => ({ ...old, options }));
              if (errors.options !== undefined) setErrors((old) => ({ ...old, options: undefined }));
            }}
            error={errors.options}
            disabled={pending}
          />
        )}
        {removed.length > 0 && (
          <Banner
            tone="warning"
            title="Values using removed options will be dropped"
            data-testid="cf-removed-options"
          >
            {`Spaces whose value is ${removed.map((option) => `“${option}”`).join(', ')} lose that choice when you save.`}
          </Banner>
        )}
        {formError !== undefined && (
          <Banner tone="error" title="The custom field was not saved" data-testid="cf-form-error">
            {formError}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button disabled={pending}>Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="cf-field-save">
            {creating ? 'Create field' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
