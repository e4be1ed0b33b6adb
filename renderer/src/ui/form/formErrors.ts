/**
 * Where a form's failure goes: the server names a field in a 400's message ("body field `title`: …"); such a message
 * lands under that field, any other above the form's buttons.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';

/** The field a server message names (“body field `title` …”, “body field `languages[1]` …”) among `fields`, if any. */
export function fieldNamedIn<F extends string>(message: string, fields: readonly F[]): F | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1];
  return fields.find((field) => field === named);
}

/** A failure, placed: under a field, or on the form. */
export interface PlacedError<F extends string> {
  field: F | undefined;
  message: string;
}

/** Places a failure's message with `fieldOf` (by default `fieldNamedIn` over `fields`). */
export function placeError<F extends string>(
  error: unknown,
  fields: readonly F[],
  fieldOf: (message: string) => F | undefined = (message) => fieldNamedIn(message, fields),
): PlacedError<F> {
  const message = errorMessage(error);
  return { field: fieldOf(message), message };
}

/** The errors of a form: one message per field, and one for the form. */
export interface FormErrors<F extends string> {
  errors: Partial<Record<F, string>>;
  formError: string | undefined;
  /** Replaces the field errors (a validation's result) and clears the form's. */
  setErrors: (errors: Partial<Record<F, string>>) => void;
  /** Sets or clears one field's error. */
  setFieldError: (field: F, message: string | undefined) => void;
  /** Clears every error. */
  clear: () => void;
  /** Places a failure (a mutation's `onError`): under the field it names, else on the form; returns the field. */
  fail: (error: unknown) => F | undefined;
}

/** The errors of a form whose fields are `fields`; `fieldOf` overrides how a message names its field. */
export function useFormErrors<F extends string>(
  fields: readonly F[],
  fieldOf?: (message: string) => F | undefined,
): FormErrors<F> {
  const [errors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const setErrors = useCallback((next: Partial<Record<F, string>>) => {
    setFieldErrors(next);
    setFormError(undefined);
  }, []);
  const setFieldError = useCallback((field: F, message: string | undefined) => {
    setFieldErrors((old) => ({ ...old, [field]: message }));
  }, []);
  const clear = useCallback(() => {
    setFieldErrors({});
    setFormError(undefined);
  }, []);
  const fail = useCallback(
    (error: unknown) => {
      const { field, message } = placeError(error, fields, fieldOf);
      if (field === undefined) setFormError(message);
      else setFieldError(field, message);
      return field;
    },
    [fields, fieldOf, setFieldError],
  );
  return { errors, formError, setErrors, setFieldError, clear, fail };
}
