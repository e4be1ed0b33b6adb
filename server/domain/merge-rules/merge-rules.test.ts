/**
 * Merge rules over HTTP, in GitBook's shapes: `mergeRules` on the organization and the space, written through
 * `updateOrganizationById` and `updateSpaceById` (401, 400 per constraint, 403 per role, 404 including another
 * organization's ids, success read back), and migration 13's conversion of the former extension's rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import type {
  MergeRulesSpaceConfiguration,
  MergeRulesStandaloneConfiguration,
} from '../../../shared/contract/resources/mergeRules.ts';
import { convertLegacyRules } from '../../storage/merge-rules-migration.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  buildReviewFixture,
  call,
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const RULES: MergeRulesStandaloneConfiguration = {
  type: 'rules',
  rules: [{ rule: 'require_at_least_one_approved_review' }, { rule: 'require_up_to_date_change_request' }],
};

const getOrg = (token: string, organizationId: string) =>
  call(server, 'getOrganizationById', token, { params: { organizationId } });
const setOrg = (token: string, organizationId: string, mergeRules: unknown) =>
  call(server, 'updateOrganizationById', token, { params: { organizationId }, body: { mergeRules } });
const getSpace = (token: string, spaceId: string) =>
  call(server, 'getSpaceById', token, { params: { spaceId } });
const setSpace = (token: string, spaceId: string, mergeRules: unknown) =>
  call(server, 'updateSpaceById', token, { params: { spaceId }, body: { mergeRules } });
const rulesOf = async (answer: Promise<{ body: unknown }>) =>
  ((await answer).body as { mergeRules: unknown }).mergeRules;

/** Each broken constraint and the field its 400 names. */
function brokenCases(someone: string, foreigner: string): [unknown, string][] {
  const rules = (...list: unknown[]) => ({ type: 'rules', rules: list });
  return [
    [{}, 'mergeRules'],
    [{ type: 'some' }, 'mergeRules'],
    [{ type: 'rules' }, 'mergeRules'],
    [rules({ rule: 'require_two_reviews' }), 'mergeRules'],
    [rules({ rule: 'require_specific_reviewers' }), 'mergeRules'],
    [rules({ rule: 'require_at_least_one_review', users: [someone] }), 'mergeRules'],
    [rules({ rule: 'allow_bypass', users: [someone, someone] }), 'mergeRules'],
    [rules({ rule: 'require_specific_reviewers', users: [] }), 'mergeRules.rules[0].users'],
    [rules({ rule: 'require_specific_reviewers', users: [UNKNOWN_ID] }), 'mergeRules.rules[0].users[0]'],
    [rules({ rule: 'require_subject' }, { rule: 'allow_bypass', users: [someone, foreigner] }), 'mergeRules'],
    [
      rules(
        { rule: 'require_change_request_subject' },
        { rule: 'require_one_of_specific_reviewers', users: [someone, foreigner] },
      ),
      'mergeRules.rules[1].users[1]',
    ],
    [
      rules({ rule: 'require_at_least_one_review' }, { rule: 'require_at_least_one_review' }),
      'mergeRules.rules[1]',
    ],
    [rules({ rule: 'require_agent_review' }), 'require_agent_review'],
    [rules({ rule: 'require_change_request_description' }), 'require_change_request_description'],
    [rules({ rule: 'custom', expression: 'changeRequest.subject != ""' }), 'mergeRules.rules[0].expression'],
    [rules({ rule: 'custom', expression: 'x'.repeat(1025) }), 'mergeRules'],
  ];
}

describe("an organization's merge rules", () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildReviewFixture(server);
    await expectUnauthorized(server, 'updateOrganizationById', {
      params: { organizationId: orgId },
      body: { mergeRules: RULES },
    });
  });

  it('answers 400 naming the field for each broken constraint, changing nothing', async () => {
    const { admin, orgId, foreign, person } = buildReviewFixture(server);
    const someone = person('review').id;
    for (const [body, field] of brokenCases(someone, foreign.owner.id))
      expectError(await setOrg(admin.token, orgId, body), 400, field);
    expectError(await setOrg(admin.token, orgId, { type: 'inherit' }), 400, 'mergeRules');
    expect(await rulesOf(getOrg(admin.token, orgId))).toEqual({ type: 'none' });
  });

  it('answers 403 to every role but admin', async () => {
    const { member, orgId } = buildReviewFixture(server);
    for (const role of ['create', 'review', 'edit', 'comment', 'read', null] as (Role | null)[])
      expectError(await setOrg(member(role).token, orgId, RULES), 403, 'admins');
  });

  it('answers 404 to a non-member, like an unknown organization', async () => {
    const { admin, foreign } = buildReviewFixture(server);
    expectHidden(
      await setOrg(admin.token, UNKNOWN_ID, RULES),
      UNKNOWN_ID,
      await setOrg(admin.token, foreign.orgId, RULES),
      foreign.orgId,
    );
  });

  it('sets them, every member reads them back on the organization, and `none` clears them', async () => {
    const { admin, member, orgId, person } = buildReviewFixture(server);
    const lead = person('review').id;
    const set: MergeRulesStandaloneConfiguration = {
      type: 'rules',
      rules: [
        { rule: 'require_one_of_specific_reviewers', users: [lead] },
        ...RULES.rules,
        { rule: 'require_author_to_merge' },
        { rule: 'allow_bypass', users: [admin.id] },
      ],
    };
    const answer = await setOrg(admin.token, orgId, set);
    expectStatus(answer, 200);
    expect((answer.body as { mergeRules: unknown }).mergeRules).toEqual(set);
    for (const role of ['read', 'edit', null] as (Role | null)[])
      expect(await rulesOf(getOrg(member(role).token, orgId))).toEqual(set);
    const listed = await call(server, 'listOrganizationsForAuthenticatedUser', admin.token);
    expect(listed.body).toMatchObject({ items: [{ id: orgId, mergeRules: set }] });
    expectStatus(await setOrg(admin.token, orgId, { type: 'none' }), 200);
    expect(await rulesOf(getOrg(admin.token, orgId))).toEqual({ type: 'none' });
  });
});

