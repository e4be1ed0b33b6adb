/**
 * The identity providers' CSV exports the directory reconciliation reads (issue 19), recognised by their header
 * row, with where each one keeps a person's email, name, status and groups:
 * - Okta: the user export (Directory > People: "Username", "First name", "Last name", "Primary email", "Status",
 *   optionally a "Groups" column) and the group membership report ("Group name", "Username", "Primary email").
 * - Microsoft Entra ID: "Download users" ("userPrincipalName", "displayName", "mail", "accountEnabled"...) and a
 *   group's "Download members" ("id", "userPrincipalName", "displayName"...: one file per group, which the file
 *   does not name, so the caller does).
 * - Google Workspace: the user download ("First Name [Required]", "Email Address [Required]", "Org Unit Path
 *   [Required]", "Status [READ ONLY]"...) and the group member export ("Group Email", "Member Email", "Member
 *   Role"...).
 *
 * Headers are compared without case, spaces or underscores and without Google's bracketed notes, so "Primary
 * email", "primaryEmail" and "Primary Email [Required]" are one column.
 */

export type DirectoryFormat =
  | 'okta-users'
  | 'okta-groups'
  | 'entra-users'
  | 'entra-group-members'
  | 'google-users'
  | 'google-group-members';

export const FORMAT_NAMES: Record<DirectoryFormat, string> = {
  'okta-users': 'Okta user export',
  'okta-groups': 'Okta group membership report',
  'entra-users': 'Microsoft Entra ID user download',
  'entra-group-members': 'Microsoft Entra ID group members download',
  'google-users': 'Google Workspace user download',
  'google-group-members': 'Google Workspace group member export',
};

/** A header cell as compared: `Status [READ ONLY]` → `status`, `userPrincipalName` → `userprincipalname`. */
export function headerKey(cell: string): string {
  return cell
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();
}

/** Where a format keeps what the reconciliation reads: a column's key, or its first present alternative. */
export interface FormatColumns {
  email: string[];
  /** Entra ID: the sign-in name, the key of group member files; `mail` is the email. */
  principal?: string[];
  name?: string[];
  firstName?: string[];
  lastName?: string[];
  status?: string[];
  orgUnit?: string[];
  /** A group per row (membership files). */
  group?: string[];
  /** Several groups in one cell, separated by `;` or `,` (Okta's user export when it is asked for groups). */
  groups?: string[];
  /** Membership files: what kind of member (Google's `USER`/`GROUP`, Entra's `User`/`Group`/`Device`). */
  memberType?: string[];
}

export interface FormatDefinition {
  format: DirectoryFormat;
  /** The header keys that make a file this format. */
  recognise: (keys: ReadonlySet<string>) => boolean;
  columns: FormatColumns;
  /** Whether the file lists people (with their status), or members of groups. */
  kind: 'users' | 'memberships';
}

export const FORMATS: readonly FormatDefinition[] = [
  {
    format: 'google-users',
    kind: 'users',
    recognise: (k) => k.has('emailaddress') && k.has('orgunitpath'),
    columns: {
      email: ['emailaddress'],
      firstName: ['firstname'],
      lastName: ['lastname'],
      status: ['status'],
      orgUnit: ['orgunitpath'],
    },
  },
  {
    format: 'google-group-members',
    kind: 'memberships',
    recognise: (k) => k.has('groupemail') && k.has('memberemail'),
    columns: {
      email: ['memberemail'],
      group: ['groupemail'],
      status: ['memberstatus'],
      memberType: ['membertype'],
    },
  },
  {
    format: 'entra-users',
    kind: 'users',
    recognise: (k) => k.has('userprincipalname') && k.has('accountenabled'),
    columns: {
      email: ['mail'],
      principal: ['userprincipalname'],
      name: ['displayname'],
      status: ['accountenabled'],
    },
  },
  {
    format: 'entra-group-members',
    kind: 'memberships',
    recognise: (k) => k.has('userprincipalname') && (k.has('id') || k.has('objectid')),
    columns: {
      email: ['mail'],
      principal: ['userprincipalname'],
      name: ['displayname'],
      memberType: ['objecttype'],
    },
  },
  {
    format: 'okta-groups',
    kind: 'memberships',
    recognise: (k) => k.has('groupname') && (k.has('username') || k.has('primaryemail') || k.has('email')),
    columns: {
      email: ['primaryemail', 'email', 'username'],
      group: ['groupname'],
      firstName: ['firstname'],
      lastName: ['lastname'],
    },
  },
  {
    format: 'okta-users',
    kind: 'users',
    recognise: (k) => k.has('username') && (k.has('primaryemail') || k.has('email')) && k.has('status'),
    columns: {
      email: ['primaryemail', 'email'],
      firstName: ['firstname'],
      lastName: ['lastname'],
      status: ['status'],
      groups: ['groups'],
    },
  },
];

/** The format of a header row, if it is one of these. */
export function recogniseFormat(header: readonly string[]): FormatDefinition | undefined {
  const keys = new Set(header.map(headerKey));
  return FORMATS.find((definition) => definition.recognise(keys));
}

/**
 * Whether a status cell means the person is in the directory: `true`, `false` (suspended, deprovisioned,
 * deactivated, disabled, archived), or undefined for a value none of the providers writes.
 */
export function statusPresent(format: DirectoryFormat, value: string): boolean | undefined {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (format === 'entra-users')
    return ({ true: true, yes: true, '1': true, false: false, no: false, '0': false } as const)[key];
  if (key === '') return true;
  if (format === 'google-users' || format === 'google-group-members')
    return ({ active: true, suspended: false, archived: false } as Record<string, boolean>)[key];
  // Okta: the API's statuses (ACTIVE, LOCKED_OUT...) and the admin console's words (Active, Deactivated...).
  const present = [
    'active',
    'staged',
    'provisioned',
    'pending user action',
    'recovery',
    'password reset',
    'password expired',
    'locked out',
  ];
  const absent = ['suspended', 'deprovisioned', 'deactivated'];
  return present.includes(key) ? true : absent.includes(key) ? false : undefined;
}
