/**
 * Validation of the profile forms with TypeBox's interpreter (`Value`, no generated code: the CSP forbids eval),
 * against the bridge's own schemas so that the bounds are the contract's.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { channels } from '../../../../shared/bridge.ts';
import { displayTextError } from '../../../../shared/contract/display-text.ts';

/** Messages per field; a field without a message is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function describe(type: ValueErrorType, schema: TSchema, label: string, value: unknown): string {
  switch (type) {
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? `${label} is required.`
        : `${label} needs at least ${schema.minLength} characters.`;
    case ValueErrorType.StringMaxLength:
      return `${label} can have at most ${schema.maxLength} characters.`;
    case ValueErrorType.StringPattern: {
      const problem = displayTextError(schema, value);
      return problem === undefined ? `${label} is not valid.` : `${label} ${problem}.`;
    }
    default:
      return `${label} is not valid.`;
  }
}

/** Checks `value` against an object schema and answers one message per top-level field (the first error). */
export function fieldErrors<F extends string>(
  schema: TSchema,
  value: Record<F, unknown>,
  labels: Record<F, string>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const error of Value.Errors(schema, value)) {
    const field = error.path.split('/')[1] as F | undefined;
    if (field === undefined || !(field in labels) || errors[field] !== undefined) continue;
    errors[field] = describe(error.type, error.schema, labels[field], error.value);
  }
  return errors;
}

/** Whether a base URL is an absolute http(s) URL without credentials. */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'Enter an absolute URL, such as https://api.gitbook.com.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The base URL must start with https:// or http://.';
  if (url.username !== '' || url.password !== '') return 'Put the token in the token field, not in the URL.';
  return undefined;
}

/** The fields of the "add a profile" form. */
export type NewProfileField = 'name' | 'baseUrl' | 'token';

/** Validates the "add a profile" form; the token is checked for presence and length only, and never kept. */
export function validateNewProfile(input: {
  name: string;
  baseUrl: string;
  token: string;
}): FieldErrors<NewProfileField> {
  const errors = fieldErrors<NewProfileField>(channels['profiles.add'].request, input, {
    name: 'Name',
    baseUrl: 'Base URL',
    token: 'Token',
  });
  if (errors.baseUrl === undefined && input.baseUrl !== '') {
    const problem = baseUrlProblem(input.baseUrl);
    if (problem !== undefined) errors.baseUrl = problem;
  }
  return errors;
}

/** Validates the fields "test connection" needs (base URL and token). */
export function validateConnection(input: {
  baseUrl: string;
  token: string;
}): FieldErrors<'baseUrl' | 'token'> {
  const errors = validateNewProfile({ name: 'x', ...input });
  delete errors.name;
  return errors;
}

/** Validates a new name for a profile. */
export function validateProfileName(name: string): string | undefined {
  return fieldErrors<'name'>(
    channels['profiles.rename'].request,
    { id: 'x', name } as Record<'name', unknown>,
    {
      name: 'Name',
    },
  ).name;
}
