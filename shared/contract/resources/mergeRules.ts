/**
 * Extension: merge rules of change requests. GitBook keeps them in its app, not its API; our server keeps them per
 * organization, with an override per space, checks them in the merge, and lists them in the merge check.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, StringEnum, User } from '../common.ts';

const Ids = (what: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
    maxItems: 50,
    uniqueItems: true,
    description: `Ids of ${what}.`,
  });

/** Required reviewers: all of the listed people and teams, or one of them (a team counts when a member approved). */
export const REQUIRED_REVIEWER_MODES = ['all', 'one'] as const;

export const MergeRules = named(
  'MergeRules',
  Type.Object(
    {
      minimumApprovals: Type.Integer({
        minimum: 0,
        maximum: 10,
        description: 'Current approvals a merge needs (0: none).',
      }),
      noChangesRequested: Type.Boolean({ description: 'No current review may request changes.' }),
      requiredReviewers: Type.Object(
        {
          mode: StringEnum(REQUIRED_REVIEWER_MODES, {
            description: '`all`: each listed person and team approved; `one`: at least one of them.',
          }),
          users: Ids('members of the organization'),
          teams: Ids('teams of the organization'),
        },
        { additionalProperties: false },
      ),
      upToDate: Type.Boolean({ description: 'The request must be up to date with the main content.' }),
      subjectRequired: Type.Boolean({ description: 'The request must have a subject.' }),
      bypass: Type.Object(
        { users: Ids('members who may merge past unmet rules'), teams: Ids('teams whose members may') },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);
export type MergeRules = Static<typeof MergeRules>;

/** The rules of an organization nobody has set: nothing is required. */
export const NO_MERGE_RULES: MergeRules = {
  minimumApprovals: 0,
  noChangesRequested: false,
  requiredReviewers: { mode: 'all', users: [], teams: [] },
  upToDate: false,
  subjectRequired: false,
  bypass: { users: [], teams: [] },
};

/** Where a set of rules comes from: the space's own, the organization's, or none set (the defaults). */
export const MERGE_RULES_SOURCES = ['space', 'organization', 'default'] as const;

export const MergeRulesSettings = named(
  'MergeRulesSettings',
  Type.Object({
    object: Type.Literal('merge-rules'),
    source: StringEnum(MERGE_RULES_SOURCES, {
      description: "Whose rules apply: the space's own, its organization's, or none set.",
    }),
    rules: MergeRules,
    updatedAt: Type.Optional(DateTime),
    updatedBy: Type.Optional(User),
  }),
);
export type MergeRulesSettings = Static<typeof MergeRulesSettings>;

/** The rules a merge check reports, in this order. */
export const MERGE_RULE_NAMES = [
  'minimum-approvals',
  'no-changes-requested',
  'required-reviewers',
  'up-to-date',
  'subject-required',
] as const;
export type MergeRuleName = (typeof MERGE_RULE_NAMES)[number];

/** One rule of the space as the merge check finds it. */
export const MergeRuleResult = named(
  'MergeRuleResult',
  Type.Object({
    rule: StringEnum(MERGE_RULE_NAMES),
    met: Type.Boolean(),
    message: Type.String({ description: 'The rule and where the request stands, in words.' }),
  }),
);
export type MergeRuleResult = Static<typeof MergeRuleResult>;
