/** Running the settings' steps: custom fields, translation settings, SAML providers, invite settings. */
import type { PlanStep } from '../plan/steps.ts';
import { listAll, teamId, type RunContext } from './context.ts';

type Step<R extends PlanStep['resource']> = Extract<PlanStep, { resource: R }>;

export async function runCustomField(
  context: RunContext,
  step: Step<'custom-field'>,
): Promise<string | undefined> {
  const { client, org } = context;
  if (step.action === 'create') {
    const existing = (
      await listAll((query) => client.call('listOrganizationCustomFields', { params: org, query }))
    ).find((field) => field.name === step.field.name);
    if (existing === undefined) {
      await client.call('createOrganizationCustomField', { params: org, body: step.field });
      return undefined;
    }
    const { name: _name, type: _type, ...changes } = step.field;
    await client.call('updateOrganizationCustomField', {
      params: { ...org, fieldName: step.field.name },
      body: changes,
    });
    return 'a field of that name existed: adopted';
  }
  if (step.action === 'update')
    await client.call('updateOrganizationCustomField', {
      params: { ...org, fieldName: step.name },
      body: step.changes,
    });
  else await client.call('deleteOrganizationCustomField', { params: { ...org, fieldName: step.name } });
  return undefined;
}

export async function runTranslation(
  context: RunContext,
  index: number,
  step: Step<'translation'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  if (step.action === 'create') {
    const existing = (await listAll((query) => client.call('listTranslations', { params: org, query }))).find(
      (settings) => settings.title === step.title,
    );
    const body = { title: step.title, languages: step.languages };
    const id =
      existing !== undefined
        ? (
            await client.call('updateTranslation', {
              params: { ...org, translationSettingsId: existing.id },
              body,
            })
          ).id
        : (await client.call('createTranslation', { params: org, body })).id;
    await journal.set(index, { state: 'created', id });
    return existing !== undefined ? 'translation settings of that title existed: adopted' : undefined;
  }
  if (step.action === 'update')
    await client.call('updateTranslation', {
      params: { ...org, translationSettingsId: step.translationId },
      body: { title: step.title, languages: step.languages },
    });
  else
    await client.call('deleteTranslation', { params: { ...org, translationSettingsId: step.translationId } });
  return undefined;
}

export async function runSaml(
  context: RunContext,
  index: number,
  step: Step<'saml'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  if (step.action === 'delete') {
    await client.call('deleteOrganizationSAMLProvider', {
      params: { ...org, samlProviderId: step.providerId },
    });
    return undefined;
  }
  const defaultTeam =
    step.defaultTeam !== undefined ? { defaultTeam: teamId(context, step.defaultTeam) } : {};
  if (step.action === 'update') {
    await client.call('updateOrganizationSAMLProvider', {
      params: { ...org, samlProviderId: step.providerId },
      body: { ...step.changes, ...defaultTeam },
    });
    return undefined;
  }
  const existing = (
    await listAll((query) => client.call('listSAMLProvidersInOrganizationById', { params: org, query }))
  ).find((provider) => provider.label === step.provider.label);
  const body = { ...step.provider, ...defaultTeam };
  const id =
    existing !== undefined
      ? (
          await client.call('updateOrganizationSAMLProvider', {
            params: { ...org, samlProviderId: existing.id },
            body,
          })
        ).id
      : (await client.call('createOrganizationSAMLProvider', { params: org, body })).id;
  await journal.set(index, { state: 'created', id });
  return existing !== undefined ? 'a provider of that label existed: adopted' : undefined;
}

export async function runInvites(context: RunContext, step: Step<'invites'>): Promise<undefined> {
  await context.client.call('updateOrganizationById', { params: context.org, body: step.changes });
  return undefined;
}
