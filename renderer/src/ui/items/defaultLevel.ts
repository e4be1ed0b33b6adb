/** Default access of a collection or space as the forms show it: a role, no access (`null`) or inherit. */
import { ROLES, type Role } from '../../../../shared/contract/constants.ts';
import type { Collection } from '../../../../shared/contract/resources/content.ts';
import { roleLabel } from '../roles.ts';

/** A default level as the API takes it. */
export type DefaultLevelValue = Collection['defaultLevel'];

/** The value of a default level in a `<select>` (`null` has none: `none`). */
export type DefaultLevelOption = Role | 'inherit' | 'none';

/** Every option, from the widest default to the narrowest, the roles from the least to the most powerful. */
export const DEFAULT_LEVEL_OPTIONS: readonly DefaultLevelOption[] = [
  'inherit',
  'none',
  ...[...ROLES].reverse(),
];

/** The label of an option: GitBook's role names for the roles. */
export function defaultLevelLabel(option: DefaultLevelOption): string {
  if (option === 'inherit') return 'Inherit';
  if (option === 'none') return 'No access';
  return roleLabel(option);
}

/** The select value of a default level. */
export function toOption(level: DefaultLevelValue): DefaultLevelOption {
  return level ?? 'none';
}

/** The default level of a select value. */
export function fromOption(option: DefaultLevelOption): DefaultLevelValue {
  return option === 'none' ? null : option;
}

/** One sentence saying what `inherit` means for this item: from its collection, or the organization role. */
export function inheritExplanation(kind: 'space' | 'collection', parentTitle: string | undefined): string {
  const what = kind === 'space' ? 'this space' : 'this collection';
  const from =
    parentTitle !== undefined
      ? `the access they have on the collection “${parentTitle}”`
      : 'their role in the organization';
  return `Inherit gives members ${from}. A default access restricts members, it never raises their organization role; admins keep admin on ${what}.`;
}
