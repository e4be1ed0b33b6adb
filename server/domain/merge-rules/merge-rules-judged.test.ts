/**
 * GitBook's merge rules, judged, as a table over HTTP: for each rule a case where it is met and one where it is not
 * (set on the space through `updateSpaceById`), the merge check listing it so, and the merge refused with 409
 * naming every unmet rule (or done when all are met); then `allow_bypass`, and the organization's rules inherited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MergeRule,
  MergeRuleKind,
  MergeRulesStandaloneConfiguration,
} from '../../../shared/contract/resources/mergeRules.ts';
import type { ChangeRequestMergeCheck } from '../../../shared/contract/resources/changeRequests.ts';
import type { Static } from '@sinclair/typebox';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  buildReviewFixture,
  call,
  editMainContent,
  editRequestContent,
  expectError,
  expectStatus,
  requestRow,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Check = Static<typeof ChangeRequestMergeCheck>;

/** One request under rules, and the people around it. */
interface Context {
  orgId: string;
  spaceId: string;
  requestId: string;
  admin: TestUser;
  author: TestUser;
  ada: TestUser;
  bob: TestUser;
  approve(by: TestUser): Promise<void>;
  requestChanges(by: TestUser): Promise<void>;
}
type People = Omit<Context, 'approve' | 'requestChanges'>;

function arrange(rules: (c: People) => MergeRule[], subject = 'A subject', byAdmin = false) {
  const fixture = buildReviewFixture(server);
  const ada = fixture.person('review', 'Ada Approver');
  const bob = fixture.person('review', 'Bob Checker');
  const { id: requestId } = fixture.request({ subject, ...(byAdmin ? { by: fixture.admin } : {}) });
  editRequestContent(server, requestId, (e) => e.replace('Guide', 'Second paragraph.', 'Second, better.'));
  const base: People = {
    orgId: fixture.orgId,
    spaceId: fixture.spaceId,
    requestId,
    admin: fixture.admin,
    author: byAdmin ? fixture.admin : fixture.author,
    ada,
    bob,
  };
  const review = (status: string) => async (by: TestUser) => {
    server.clock.advance(1_000);
    expectStatus(
      await call(server, 'submitChangeRequestReview', by.token, {
        params: { spaceId: fixture.spaceId, changeRequestId: requestId },
        body: { status },
      }),
      201,
    );
  };
  const context: Context = {
    ...base,
    approve: review('approved'),
    requestChanges: review('changes-requested'),
  };
  const set: MergeRulesStandaloneConfiguration = { type: 'rules', rules: rules(base) };
  return { context, set };
}

/** Gives the space its own rules, as its admin. */
async function setSpaceRules(c: People, mergeRules: MergeRulesStandaloneConfiguration) {
  expectStatus(
    await call(server, 'updateSpaceById', c.admin.token, {
      params: { spaceId: c.spaceId },
      body: { mergeRules },
    }),
    200,
  );
}

interface Case {
  name: string;
  rule: MergeRuleKind;
  rules: (c: People) => MergeRule[];
  subject?: string;
  act: (c: Context) => Promise<void>;
  /** The request is the admin's own (the admin checks and merges it: an editor may not merge). */
  byAdmin?: boolean;
  met: boolean;
  message: string;
}

const approvedTwice = async (c: Context) => {
  await c.approve(c.ada);
  await c.approve(c.bob);
};
const mainMovedOn = (c: Context) =>
  editMainContent(server, c.spaceId, (e) => e.replace('FAQ', 'Third paragraph.', 'Third, on main.'));

