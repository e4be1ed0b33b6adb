/** The organization's settings as its file sees them: custom fields, translation settings, SAML providers, invites. */
import { ApiClientError, type ApiClient } from '../client.ts';
import type { Role } from '../contract/constants.ts';
import type { CustomFieldTypeValue } from '../contract/resources/customFields.ts';
import type { Organization } from '../contract/resources/organizations.ts';
import type { TranslationLanguageCode } from '../contract/resources/content.ts';
import { all, withPage } from './snapshot.ts';

export interface LiveCustomField {
  name: string;
  type: CustomFieldTypeValue;
  title: string;
  description: string;
  placeholder: string;
  options: string[] | undefined;
}

export interface LiveTranslation {
  id: string;
  title: string;
  languages: TranslationLanguageCode[];
}

/** A SAML provider, without its certificate (never read into the file). */
export interface LiveSamlProvider {
  id: string;
  label: string;
  entityID: string;
  ssoURL: string;
  defaultRole: Role | null;
  defaultTeam: string | undefined;
}

export interface LiveInvites {
  inviteLinks: boolean;
  defaultRole: Role | null | undefined;
  emailDomains: string[];
}

/** Undefined where the API does not offer the read (GitBook's plans and its published API lack some): left alone. */
export interface LiveSettings {
  customFields: LiveCustomField[] | undefined;
  translations: LiveTranslation[] | undefined;
  saml: LiveSamlProvider[] | undefined;
  invites: LiveInvites;
}

/**
 * A read the API may not offer: 404 (an operation a hosted API does not serve, as GitBook's compatible mode does
 * not) or 403 (a feature of another plan) leaves the part out of the snapshot, so the file leaves it alone rather
 * than the whole export failing.
 */
async function offered<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

export async function loadSettings(
  client: ApiClient,
  organizationId: string,
  organization: Organization,
): Promise<LiveSettings> {
  const params = { organizationId };
  const customFields = await offered(() =>
    all((page) => client.call('listOrganizationCustomFields', { params, query: withPage(page) })),
  );
  const translations = await offered(() =>
    all((page) => client.call('listTranslations', { params, query: withPage(page) })),
  );
  const saml = await offered(() =>
    all((page) => client.call('listSAMLProvidersInOrganizationById', { params, query: withPage(page) })),
  );
  return {
    customFields: customFields?.map((field) => ({
      name: field.name,
      type: field.type,
      title: field.title,
      description: field.description,
      placeholder: field.placeholder,
      options: field.options,
    })),
    translations: translations?.map((settings) => ({
      id: settings.id,
      title: settings.title,
      languages: settings.languages,
    })),
    saml: saml?.map((provider) => ({
      id: provider.id,
      label: provider.label,
      entityID: provider.entityID,
      ssoURL: provider.ssoURL,
      defaultRole: provider.defaultRole,
      defaultTeam: provider.defaultTeam?.id,
    })),
    invites: {
      inviteLinks: organization.inviteLinks,
      defaultRole: organization.defaultRole,
      emailDomains: organization.emailDomains,
    },
  };
}
