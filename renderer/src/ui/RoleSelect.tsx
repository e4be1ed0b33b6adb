/**
 * A native select of roles (guest included) for forms that save with a button: a form's value, not a commit. A
 * control that changes a role on its own is a `ChoiceMenu`, which commits only on an explicit choice.
 */
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';
import { isRoleValue, ROLE_VALUES, roleLabel, type RoleValue } from './roles.ts';

/** Props of `RoleSelect`: a select's, with a typed value and change handler. */
export interface RoleSelectProps extends Omit<ComponentProps<'select'>, 'value' | 'onChange'> {
  value: RoleValue | '';
  onRoleChange: (value: RoleValue) => void;
  /** A first option with an empty value (e.g. "Organization default"), and what choosing it does. */
  emptyLabel?: string;
  onEmpty?: () => void;
}

/** A select of roles. */
export function RoleSelect({
  value,
  onRoleChange,
  emptyLabel,
  onEmpty,
  className,
  ...select
}: RoleSelectProps) {
  return (
    <select
      className={cx('input select', className)}
      value={value}
      onChange={(event) => {
        if (isRoleValue(event.target.value)) onRoleChange(event.target.value);
        else onEmpty?.();
      }}
      {...select}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {ROLE_VALUES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}
