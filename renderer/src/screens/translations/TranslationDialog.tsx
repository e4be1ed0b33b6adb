/**
 * Creating or editing translation settings in a dialog: title and languages, checked before sending; the server's
 * refusal lands on the field it names (or above the buttons) and the dialog stays open with what was typed.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { TranslationSettings } from '../../../../shared/contract/resources/translations.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useCreateTranslation, useUpdateTranslation } from '../../queries/translations.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import {
  bodyOf,
  differs,
  EMPTY_TRANSLATION,
  fieldOfMessage,
  TITLE_MAX,
  validate,
  valuesOf,
  type TranslationErrors,
} from './translationForm.ts';

/** Props of `TranslationDialog`. */
export interface TranslationDialogProps {
  profileId: string;
  orgId: string;
  /** The settings to edit; new ones when absent. */
  settings?: TranslationSettings | undefined;
  onClose: () => void;
}

/** The dialog; mount it only while open (it starts from the settings' values). */
export function TranslationDialog({ profileId, orgId, settings, onClose }: TranslationDialogProps) {
  const baseline = settings ? valuesOf(settings) : EMPTY_TRANSLATION;
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<TranslationErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const titleRef = useRef<HTMLInputElement>(null);
  const create = useCreateTranslation(profileId, orgId);
  const update = useUpdateTranslation(profileId, orgId);
  const pending = create.isPending || update.isPending;
  const changed = differs(values, baseline);

  const show = (found: TranslationErrors) => {
    setErrors(found);
    if (found.title !== undefined) titleRef.current?.focus();
  };

  const onError = (error: unknown) => {
    const message = errorMessage(error);
    const field = fieldOfMessage(message);
    if (field !== undefined) show({ [field]: message });
    else setFormError(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validate(values);
    show(found);
    if (Object.keys(found).length > 0) return;
    const body = bodyOf(values);
    const done = (saved: TranslationSettings, verb: string) => {
      toast({ title: `Translation settings “${saved.title}” ${verb}`, tone: 'success' });
      onClose();
    };
    if (settings === undefined)
      create.mutate(body, { onSuccess: (saved) => done(saved, 'created'), onError });
    else if (!changed) onClose();
    else update.mutate({ id: settings.id, body }, { onSuccess: (saved) => done(saved, 'saved'), onError });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={settings ? `Edit “${settings.title}”` : 'New translation settings'}
      description="A title, and the languages the organization’s content is translated into."
      className="translation-dialog"
      data-testid="translation-dialog"
    >
      <form className="form translation-form" onSubmit={onSubmit} noValidate>
        <Field name="title" label="Title" hint={`Up to ${TITLE_MAX} characters.`} error={errors.title}>
          {(control) => (
            <input
              {...control}
              ref={titleRef}
              className="input"
              value={values.title}
              onChange={(event) => {
                const title = event.target.value;
                setValues((old) => ({ ...old, title }));
                if (errors.title !== undefined)
                  setErrors((old) => ({ ...old, title: validate({ ...values, title }).title }));
              }}
              onBlur={() => setErrors((old) => ({ ...old, title: validate(values).title }))}
              autoComplete="off"
              disabled={pending}
              data-testid="translation-title"
            />
          )}
        </Field>
        <LanguagePicker
          value={values.languages}
          onChange={(languages) => {
            setValues((old) => ({ ...old, languages }));
            setErrors((old) => ({ ...old, languages: undefined }));
          }}
          error={errors.languages}
          disabled={pending}
        />
        {formError !== undefined && (
          <Banner
            tone="error"
            title="The translation settings were not saved"
            data-testid="translation-form-error"
          >
            {formError}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button disabled={pending}>Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="translation-save">
            {settings ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
