/**
 * The detail forms of a space (title) and a collection (title, description): the PATCH body of the changed fields
 * only, checked against the contract's `UpdateSpace` / `UpdateCollection` with TypeBox's interpreter, with messages
 * naming the field, and the server's messages mapped back to the field they name.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { UpdateCollection, UpdateSpace } from '../../../../shared/contract/resources/content.ts';

/** The text fields of the detail forms. */
export type DetailsField = 'title' | 'description';

/** What the form holds, as typed. */
export type DetailsValues = Partial<Record<DetailsField, string>>;

/** Messages per field. */
export type DetailsErrors = Partial<Record<DetailsField, string>>;

const LABELS: Record<DetailsField, string> = { title: 'Title', description: 'Description' };

/** The body of the changed fields (titles trimmed), and the changes refused before any check of bounds. */
export function changedDetails(
  values: DetailsValues,
  baseline: DetailsValues,
): { body: DetailsValues; errors: DetailsErrors } {
  const body: DetailsValues = {};
  const errors: DetailsErrors = {};
  if (values.title !== undefined) {
    const title = values.title.trim();
    if (title !== (baseline.title ?? '')) {
      if (title === '') errors.title = 'Title cannot be empty.';
      else body.title = title;
    }
  }
  if (values.description !== undefined) {
    const description = values.description.trim();
    if (description !== (baseline.description ?? '')) body.description = description;
  }
  return { body, errors };
}

function describe(field: DetailsField, type: ValueErrorType, schema: TSchema, value: unknown): string {
  const label = LABELS[field];
  const refused = displayTextMessage(label, schema, value);
  if (refused !== undefined) return refused;
  if (type === ValueErrorType.StringMaxLength)
    return `${label} can have at most ${String(schema['maxLength'])} characters.`;
  if (type === ValueErrorType.StringMinLength)
    return `${label} needs at least ${String(schema['minLength'])} characters.`;
  return `${label} is not valid.`;
}

/** Checks a body against the contract of the item's update: one message per field, naming it. */
export function validateDetails(kind: 'space' | 'collection', body: DetailsValues): DetailsErrors {
  const schema: TSchema = kind === 'space' ? UpdateSpace : UpdateCollection;
  const errors: DetailsErrors = {};
  for (const error of Value.Errors(schema, body)) {
    const field = error.path.split('/')[1];
    if (field !== 'title' && field !== 'description') continue;
    errors[field] ??= describe(field, error.type, error.schema, error.value);
  }
  return errors;
}

/** The longest value the contract accepts for a field, to show "12/50" and cap typing sensibly. */
export function maxLengthOf(kind: 'space' | 'collection', field: DetailsField): number | undefined {
  const schema = kind === 'space' ? UpdateSpace : UpdateCollection;
  const property = (schema.properties as Record<string, TSchema | undefined>)[field];
  const max: unknown = property?.['maxLength'];
  return typeof max === 'number' ? max : undefined;
}

/** The field a server message names ("body field `title`: …"), if any. */
export function fieldOfMessage(message: string): DetailsField | undefined {
  const named = /body field `([A-Za-z]+)/.exec(message)?.[1];
  return named === 'title' || named === 'description' ? named : undefined;
}

/** The type of a space update body. */
export type SpaceBody = Static<typeof UpdateSpace>;
