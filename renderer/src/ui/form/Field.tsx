/** A labelled control of the settings form, whose error text carries `data-testid="field-error-<name>"`. */
import { useId, type ReactNode } from 'react';
import { cx } from '../cx.ts';

/** What the control inside a `Field` must spread on itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** Props of `Field`. */
export interface FieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** A form field: label, control, hint and error, tied together with ids. */
export function Field({ name, label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cx(hint !== undefined && hintId, error !== undefined && errorId) || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error !== undefined || undefined })}
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error" data-testid={`field-error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Props of `SwitchField`. */
export interface SwitchFieldProps {
  name: string;
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  'data-testid': string;
}

/** An on/off switch (a checkbox with the switch role), with its hint and error. */
export function SwitchField({ name, label, hint, checked, onChange, error, ...rest }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={cx(`${id}-hint`, error !== undefined && `${id}-error`)}
        aria-invalid={error !== undefined || undefined}
        data-testid={rest['data-testid']}
      />
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
        {error !== undefined && (
          <p id={`${id}-error`} className="field-error" data-testid={`field-error-${name}`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