describe("a space's merge rules", () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = buildReviewFixture(server);
    await expectUnauthorized(server, 'updateSpaceById', {
      params: { spaceId },
      body: { mergeRules: RULES },
    });
  });

  it('answers 400 naming the field for each broken constraint, changing nothing', async () => {
    const { admin, spaceId, foreign, person } = buildReviewFixture(server);
    const someone = person('review').id;
    for (const [body, field] of brokenCases(someone, foreign.owner.id))
      expectError(await setSpace(admin.token, spaceId, body), 400, field);
    expect(await rulesOf(getSpace(admin.token, spaceId))).toEqual({ type: 'inherit' });
  });

  it('answers 403 below the admin level on the space, and 404 to a guest and for another organization’s space', async () => {
    const { admin, member, spaceId, foreign } = buildReviewFixture(server);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as Role[])
      expectError(await setSpace(member(role).token, spaceId, RULES), 403, 'admin level');
    expectError(await setSpace(member(null).token, spaceId, RULES), 404);
    expectHidden(
      await setSpace(admin.token, UNKNOWN_ID, RULES),
      UNKNOWN_ID,
      await setSpace(admin.token, foreign.spaceId, RULES),
      foreign.spaceId,
    );
  });

  it('inherits until it has its own (rules or none), and inherits again when told to', async () => {
    const { admin, member, orgId, spaceId } = buildReviewFixture(server);
    const reader = member('read');
    expect(await rulesOf(getSpace(reader.token, spaceId))).toEqual({ type: 'inherit' });
    expectStatus(await setOrg(admin.token, orgId, RULES), 200);
    expect(await rulesOf(getSpace(reader.token, spaceId))).toEqual({ type: 'inherit' });
    const own: MergeRulesSpaceConfiguration = {
      type: 'rules',
      rules: [{ rule: 'require_change_request_subject' }],
    };
    for (const configuration of [
      own,
      { type: 'none' },
      { type: 'inherit' },
    ] as MergeRulesSpaceConfiguration[]) {
      const answer = await setSpace(admin.token, spaceId, configuration);
      expectStatus(answer, 200);
      expect((answer.body as { mergeRules: unknown }).mergeRules).toEqual(configuration);
      expect(await rulesOf(getSpace(reader.token, spaceId))).toEqual(configuration);
      expect(await rulesOf(getOrg(reader.token, orgId))).toEqual(RULES);
    }
  });

  it('takes its new organization’s rules when transferred (its own name people of the one it left)', async () => {
    const { admin, orgId, spaceId, person } = buildReviewFixture(server);
    const other = server.buildOrg(admin);
    const own: MergeRulesSpaceConfiguration = {
      type: 'rules',
      rules: [{ rule: 'require_specific_reviewers', users: [person('review').id] }],
    };
    expectStatus(await setSpace(admin.token, spaceId, own), 200);
    expect(orgId).not.toBe(other.id);
    const moved = await call(server, 'transferSpace', admin.token, {
      params: { spaceId },
      body: { organization: other.id },
    });
    expectStatus(moved, 200);
    expect((moved.body as { mergeRules: unknown }).mergeRules).toEqual({ type: 'inherit' });
  });
});

describe('migration 13: the former extension’s rules in GitBook’s shape', () => {
  const teams: Record<string, string[]> = { leads: ['l1', 'l2'], ops: ['o1'] };
  const membersOf = (team: string) => teams[team] ?? [];

  it('maps each setting to its GitBook rule, teams to their members', () => {
    expect(
      convertLegacyRules(
        {
          minimumApprovals: 2,
          noChangesRequested: true,
          requiredReviewers: { mode: 'all', users: ['a', 'b'], teams: ['leads'] },
          upToDate: true,
          subjectRequired: true,
          bypass: { users: ['x'], teams: ['ops'] },
        },
        membersOf,
      ),
    ).toEqual({
      type: 'rules',
      rules: [
        { rule: 'require_specific_reviewers', users: ['a', 'b'] },
        { rule: 'require_one_of_specific_reviewers', users: ['l1', 'l2'] },
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_all_reviews_approved' },
        { rule: 'require_up_to_date_change_request' },
        { rule: 'require_change_request_subject' },
        { rule: 'allow_bypass', users: ['x', 'o1'] },
      ],
    });
    expect(
      convertLegacyRules(
        { requiredReviewers: { mode: 'one', users: ['a', 'l1'], teams: ['leads'] } },
        membersOf,
      ),
    ).toEqual({
      type: 'rules',
      rules: [{ rule: 'require_one_of_specific_reviewers', users: ['a', 'l1', 'l2'] }],
    });
  });

  it('turns rules asking nothing into `none`', () => {
    expect(
      convertLegacyRules(
        {
          minimumApprovals: 0,
          noChangesRequested: false,
          requiredReviewers: { mode: 'all', users: [], teams: [] },
          upToDate: false,
          subjectRequired: false,
          bypass: { users: [], teams: ['empty'] },
        },
        membersOf,
      ),
    ).toEqual({ type: 'none' });
  });
});
