/** Change requests: proposed edits to a space, with their merge and update results. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, DisplayText, named, StringEnum, Url, User } from '../common.ts';
import { MergeRuleResult } from './mergeRules.ts';

/** Every status a change request can be in (GitBook's `ChangeRequestStatus`). */
export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatusValue = (typeof CHANGE_REQUEST_STATUSES)[number];
export const ChangeRequestStatus = named('ChangeRequestStatus', StringEnum(CHANGE_REQUEST_STATUSES));

/** The statuses a caller may set with PATCH (`merged` is reached only through the merge operation). */
export const SETTABLE_CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived'] as const;

export const ChangeRequestSubject = DisplayText({
  maxLength: 100,
  description: 'Subject of the change request.',
});

/** Extension: where a change request stands in review, for the caller. */
export const ChangeRequestReviewSummary = named(
  'ChangeRequestReviewSummary',
  Type.Object({
    approvals: Type.Number({ description: 'Current approvals (against the head, not superseded).' }),
    changesRequested: Type.Number({ description: 'Current reviews requesting changes.' }),
    requested: Type.Number({ description: 'Requested reviewers, people and teams.' }),
    awaitingCaller: Type.Boolean({
      description:
        'The caller is requested, in person or through a team, and has no current review of the request.',
    }),
    rulesMet: Type.Boolean({ description: 'Every merge rule of the space is met (conflicts aside).' }),
  }),
);
export type ChangeRequestReviewSummary = Static<typeof ChangeRequestReviewSummary>;

export const ChangeRequest = named(
  'ChangeRequest',
  Type.Object({
    object: Type.Literal('change-request'),
    id: Type.String(),
    number: Type.Number({ description: 'Incremental number of the change request in its space.' }),
    status: ChangeRequestStatus,
    subject: Type.String(),
    createdBy: User,
    createdAt: DateTime,
    updatedAt: DateTime,
    space: Type.Optional(
      Type.String({ description: 'ID of the space of the change request (GitBook field).' }),
    ),
    mergedAt: Type.Optional(DateTime),
    mergedBy: Type.Optional(User),
    revision: Type.String({ description: 'ID of the active revision of the change request.' }),
    revisionInitial: Type.String({
      description: 'ID of the space revision the change request was created from.',
    }),
    revisionMergedAncestor: Type.Optional(
      Type.String({ description: 'ID of the latest revision when updating from the main content.' }),
    ),
    revisionMerged: Type.Optional(
      Type.String({ description: 'When merged, ID of the revision resulting from the merge.' }),
    ),
    comments: Type.Number({ description: 'Count of opened comments on the change request.' }),
    outdated: Type.Boolean({
      description: 'True when the change request is not up to date with the main content.',
    }),
    urls: Type.Object({ app: Type.String(), location: Type.String() }),
    reviews: Type.Optional(ChangeRequestReviewSummary),
  }),
);
export type ChangeRequest = Static<typeof ChangeRequest>;

export const CreateChangeRequest = Type.Object(
  { subject: Type.Optional(ChangeRequestSubject) },
  { additionalProperties: false },
);

export const UpdateChangeRequest = Type.Object(
  {
    subject: Type.Optional(ChangeRequestSubject),
    status: Type.Optional(StringEnum(SETTABLE_CHANGE_REQUEST_STATUSES)),
  },
  { additionalProperties: false },
);

/** Answer of the merge operation (the spec knows only `merge`; GitBook also answers `conflicts`). */
export const ChangeRequestMergeResult = named(
  'ChangeRequestMergeResult',
  Type.Object({
    revision: Type.String({ description: 'ID of the resulting revision.' }),
    result: Type.Literal('merge'),
  }),
);

/** Answer of the update operation, which pulls the primary content into the change request. */
export const ChangeRequestUpdateResult = named(
  'ChangeRequestUpdateResult',
  Type.Object({
    revision: Type.String({ description: 'ID of the resulting revision.' }),
    result: Type.Literal('update'),
  }),
);

/** A temporary URL of a PDF rendering of the change request (valid for one hour). */
export const ChangeRequestPDF = named('ChangeRequestPDF', Type.Object({ url: Url }));

/** The place of a page in a revision, as a conflict names it. */
export const ConflictPage = Type.Object({
  id: Type.String(),
  title: Type.String(),
  path: Type.String(),
});

/** Why a page cannot be merged automatically. */
export const CONFLICT_KINDS = [
  'content', // both sides edited the same lines of the body
  'edited-deleted', // one side edited a page the other deleted
  'metadata', // both sides changed the same field (title, slug, emoji, description, hidden) differently
  'structure', // both sides moved the page to different places, or a move would put it inside itself
] as const;

/** A page the three-way merge cannot reconcile, with its markdown on each side (absent where deleted). */
export const ChangeRequestConflict = Type.Object({
  page: ConflictPage,
  kind: StringEnum(CONFLICT_KINDS),
  message: Type.String({ description: 'What conflicts, in words.' }),
  base: Type.Optional(Type.String({ description: 'Markdown in the common ancestor.' })),
  main: Type.Optional(Type.String({ description: 'Markdown in the main content.' })),
  changeRequest: Type.Optional(Type.String({ description: 'Markdown in the change request.' })),
});

/** Extension: what a merge of the request would do now, without doing it. */
export const ChangeRequestMergeCheck = named(
  'ChangeRequestMergeCheck',
  Type.Object({
    outdated: Type.Boolean({ description: "The main content moved past the request's base." }),
    mergeable: Type.Boolean({
      description:
        'A merge now would succeed: the request is open, without conflicts, and meets every merge rule.',
    }),
    conflicts: Type.Array(ChangeRequestConflict),
    rules: Type.Optional(
      Type.Array(MergeRuleResult, {
        description: "The space's merge rules, each met or not (absent where the API has no merge rules).",
      }),
    ),
    canBypass: Type.Optional(
      Type.Boolean({ description: 'The caller may merge past unmet rules (`bypassRules` on the merge).' }),
    ),
  }),
);
