/** A labelled text input with an optional hint and error text, both tied to it with aria-describedby. */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx.ts';

/** Props of `TextField`: those of an input, plus its label, hint and error. */
export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A text field. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cx(hint !== undefined && hintId, error !== undefined && errorId) || undefined;
  return (
    <div className={cx('field', className)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props of `CheckboxField`. */
export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A checkbox with its label and an optional hint. */
export function CheckboxField({ label, hint, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cx('checkbox-field', className)}>
      <input id={id} type="checkbox" aria-describedby={hint !== undefined ? hintId : undefined} {...input} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint !== undefined && (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
