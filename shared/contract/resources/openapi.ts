/** OpenAPI specifications of an organization and their versions. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, StringEnum, Url } from '../common.ts';

/** Slug of a specification: lower-case letters and digits, in groups joined by single dashes. */
export const OpenAPISpecSlug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Slug used as reference (lower-case letters, digits and single dashes).',
});

export const OPENAPI_PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;
export type OpenAPIProcessingState = (typeof OPENAPI_PROCESSING_STATES)[number];
export const OPENAPI_PROCESSING_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;
export type OpenAPIProcessingErrorCode = (typeof OPENAPI_PROCESSING_ERROR_CODES)[number];

export const OpenAPISpec = named(
  'OpenAPISpec',
  Type.Object({
    object: Type.Literal('openapi-spec'),
    id: Type.String(),
    createdAt: DateTime,
    updatedAt: DateTime,
    slug: Type.String(),
    sourceURL: Type.Optional(Type.String({ description: 'URL the specification is fetched from, if any.' })),
    processingState: StringEnum(OPENAPI_PROCESSING_STATES),
    lastVersion: Type.Optional(Type.String({ description: 'ID of the latest version.' })),
    lastProcessedAt: Type.Optional(DateTime),
    lastProcessErrorCode: Type.Optional(StringEnum(OPENAPI_PROCESSING_ERROR_CODES)),
    lastProcessedErrors: Type.Optional(
      Type.Array(Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) }), {
        description: 'Errors of the last processing (GitBook field), when it failed.',
      }),
    ),
    permissions: Type.Object({ view: Type.Boolean(), edit: Type.Boolean() }),
    urls: Type.Object({ location: Type.String(), app: Type.String() }),
  }),
);
export type OpenAPISpec = Static<typeof OpenAPISpec>;

export const OpenAPISpecVersion = named(
  'OpenAPISpecVersion',
  Type.Object({
    object: Type.Literal('openapi-spec-version'),
    id: Type.String(),
    createdAt: Type.Optional(DateTime),
    url: Type.String({ description: 'URL where the specification of this version is accessible.' }),
    urls: Type.Object({ location: Type.String() }),
  }),
);
export type OpenAPISpecVersion = Static<typeof OpenAPISpecVersion>;

/** Content of a version: its files, and the URL of the specification. */
export const OpenAPISpecContent = named(
  'OpenAPISpecContent',
  Type.Object({
    filesystem: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Filesystem holding all the specification files.',
    }),
    url: Type.String(),
  }),
);
export type OpenAPISpecContent = Static<typeof OpenAPISpecContent>;

/** Where the specification comes from: a URL to fetch, or its text. */
export const OpenAPISpecSource = Type.Union([
  Type.Object({ url: Url }, { additionalProperties: false }),
  Type.Object(
    { text: Type.String({ minLength: 1, description: 'The specification as text.' }) },
    { additionalProperties: false },
  ),
]);

export const CreateOpenAPISpec = Type.Object(
  { slug: OpenAPISpecSlug, source: OpenAPISpecSource },
  { additionalProperties: false },
);

export const PutOpenAPISpec = Type.Object({ source: OpenAPISpecSource }, { additionalProperties: false });
