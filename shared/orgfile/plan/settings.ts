/**
 * The organization's settings: custom-field definitions (by name), translation settings and SAML providers (by
 * id, else title or label), invite settings. Each is planned only when the file holds its key and the live
 * organization's could be read (an API that does not offer a part leaves it alone). A custom field's
 * type cannot change through the API: the plan says so (blocked) rather than deleting the field's values.
 */
import type { OrgFile } from '../schema.ts';
import type { OrgFileCustomField } from '../schema-settings.ts';
import type { OrgSnapshot } from '../snapshot.ts';
import { matcher, roleName, type PlanContext, type Stages } from './common.ts';
import type { PlanStep } from './steps.ts';

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((value, index) => value === b?.[index]);

function planCustomFields(wanted: readonly OrgFileCustomField[], live: OrgSnapshot, stages: Stages) {
  const current = new Map((live.customFields ?? []).map((field) => [field.name, field]));
  const names = new Set<string>();
  for (const field of wanted) {
    names.add(field.name);
    const found = current.get(field.name);
    if (found === undefined) {
      stages.build.push({
        resource: 'custom-field',
        action: 'create',
        field,
        label: `Create custom field “${field.name}” (${field.type})`,
      });
      continue;
    }
    const changes: Extract<PlanStep, { resource: 'custom-field'; action: 'update' }>['changes'] = {};
    for (const key of ['title', 'description', 'placeholder'] as const)
      if ((field[key] ?? '') !== found[key]) changes[key] = field[key] ?? '';
    if (field.options !== undefined && !same(field.options, found.options)) changes.options = field.options;
    if (Object.keys(changes).length > 0)
      stages.build.push({
        resource: 'custom-field',
        action: 'update',
        name: field.name,
        changes,
        label: `Change custom field “${field.name}”: ${Object.keys(changes).join(', ')}`,
      });
    if (found.type !== field.type)
      stages.build.push({
        resource: 'custom-field',
        action: 'update',
        name: field.name,
        changes: {},
        label: `Change custom field “${field.name}” from ${found.type} to ${field.type}`,
        blocked: 'the API cannot change a field’s type: delete the field and create it again',
      });
  }
  for (const found of live.customFields ?? [])
    if (!names.has(found.name))
      stages.delete.push({
        resource: 'custom-field',
        action: 'delete',
        name: found.name,
        label: `Delete custom field “${found.name}”`,
        dangerous: 'every space loses its value of the field',
      });
}

export function planSettings(
  file: OrgFile,
  live: OrgSnapshot,
  stages: Stages,
  context: Pick<PlanContext, 'teamByTitle'>,
): void {
  if (file.customFields !== undefined && live.customFields !== undefined)
    planCustomFields(file.customFields, live, stages);

  if (file.translations !== undefined && live.translations !== undefined) {
    const translations = matcher(live.translations ?? [], (t) => t.title);
    const byId = file.translations.map((wanted) => translations.reserve(wanted.id));
    for (const [index, wanted] of file.translations.entries()) {
      const found = byId[index] ?? translations.match(undefined, wanted.title);
      if (found === undefined)
        stages.build.push({
          resource: 'translation',
          action: 'create',
          title: wanted.title,
          languages: wanted.languages,
          label: `Create translation settings “${wanted.title}” (${wanted.languages.join(', ') || 'no language'})`,
        });
      else if (found.title !== wanted.title || !same(found.languages, wanted.languages))
        stages.build.push({
          resource: 'translation',
          action: 'update',
          translationId: found.id,
          title: wanted.title,
          languages: wanted.languages,
          label: `Change translation settings “${found.title}”${found.title !== wanted.title ? ` to “${wanted.title}”` : ''}: ${wanted.languages.join(', ') || 'no language'}`,
        });
    }
    for (const gone of translations.unmatched())
      stages.delete.push({
        resource: 'translation',
        action: 'delete',
        translationId: gone.id,
        title: gone.title,
        label: `Delete translation settings “${gone.title}”`,
      });
  }

  if (file.saml !== undefined && live.saml !== undefined) {
    const providers = matcher(live.saml ?? [], (p) => p.label);
    const byId = file.saml.map((wanted) => providers.reserve(wanted.id));
    for (const [index, wanted] of file.saml.entries()) {
      const found = byId[index] ?? providers.match(undefined, wanted.label);
      const team = wanted.defaultTeam !== undefined ? context.teamByTitle.get(wanted.defaultTeam) : undefined;
      const { id: _id, defaultTeam: _team, ...provider } = wanted;
      if (found === undefined) {
        stages.grant.push({
          resource: 'saml',
          action: 'create',
          provider,
          ...(team !== undefined ? { defaultTeam: team } : {}),
          label: `Add SAML provider “${wanted.label}” (it waits for its certificate)`,
        });
        continue;
      }
      const changes: Extract<PlanStep, { resource: 'saml'; action: 'update' }>['changes'] = {};
      if (found.label !== wanted.label) changes.label = wanted.label;
      if (wanted.entityID !== undefined && found.entityID !== wanted.entityID)
        changes.entityID = wanted.entityID;
      if (wanted.ssoURL !== undefined && found.ssoURL !== wanted.ssoURL) changes.ssoURL = wanted.ssoURL;
      if (found.defaultRole !== wanted.defaultRole) changes.defaultRole = wanted.defaultRole;
      const teamChanges = team !== undefined && !('id' in team && team.id === found.defaultTeam);
      if (Object.keys(changes).length > 0 || teamChanges)
        stages.grant.push({
          resource: 'saml',
          action: 'update',
          providerId: found.id,
          name: wanted.label,
          changes,
          ...(teamChanges ? { defaultTeam: team } : {}),
          label: `Change SAML provider “${found.label}”: ${[...Object.keys(changes), ...(teamChanges ? ['default team'] : [])].join(', ')}`,
        });
    }
    for (const gone of providers.unmatched())
      stages.delete.push({
        resource: 'saml',
        action: 'delete',
        providerId: gone.id,
        name: gone.label,
        label: `Delete SAML provider “${gone.label}”`,
        dangerous: 'people who sign in with it can no longer do so',
      });
  }

  if (file.invites !== undefined && live.invites !== undefined) {
    const wanted = file.invites;
    const changes: Extract<PlanStep, { resource: 'invites' }>['changes'] = {};
    if (wanted.inviteLinks !== live.invites.inviteLinks) changes.inviteLinks = wanted.inviteLinks;
    if (wanted.defaultRole !== undefined && wanted.defaultRole !== live.invites.defaultRole)
      changes.defaultRole = wanted.defaultRole;
    if (!same([...wanted.emailDomains].sort(), [...live.invites.emailDomains].sort()))
      changes.emailDomains = wanted.emailDomains;
    if (Object.keys(changes).length > 0)
      stages.build.push({
        resource: 'invites',
        action: 'update',
        changes,
        label: `Change invite settings: ${[
          ...(changes.inviteLinks !== undefined
            ? [`invite links ${changes.inviteLinks ? 'on' : 'off'}`]
            : []),
          ...(changes.defaultRole !== undefined ? [`default role ${roleName(changes.defaultRole)}`] : []),
          ...(changes.emailDomains !== undefined
            ? [`email domains ${changes.emailDomains.join(', ') || 'none'}`]
            : []),
        ].join(', ')}`,
      });
  }
}