const CASES: Case[] = [
  {
    name: 'no review yet',
    rule: 'require_at_least_one_review',
    rules: () => [{ rule: 'require_at_least_one_review' }],
    act: async () => {},
    met: false,
    message: 'No review yet',
  },
  {
    name: 'a review requesting changes counts as a review',
    rule: 'require_at_least_one_review',
    rules: () => [{ rule: 'require_at_least_one_review' }],
    act: (c) => c.requestChanges(c.bob),
    met: true,
    message: '1 review',
  },
  {
    name: 'an approval made before the head moved does not count',
    rule: 'require_at_least_one_approved_review',
    rules: () => [{ rule: 'require_at_least_one_approved_review' }],
    act: async (c) => {
      await c.approve(c.ada);
      editRequestContent(server, c.requestId, (e) => e.replace('Guide', 'Third paragraph.', 'Third, too.'));
    },
    met: false,
    message: 'No approval yet',
  },
  {
    name: 'an approval',
    rule: 'require_at_least_one_approved_review',
    rules: () => [{ rule: 'require_at_least_one_approved_review' }],
    act: (c) => c.approve(c.ada),
    met: true,
    message: '1 approval',
  },
  {
    name: 'a review requesting changes',
    rule: 'require_all_reviews_approved',
    rules: () => [{ rule: 'require_all_reviews_approved' }],
    act: async (c) => {
      await c.approve(c.ada);
      await c.requestChanges(c.bob);
    },
    met: false,
    message: 'Changes requested by Bob Checker',
  },
  {
    name: 'changes requested, then approved by the same reviewer',
    rule: 'require_all_reviews_approved',
    rules: () => [{ rule: 'require_all_reviews_approved' }],
    act: async (c) => {
      await c.requestChanges(c.bob);
      await c.approve(c.bob);
    },
    met: true,
    message: 'No review requests changes',
  },
  {
    name: 'all of two people, one missing',
    rule: 'require_specific_reviewers',
    rules: (c) => [{ rule: 'require_specific_reviewers', users: [c.ada.id, c.bob.id] }],
    act: (c) => c.approve(c.ada),
    met: false,
    message: 'Approval needed from Bob Checker',
  },
  {
    name: 'all of two people, both approving',
    rule: 'require_specific_reviewers',
    rules: (c) => [{ rule: 'require_specific_reviewers', users: [c.ada.id, c.bob.id] }],
    act: approvedTwice,
    met: true,
    message: 'Approved by every required reviewer: Ada Approver and Bob Checker',
  },
  {
    name: 'one of two people, somebody else approving',
    rule: 'require_one_of_specific_reviewers',
    rules: (c) => [{ rule: 'require_one_of_specific_reviewers', users: [c.ada.id, c.bob.id] }],
    act: (c) => c.approve(c.admin),
    met: false,
    message: 'Approval needed from one of Ada Approver and Bob Checker',
  },
  {
    name: 'one of two people, one approving',
    rule: 'require_one_of_specific_reviewers',
    rules: (c) => [{ rule: 'require_one_of_specific_reviewers', users: [c.ada.id, c.bob.id] }],
    act: (c) => c.approve(c.bob),
    met: true,
    message: 'Approved by Bob Checker, of the required reviewers',
  },
  {
    name: 'the main content moved on',
    rule: 'require_up_to_date_change_request',
    rules: () => [{ rule: 'require_up_to_date_change_request' }],
    act: async (c) => {
      mainMovedOn(c);
    },
    met: false,
    message: 'Not up to date with the main content',
  },
  {
    name: 'updated from main after it moved on',
    rule: 'require_up_to_date_change_request',
    rules: () => [{ rule: 'require_up_to_date_change_request' }],
    act: async (c) => {
      mainMovedOn(c);
      expectStatus(
        await call(server, 'updateChangeRequest', c.author.token, {
          params: { spaceId: c.spaceId, changeRequestId: c.requestId },
        }),
        200,
      );
    },
    met: true,
    message: 'Up to date with the main content',
  },
  {
    name: 'no subject',
    rule: 'require_change_request_subject',
    rules: () => [{ rule: 'require_change_request_subject' }],
    subject: '',
    act: async () => {},
    met: false,
    message: 'A subject is required',
  },
  {
    name: 'a subject',
    rule: 'require_change_request_subject',
    rules: () => [{ rule: 'require_change_request_subject' }],
    act: async () => {},
    met: true,
    message: 'Has a subject',
  },
  {
    name: 'an admin who is not the author merging',
    rule: 'require_author_to_merge',
    rules: () => [{ rule: 'require_author_to_merge' }],
    act: async () => {},
    met: false,
    message: 'Only the author of the change request may merge it',
  },
  {
    name: 'the author merging',
    rule: 'require_author_to_merge',
    rules: () => [{ rule: 'require_author_to_merge' }],
    act: async () => {},
    byAdmin: true,
    met: true,
    message: 'You are the author',
  },
];

