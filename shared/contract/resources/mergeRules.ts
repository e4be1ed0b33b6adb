/**
 * Merge rules of change requests in GitBook's shapes (`MergeRule`, `MergeRulesStandaloneConfiguration` and
 * `MergeRulesSpaceConfiguration` of `@gitbook/api` 0.202): an organization's (`Organization.mergeRules`) and a
 * space's (`Space.mergeRules`, or `inherit` for its organization's), written through `updateOrganizationById` and
 * `updateSpaceById`. The merge check's judgement of each rule (`MergeRuleResult`) is ours (an extension).
 */
import { Type, type Static } from '@sinclair/typebox';
import { named, StringEnum } from '../common.ts';

/** GitBook's rules that name people (`users`: user ids). */
export const USER_LIST_RULES = [
  'require_specific_reviewers',
  'require_one_of_specific_reviewers',
  'allow_bypass',
] as const;

/** GitBook's rules without an argument. */
export const PLAIN_RULES = [
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
  'require_author_to_merge',
] as const;

/** Every kind of rule, in the order a merge check lists them. */
export const MERGE_RULE_KINDS = [...USER_LIST_RULES, ...PLAIN_RULES, 'custom'] as const;
export type MergeRuleKind = (typeof MERGE_RULE_KINDS)[number];

/** GitBook's `Expression`: the condition of a `custom` rule. */
export const Expression = named(
  'Expression',
  Type.String({ minLength: 0, maxLength: 1024, description: 'Expression to evaluate' }),
);

export const MergeRule = named(
  'MergeRule',
  Type.Union([
    Type.Object(
      {
        rule: StringEnum(USER_LIST_RULES),
        users: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
          maxItems: 50,
          uniqueItems: true,
          description: 'List of user IDs.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ rule: StringEnum(PLAIN_RULES) }, { additionalProperties: false }),
    Type.Object(
      {
        rule: Type.Literal('custom'),
        expression: Expression,
        message: Type.Optional(
          Type.String({
            maxLength: 1024,
            description: 'Optional message to display when the expression evaluates to false.',
          }),
        ),
      },
      {
        additionalProperties: false,
        description: 'The merge rule is written in the advanced custom expression syntax.',
      },
    ),
  ]),
);
export type MergeRule = Static<typeof MergeRule>;

const RulesConfiguration = Type.Object(
  {
    type: Type.Literal('rules'),
    rules: Type.Array(MergeRule, { maxItems: 50 }),
  },
  {
    additionalProperties: false,
    description: 'The merge rules are composed of individual rules that must all pass.',
  },
);
const NoneConfiguration = Type.Object(
  { type: Type.Literal('none') },
  {
    additionalProperties: false,
    description: 'The merge rules are disabled, change requests can be merged without review.',
  },
);

/** An organization's merge rules, or a space's own. */
export const MergeRulesStandaloneConfiguration = named(
  'MergeRulesStandaloneConfiguration',
  Type.Union([RulesConfiguration, NoneConfiguration]),
);
export type MergeRulesStandaloneConfiguration = Static<typeof MergeRulesStandaloneConfiguration>;

/** A space's merge rules: its organization's (`inherit`) or its own. */
export const MergeRulesSpaceConfiguration = named(
  'MergeRulesSpaceConfiguration',
  Type.Union([
    Type.Object(
      { type: Type.Literal('inherit') },
      {
        additionalProperties: false,
        description: 'The merge rules inherits from the organization configuration.',
      },
    ),
    MergeRulesStandaloneConfiguration,
  ]),
);
export type MergeRulesSpaceConfiguration = Static<typeof MergeRulesSpaceConfiguration>;

/** Extension: one rule of the space as the merge check finds it (a request's standing). */
export const MergeRuleResult = named(
  'MergeRuleResult',
  Type.Object({
    rule: StringEnum(MERGE_RULE_KINDS),
    met: Type.Boolean(),
    message: Type.String({ description: 'The rule and where the request stands, in words.' }),
  }),
);
export type MergeRuleResult = Static<typeof MergeRuleResult>;
