/** Building blocks shared by every resource and operation of the API contract. */
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ROLES, TEAM_ROLES } from './constants.ts';

export { DisplayText, MultilineText } from './display-text.ts';
export * from './constants.ts';

/** Registry of named schemas: the OpenAPI generator turns each into a `components.schemas` entry. */
const names = new WeakMap<object, string>();

/** Names a schema so that generated documents refer to it instead of inlining it; returns the same schema. */
export function named<T extends TSchema>(name: string, schema: T): T {
  names.set(schema, name);
  return schema;
}

/** The component name given to a schema by `named`, if any. */
export function schemaName(schema: object): string | undefined {
  return names.get(schema);
}

/** A string enum from literal values: a union of literals, which TypeBox's `Value` and Ajv both check. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<TLiteral<T[number]>[]>;
}

/** Allows `null` beside a schema. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** ISO 8601 date-time string. */
export const DateTime = Type.String({ format: 'date-time' });

/** Absolute http(s) URL string: other schemes (`javascript:`, `data:`) are refused, they would reach a browser. */
export const Url = Type.String({
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]',
  maxLength: 2048,
  description: 'An absolute http or https URL.',
});

export const RoleSchema = named(
  'MemberRole',
  StringEnum(ROLES, { description: 'Role of a member or a default level.' }),
);
/** A role, or `null` for a guest (no organization-wide role). */
export const RoleOrGuest = named('MemberRoleOrGuest', Nullable(RoleSchema));

export const TeamRoleSchema = named('TeamMemberRole', StringEnum(TEAM_ROLES));

/** A user as embedded in other resources. */
export const User = named(
  'User',
  Type.Object({
    object: Type.Literal('user'),
    id: Type.String(),
    displayName: Type.String(),
    email: Type.Optional(Type.String()),
    photoURL: Type.Optional(Type.String()),
    urls: Type.Object({ location: Type.String() }),
  }),
);
export type User = Static<typeof User>;

/** The body of every failure: `code` is the HTTP status, `message` says what is wrong. */
export const ErrorBody = named(
  'Error',
  Type.Object({
    error: Type.Object({ code: Type.Integer(), message: Type.String() }),
  }),
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `page` and `limit`, accepted by every list operation. */
export const ListQuery = {
  page: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: 'Opaque cursor taken from `next.page`.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      // As GitBook's `listLimit`: 0 answers no items, only the `count`.
      minimum: 0,
      maximum: LIST_LIMIT_MAX,
      description: `Number of items per page (default ${LIST_LIMIT_DEFAULT}; 0 answers only the count).`,
    }),
  ),
};

/** The list envelope: `next` is absent on the last page. */
export function List<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    count: Type.Number({ description: 'Total number of items matching the query.' }),
    next: Type.Optional(Type.Object({ page: Type.String() })),
  });
}

/** Sort order of lists that accept `order`. */
export const Order = StringEnum(['asc', 'desc'] as const);

/** Identifier path parameters are non-empty strings of bounded length. */
export const Id = Type.String({ minLength: 1, maxLength: 128 });