describe('each merge rule, met and unmet', () => {
  it.each(CASES.map((entry) => [`${entry.rule}: ${entry.name}`, entry] as const))(
    '%s',
    async (_name, entry) => {
      const { context: c, set } = arrange(entry.rules, entry.subject, entry.byAdmin);
      await setSpaceRules(c, set);
      await entry.act(c);
      const merger = c.admin;
      const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
      const check = (await call(server, 'checkChangeRequestMerge', merger.token, { params })).body as Check;
      expect(check.rules).toEqual([
        { rule: entry.rule, met: entry.met, message: expect.stringContaining(entry.message) },
      ]);
      expect(check.mergeable).toBe(entry.met);
      const merged = await call(server, 'mergeChangeRequest', merger.token, { params });
      if (entry.met) {
        expectStatus(merged, 200);
        expect(requestRow(server, c.requestId).status).toBe('merged');
      } else {
        expectError(merged, 409, 'merge rule is not met', entry.message);
        expect(requestRow(server, c.requestId).status).toBe('open');
      }
    },
  );

  it('names every unmet rule in one refusal, in the order of the configuration', async () => {
    const { context: c, set } = arrange(
      (base) => [
        { rule: 'require_change_request_subject' },
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_specific_reviewers', users: [base.ada.id] },
      ],
      '',
    );
    await setSpaceRules(c, set);
    const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
    const check = (await call(server, 'checkChangeRequestMerge', c.admin.token, { params })).body as Check;
    expect(check.rules?.map((result) => result.rule)).toEqual([
      'require_change_request_subject',
      'require_at_least_one_approved_review',
      'require_specific_reviewers',
    ]);
    expectError(
      await call(server, 'mergeChangeRequest', c.admin.token, { params }),
      409,
      '3 merge rules are not met',
      'A subject is required; No approval yet; Approval needed from Ada Approver',
    );
  });

  it('leaves the author out of the required reviewers: a list naming only the author is met', async () => {
    const { context: c, set } = arrange((base) => [
      { rule: 'require_specific_reviewers', users: [base.author.id] },
    ]);
    await setSpaceRules(c, set);
    const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
    expect(
      ((await call(server, 'checkChangeRequestMerge', c.admin.token, { params })).body as Check).rules,
    ).toEqual([
      { rule: 'require_specific_reviewers', met: true, message: expect.stringContaining('author') },
    ]);
    expectStatus(await call(server, 'mergeChangeRequest', c.admin.token, { params }), 200);
  });

  it("judges the organization's rules for a space that inherits them, none for a space with `none`", async () => {
    const { context: c } = arrange(() => []);
    expectStatus(
      await call(server, 'updateOrganizationById', c.admin.token, {
        params: { organizationId: c.orgId },
        body: { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } },
      }),
      200,
    );
    const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
    const check = async () =>
      (await call(server, 'checkChangeRequestMerge', c.admin.token, { params })).body as Check;
    expect((await check()).rules).toEqual([
      { rule: 'require_at_least_one_review', met: false, message: 'No review yet' },
    ]);
    await setSpaceRules(c, { type: 'none' });
    expect(await check()).toMatchObject({ rules: [], mergeable: true });
    expectStatus(await call(server, 'mergeChangeRequest', c.admin.token, { params }), 200);
  });
});

describe('bypassing the merge rules (`allow_bypass`)', () => {
  const setup = async () => {
    const { context: c, set } = arrange((base) => [
      { rule: 'require_at_least_one_approved_review' },
      { rule: 'allow_bypass', users: [base.admin.id, base.ada.id] },
    ]);
    await setSpaceRules(c, set);
    return { c, params: { spaceId: c.spaceId, changeRequestId: c.requestId } };
  };

  it('is not listed as a rule; tells each caller whether they may, and refuses a listed person who did not ask', async () => {
    const { c, params } = await setup();
    const check = async (who: TestUser) =>
      (await call(server, 'checkChangeRequestMerge', who.token, { params })).body as Check;
    expect((await check(c.admin)).rules?.map((result) => result.rule)).toEqual([
      'require_at_least_one_approved_review',
    ]);
    expect([
      (await check(c.admin)).canBypass,
      (await check(c.ada)).canBypass,
      (await check(c.bob)).canBypass,
    ]).toEqual([true, true, false]);
    expectError(await call(server, 'mergeChangeRequest', c.admin.token, { params }), 409, 'bypassRules');
  });

  it('merges for a listed person who asks, recording the rules bypassed', async () => {
    const { c, params } = await setup();
    expectStatus(
      await call(server, 'mergeChangeRequest', c.ada.token, { params, query: { bypassRules: true } }),
      200,
    );
    const event = server.db.first(
      server.db.q
        .selectFrom('events')
        .select('data')
        .where('action', '=', 'change_request.merged')
        .where('subject_id', '=', c.requestId),
    )!;
    expect(JSON.parse(event.data)).toMatchObject({ bypassedRules: ['require_at_least_one_approved_review'] });
  });

  it('answers 403 to someone not listed who asks, and leaves the request open', async () => {
    const { c, params } = await setup();
    expectError(
      await call(server, 'mergeChangeRequest', c.bob.token, { params, query: { bypassRules: true } }),
      403,
      'merge past',
    );
    expect(requestRow(server, c.requestId).status).toBe('open');
  });
});
