/** Parts of the export: grants as `access`, and the organization's settings. */
import type { Role } from '../contract/constants.ts';
import type { OrgFile } from './schema.ts';
import type { LiveGrant, OrgSnapshot } from './snapshot.ts';

const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/** The file's `access` of each item, by the item's id: people by email, teams by title. */
export function accessOf(
  grants: readonly LiveGrant[],
  emails: ReadonlyMap<string, string>,
  teams: ReadonlyMap<string, string>,
  skipped: string[],
) {
  type Access = {
    users?: { email: string; role: Role | null }[];
    teams?: { title: string; role: Role | null }[];
  };
  const byItem = new Map<string, Access>();
  for (const grant of grants) {
    const access = byItem.get(grant.target.id) ?? {};
    byItem.set(grant.target.id, access);
    if (grant.user !== undefined) {
      const email = emails.get(grant.user);
      if (email === undefined) {
        skipped.push(
          `a role on ${grant.target.type} ${grant.target.id} given to ${grant.user}: the API shows no email address`,
        );
        continue;
      }
      (access.users ??= []).push({ email, role: grant.role });
    } else if (grant.team !== undefined) {
      const title = teams.get(grant.team);
      if (title !== undefined) (access.teams ??= []).push({ title, role: grant.role });
    }
  }
  for (const access of byItem.values()) {
    access.users?.sort(byText((user) => user.email));
    access.teams?.sort(byText((team) => team.title));
  }
  return byItem;
}

/** The settings keys of the file, from a snapshot that read them. */
export function settingsOf(
  snapshot: OrgSnapshot,
  teams: ReadonlyMap<string, string>,
): Pick<OrgFile, 'customFields' | 'translations' | 'saml' | 'invites'> {
  const text = <K extends string>(key: K, value: string | undefined) =>
    (value !== undefined && value !== '' ? { [key]: value } : {}) as Partial<Record<K, string>>;
  return {
    ...(snapshot.customFields !== undefined
      ? {
          customFields: snapshot.customFields
            .map((field) => ({
              name: field.name,
              type: field.type,
              ...text('title', field.title),
              ...text('description', field.description),
              ...text('placeholder', field.placeholder),
              ...(field.options !== undefined && field.options.length > 0 ? { options: field.options } : {}),
            }))
            .sort(byText((field) => field.name)),
        }
      : {}),
    ...(snapshot.translations !== undefined
      ? {
          translations: snapshot.translations
            .map((settings) => ({ title: settings.title, id: settings.id, languages: settings.languages }))
            .sort(byText((settings) => settings.title)),
        }
      : {}),
    ...(snapshot.saml !== undefined
      ? {
          saml: snapshot.saml
            .map((provider) => {
              const team = provider.defaultTeam !== undefined ? teams.get(provider.defaultTeam) : undefined;
              return {
                label: provider.label,
                id: provider.id,
                ...text('entityID', provider.entityID),
                ...text('ssoURL', provider.ssoURL),
                defaultRole: provider.defaultRole,
                ...(team !== undefined ? { defaultTeam: team } : {}),
              };
            })
            .sort(byText((provider) => provider.label)),
        }
      : {}),
    ...(snapshot.invites !== undefined
      ? {
          invites: {
            inviteLinks: snapshot.invites.inviteLinks,
            ...(snapshot.invites.defaultRole !== undefined
              ? { defaultRole: snapshot.invites.defaultRole }
              : {}),
            emailDomains: [...snapshot.invites.emailDomains].sort(),
          },
        }
      : {}),
  };
}
