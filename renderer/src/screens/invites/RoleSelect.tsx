/** A native select of roles (guest included), keyboard operable and labelled by its caller. */
import type { ComponentProps } from 'react';
import { cx } from '../../ui/cx.ts';
import { ROLE_VALUES, roleLabel, type RoleValue } from './roles.ts';

/** Props of `RoleSelect`: a select's, with a typed value and change handler. */
export interface RoleSelectProps extends Omit<ComponentProps<'select'>, 'value' | 'onChange'> {
  value: RoleValue | '';
  onRoleChange: (value: RoleValue) => void;
  /** A first option with an empty value (e.g. "Organization default"). */
  emptyLabel?: string;
}

/** A select of roles. */
export function RoleSelect({ value, onRoleChange, emptyLabel, className, ...select }: RoleSelectProps) {
  return (
    <select
      className={cx('input select', className)}
      value={value}
      onChange={(event) => onRoleChange(event.target.value as RoleValue)}
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
