/**
 * Creating or editing a custom field in a dialog: name (fixed once created), title, type and, for choice fields,
 * the options. The state and the sending are in useFieldDialog.ts.
 */
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { typeHint, typeLabel } from './cellValues.ts';
import { FIELD_TYPES, hasOptions, NAME_MAX, TITLE_MAX } from './fieldForm.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { useFieldDialog, type FieldDialogInput } from './useFieldDialog.ts';

/** Props of `FieldDialog`. */
export type FieldDialogProps = FieldDialogInput;

/** The name and type of a new field (both fixed once it is created). */
function NewFieldParts({ form }: { form: ReturnType<typeof useFieldDialog> }) {
  const { values, errors, pending } = form;
  return (
    <>
      <Field
        name="name"
        label="Name"
        hint={`What the API calls it: lower-case letters, digits, “_” and “-”, up to ${NAME_MAX}. It cannot change later.`}
        error={errors.name}
      >
        {(control) => (
          <input
            {...control}
            ref={form.nameRef}
            className="input cf-mono"
            value={values.name}
            onChange={(event) => form.setName(event.target.value)}
            onBlur={form.checkName}
            autoComplete="off"
            spellCheck={false}
            disabled={pending}
            data-testid="cf-field-name"
          />
        )}
      </Field>
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
            onChange={(event) => form.setType(event.target.value as (typeof FIELD_TYPES)[number])}
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
    </>
  );
}

/** The dialog; mount it only while open (it starts from the field's values). */
export function FieldDialog(props: FieldDialogProps) {
  const { field, onClose } = props;
  const form = useFieldDialog(props);
  const { creating, values, errors, formError, pending, removed } = form;

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
      <form className="form cf-form" onSubmit={form.onSubmit} noValidate>
        <Field
          name="title"
          label="Title"
          hint={`Shown to people; up to ${TITLE_MAX} characters.`}
          error={errors.title}
        >
          {(control) => (
            <input
              {...control}
              ref={form.titleRef}
              className="input"
              value={values.title}
              onChange={(event) => form.setTitle(event.target.value)}
              autoComplete="off"
              disabled={pending}
              data-testid="cf-field-title"
            />
          )}
        </Field>
        {creating && <NewFieldParts form={form} />}
        {hasOptions(values.type) && (
          <OptionsEditor
            options={values.options}
            onChange={form.setOptions}
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
