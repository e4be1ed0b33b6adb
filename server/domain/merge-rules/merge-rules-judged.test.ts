/**
 * The merge rules, judged, as a table over HTTP: for each rule a case where it is met and one where it is not, the
 * merge check listing it so, and the merge refused with 409 naming every unmet rule (or done when all are met); then
 * who may bypass them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_MERGE_RULES,
  type MergeRuleName,
  type MergeRules,
} from '../../../shared/contract/resources/mergeRules.ts';
import type { ChangeRequestMergeCheck } from '../../../shared/contract/resources/changeRequests.ts';
import type { Static } from '@sinclair/typebox';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { editMainContent, editRequestContent } from '../change-requests/testing.ts';
import { buildReviewFixture, call, requestRow } from '../reviews/testing.ts';
import { expectError, expectStatus } from '../spaces/testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Check = Static<typeof ChangeRequestMergeCheck>;

/** One request under rules, and the people around it. */
interface Context {
  spaceId: string;
  requestId: string;
  admin: TestUser;
  author: TestUser;
  ada: TestUser;
  bob: TestUser;
  /** A member of the team Leads. */
  lead: TestUser;
  leads: string;
  approve(by: TestUser): Promise<void>;
  requestChanges(by: TestUser): Promise<void>;
}

function arrange(
  rules: (c: Omit<Context, 'approve' | 'requestChanges'>) => Partial<MergeRules>,
  subject = 'A subject',
) {
  const fixture = buildReviewFixture(server);
  const ada = fixture.person('review', 'Ada Approver');
  const bob = fixture.person('review', 'Bob Checker');
  const lead = fixture.person('review', 'Lea Lead');
  const leads = server.buildTeam(fixture.orgId, 'Leads', { [lead.id]: 'member' }).id;
  const { id: requestId } = fixture.request({ subject });
  editRequestContent(server, requestId, (e) => e.replace('Guide', 'Second paragraph.', 'Second, better.'));
  const base = {
    spaceId: fixture.spaceId,
    requestId,
    admin: fixture.admin,
    author: fixture.author,
    ada,
    bob,
    lead,
    leads,
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
  const set = { ...NO_MERGE_RULES, ...rules(base) };
  return { context, set };
}

interface Case {
  name: string;
  rule: MergeRuleName;
  rules: (c: Omit<Context, 'approve' | 'requestChanges'>) => Partial<MergeRules>;
  subject?: string;
  act: (c: Context) => Promise<void>;
  met: boolean;
  message: string;
}

const CASES: Case[] = [
  {
    name: 'two approvals needed, one given',
    rule: 'minimum-approvals',
    rules: () => ({ minimumApprovals: 2 }),
    act: (c) => c.approve(c.ada),
    met: false,
    message: '1 of 2 required approvals',
  },
  {
    name: 'two approvals needed, two given',
    rule: 'minimum-approvals',
    rules: () => ({ minimumApprovals: 2 }),
    act: async (c) => {
      await c.approve(c.ada);
      await c.approve(c.bob);
    },
    met: true,
    message: '2 of 2 required approvals',
  },
  {
    name: 'an approval made before the head moved does not count',
    rule: 'minimum-approvals',
    rules: () => ({ minimumApprovals: 1 }),
    act: async (c) => {
      await c.approve(c.ada);
      editRequestContent(server, c.requestId, (e) => e.replace('Guide', 'Third paragraph.', 'Third, too.'));
    },
    met: false,
    message: '0 of 1 required approval',
  },
  {
    name: 'a review requesting changes',
    rule: 'no-changes-requested',
    rules: () => ({ noChangesRequested: true }),
    act: async (c) => {
      await c.approve(c.ada);
      await c.requestChanges(c.bob);
    },
    met: false,
    message: 'Changes requested by Bob Checker',
  },
  {
    name: 'changes requested, then approved by the same reviewer',
    rule: 'no-changes-requested',
    rules: () => ({ noChangesRequested: true }),
    act: async (c) => {
      await c.requestChanges(c.bob);
      await c.approve(c.bob);
    },
    met: true,
    message: 'No review requests changes',
  },
  {
    name: 'all of a person and a team, the team missing',
    rule: 'required-reviewers',
    rules: (c) => ({ requiredReviewers: { mode: 'all', users: [c.ada.id], teams: [c.leads] } }),
    act: (c) => c.approve(c.ada),
    met: false,
    message: 'Approval needed from team Leads',
  },
  {
    name: 'all of a person and a team, a member of the team approving',
    rule: 'required-reviewers',
    rules: (c) => ({ requiredReviewers: { mode: 'all', users: [c.ada.id], teams: [c.leads] } }),
    act: async (c) => {
      await c.approve(c.ada);
      await c.approve(c.lead);
    },
    met: true,
    message: 'Approved by every required reviewer: Ada Approver and team Leads',
  },
  {
    name: 'one of two people, nobody of them approving',
    rule: 'required-reviewers',
    rules: (c) => ({ requiredReviewers: { mode: 'one', users: [c.ada.id, c.bob.id], teams: [] } }),
    act: (c) => c.approve(c.lead),
    met: false,
    message: 'Approval needed from one of Ada Approver and Bob Checker',
  },
  {
    name: 'one of two people, one approving',
    rule: 'required-reviewers',
    rules: (c) => ({ requiredReviewers: { mode: 'one', users: [c.ada.id, c.bob.id], teams: [] } }),
    act: (c) => c.approve(c.bob),
    met: true,
    message: 'Approved by Bob Checker, of the required reviewers',
  },
  {
    name: 'the main content moved on',
    rule: 'up-to-date',
    rules: () => ({ upToDate: true }),
    act: async (c) => {
      editMainContent(server, c.spaceId, (e) => e.replace('FAQ', 'Third paragraph.', 'Third, on main.'));
    },
    met: false,
    message: 'Not up to date with the main content',
  },
  {
    name: 'updated from main after it moved on',
    rule: 'up-to-date',
    rules: () => ({ upToDate: true }),
    act: async (c) => {
      editMainContent(server, c.spaceId, (e) => e.replace('FAQ', 'Third paragraph.', 'Third, on main.'));
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
    rule: 'subject-required',
    rules: () => ({ subjectRequired: true }),
    subject: '',
    act: async () => {},
    met: false,
    message: 'A subject is required',
  },
  {
    name: 'a subject',
    rule: 'subject-required',
    rules: () => ({ subjectRequired: true }),
    act: async () => {},
    met: true,
    message: 'Has a subject',
  },
];

describe('each merge rule, met and unmet', () => {
  it.each(CASES.map((entry) => [`${entry.rule}: ${entry.name}`, entry] as const))(
    '%s',
    async (_name, entry) => {
      const { context: c, set } = arrange(entry.rules, entry.subject);
      expectStatus(
        await call(server, 'updateSpaceMergeRules', c.admin.token, {
          params: { spaceId: c.spaceId },
          body: set,
        }),
        200,
      );
      await entry.act(c);
      const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
      const check = (await call(server, 'checkChangeRequestMerge', c.author.token, { params })).body as Check;
      expect(check.rules).toEqual([
        { rule: entry.rule, met: entry.met, message: expect.stringContaining(entry.message) },
      ]);
      expect(check.mergeable).toBe(entry.met);
      const merged = await call(server, 'mergeChangeRequest', c.admin.token, { params });
      if (entry.met) {
        expectStatus(merged, 200);
        expect(requestRow(server, c.requestId).status).toBe('merged');
      } else {
        expectError(merged, 409, 'merge rule is not met', entry.message);
        expect(requestRow(server, c.requestId).status).toBe('open');
      }
    },
  );

  it('names every unmet rule in one refusal', async () => {
    const { context: c, set } = arrange(
      (base) => ({
        minimumApprovals: 1,
        subjectRequired: true,
        requiredReviewers: { mode: 'all', users: [base.ada.id], teams: [] },
      }),
      '',
    );
    expectStatus(
      await call(server, 'updateSpaceMergeRules', c.admin.token, {
        params: { spaceId: c.spaceId },
        body: set,
      }),
      200,
    );
    const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
    expectError(
      await call(server, 'mergeChangeRequest', c.admin.token, { params }),
      409,
      '3 merge rules are not met',
      '0 of 1 required approval',
      'Approval needed from Ada Approver',
      'A subject is required',
    );
  });

  it('leaves the author out of the required reviewers: a list naming only the author asks nothing', async () => {
    const { context: c, set } = arrange((base) => ({
      requiredReviewers: { mode: 'all', users: [base.author.id], teams: [] },
    }));
    expectStatus(
      await call(server, 'updateSpaceMergeRules', c.admin.token, {
        params: { spaceId: c.spaceId },
        body: set,
      }),
      200,
    );
    const params = { spaceId: c.spaceId, changeRequestId: c.requestId };
    expect(
      ((await call(server, 'checkChangeRequestMerge', c.admin.token, { params })).body as Check).rules,
    ).toEqual([]);
    expectStatus(await call(server, 'mergeChangeRequest', c.admin.token, { params }), 200);
  });
});

describe('bypassing the merge rules', () => {
  const setup = async () => {
    const { context: c, set } = arrange((base) => ({
      minimumApprovals: 1,
      bypass: { users: [base.admin.id], teams: [base.leads] },
    }));
    expectStatus(
      await call(server, 'updateSpaceMergeRules', c.admin.token, {
        params: { spaceId: c.spaceId },
        body: set,
      }),
      200,
    );
    return { c, params: { spaceId: c.spaceId, changeRequestId: c.requestId } };
  };

  it('tells each caller whether they may, and refuses a listed person who did not ask to bypass', async () => {
    const { c, params } = await setup();
    const canBypass = async (who: TestUser) =>
      ((await call(server, 'checkChangeRequestMerge', who.token, { params })).body as Check).canBypass;
    expect([await canBypass(c.admin), await canBypass(c.lead), await canBypass(c.ada)]).toEqual([
      true,
      true,
      false,
    ]);
    expectError(await call(server, 'mergeChangeRequest', c.admin.token, { params }), 409, 'bypassRules');
  });

  it('merges for a listed person who asks, recording the rules bypassed', async () => {
    const { c, params } = await setup();
    expectStatus(
      await call(server, 'mergeChangeRequest', c.admin.token, { params, query: { bypassRules: true } }),
      200,
    );
    const event = server.db.first(
      server.db.q
        .selectFrom('events')
        .select('data')
        .where('action', '=', 'change_request.merged')
        .where('subject_id', '=', c.requestId),
    )!;
    expect(JSON.parse(event.data)).toMatchObject({ bypassedRules: ['minimum-approvals'] });
  });

  it('merges for a member of a listed team who asks', async () => {
    const { c, params } = await setup();
    expectStatus(
      await call(server, 'mergeChangeRequest', c.lead.token, { params, query: { bypassRules: true } }),
      200,
    );
  });

  it('answers 403 to someone not listed who asks, and leaves the request open', async () => {
    const { c, params } = await setup();
    expectError(
      await call(server, 'mergeChangeRequest', c.ada.token, { params, query: { bypassRules: true } }),
      403,
      'merge past',
    );
    expect(requestRow(server, c.requestId).status).toBe('open');
  });
});
