/**
 * Merge rules over HTTP (extension): an organization's and a space's own, each operation through 401, 400 per
 * constraint, 403 per role, 404 (another organization's ids included), and success read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/contract/index.ts';
import { NO_MERGE_RULES, type MergeRules } from '../../../shared/contract/resources/mergeRules.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildReviewFixture, call } from '../reviews/testing.ts';
import {
  expectError,
  expectHidden,
  expectStatus,
  expectUnauthorized,
  UNKNOWN_ID,
} from '../spaces/testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const RULES: MergeRules = {
  ...NO_MERGE_RULES,
  minimumApprovals: 2,
  upToDate: true,
};

const orgRules = (token: string, organizationId: string) =>
  call(server, 'getOrganizationMergeRules', token, { params: { organizationId } });
const setOrgRules = (token: string, organizationId: string, body: unknown) =>
  call(server, 'updateOrganizationMergeRules', token, { params: { organizationId }, body });
const spaceRules = (token: string, spaceId: string) =>
  call(server, 'getSpaceMergeRules', token, { params: { spaceId } });
const setSpaceRules = (token: string, spaceId: string, body: unknown) =>
  call(server, 'updateSpaceMergeRules', token, { params: { spaceId }, body });
const dropSpaceRules = (token: string, spaceId: string) =>
  call(server, 'deleteSpaceMergeRules', token, { params: { spaceId } });

describe('organization merge rules', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildReviewFixture(server);
    await expectUnauthorized(server, 'getOrganizationMergeRules', { params: { organizationId: orgId } });
    await expectUnauthorized(server, 'updateOrganizationMergeRules', {
      params: { organizationId: orgId },
      body: RULES,
    });
  });

  it('answers 400 naming the field for each broken constraint, changing nothing', async () => {
    const { admin, orgId, foreign, person } = buildReviewFixture(server);
    const foreignTeam = server.buildTeam(foreign.orgId, 'Theirs').id;
    const someone = person('review').id;
    const cases: [unknown, string][] = [
      [{}, 'minimumApprovals'],
      [{ ...RULES, minimumApprovals: -1 }, 'minimumApprovals'],
      [{ ...RULES, minimumApprovals: 11 }, 'minimumApprovals'],
      [{ ...RULES, minimumApprovals: 1.5 }, 'minimumApprovals'],
      [{ ...RULES, upToDate: 'yes' }, 'upToDate'],
      [{ ...RULES, requiredReviewers: { mode: 'most', users: [], teams: [] } }, 'mode'],
      [{ ...RULES, requiredReviewers: { mode: 'all', users: [someone, someone], teams: [] } }, 'users'],
      [
        { ...RULES, requiredReviewers: { mode: 'all', users: [UNKNOWN_ID], teams: [] } },
        'requiredReviewers.users[0]',
      ],
      [
        { ...RULES, requiredReviewers: { mode: 'one', users: [someone, foreign.owner.id], teams: [] } },
        'requiredReviewers.users[1]',
      ],
      [{ ...RULES, bypass: { users: [], teams: [foreignTeam] } }, 'bypass.teams[0]'],
      [{ ...RULES, bypass: { users: [UNKNOWN_ID], teams: [] } }, 'bypass.users[0]'],
      [{ ...RULES, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) expectError(await setOrgRules(admin.token, orgId, body), 400, field);
    expect((await orgRules(admin.token, orgId)).body).toMatchObject({
      source: 'default',
      rules: NO_MERGE_RULES,
    });
  });

  it('answers 403 to guests reading them and to every role but admin changing them', async () => {
    const { member, orgId } = buildReviewFixture(server);
    expectError(await orgRules(member(null).token, orgId), 403, 'guests');
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as Role[])
      expectError(await setOrgRules(member(role).token, orgId, RULES), 403, 'admins');
  });

  it('answers 404 to a non-member, like an unknown organization', async () => {
    const { admin, foreign } = buildReviewFixture(server);
    expectHidden(
      await orgRules(admin.token, UNKNOWN_ID),
      UNKNOWN_ID,
      await orgRules(admin.token, foreign.orgId),
      foreign.orgId,
    );
    expectError(await setOrgRules(admin.token, foreign.orgId, RULES), 404);
  });

  it('sets them, and every member but guests reads them back with who set them', async () => {
    const { admin, member, orgId, person } = buildReviewFixture(server);
    const lead = person('review').id;
    const team = server.buildTeam(orgId, 'Leads').id;
    const rules: MergeRules = {
      ...RULES,
      requiredReviewers: { mode: 'one', users: [lead], teams: [team] },
      bypass: { users: [admin.id], teams: [] },
    };
    const answer = await setOrgRules(admin.token, orgId, rules);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      object: 'merge-rules',
      source: 'organization',
      rules,
      updatedBy: { id: admin.id },
    });
    for (const role of ['read', 'edit', 'admin'] as Role[])
      expect((await orgRules(member(role).token, orgId)).body).toEqual(answer.body);
  });
});

describe('space merge rules', () => {
  it('answers 401 without a valid token', async () => {
    const { spaceId } = buildReviewFixture(server);
    for (const name of ['getSpaceMergeRules', 'deleteSpaceMergeRules'] as const)
      await expectUnauthorized(server, name, { params: { spaceId } });
    await expectUnauthorized(server, 'updateSpaceMergeRules', { params: { spaceId }, body: RULES });
  });

  it('answers 400 naming the field', async () => {
    const { admin, spaceId } = buildReviewFixture(server);
    expectError(
      await setSpaceRules(admin.token, spaceId, { ...RULES, subjectRequired: 1 }),
      400,
      'subjectRequired',
    );
    expectError(
      await setSpaceRules(admin.token, spaceId, { ...RULES, bypass: { users: [UNKNOWN_ID], teams: [] } }),
      400,
      'bypass.users[0]',
    );
  });

  it('answers 403 below the admin level on the space, and 404 to a guest and for another organization’s space', async () => {
    const { admin, member, spaceId, foreign } = buildReviewFixture(server);
    for (const role of ['create', 'review', 'edit', 'read'] as Role[]) {
      expectError(await setSpaceRules(member(role).token, spaceId, RULES), 403, 'admin level');
      expectError(await dropSpaceRules(member(role).token, spaceId), 403, 'admin level');
    }
    expectError(await spaceRules(member(null).token, spaceId), 404);
    expectHidden(
      await spaceRules(admin.token, UNKNOWN_ID),
      UNKNOWN_ID,
      await spaceRules(admin.token, foreign.spaceId),
      foreign.spaceId,
    );
    expectError(await setSpaceRules(admin.token, foreign.spaceId, RULES), 404);
  });

  it("answers the organization's rules until the space has its own, and again once they are removed", async () => {
    const { admin, member, orgId, spaceId } = buildReviewFixture(server);
    const reader = member('read');
    expect((await spaceRules(reader.token, spaceId)).body).toMatchObject({
      source: 'default',
      rules: NO_MERGE_RULES,
    });
    expectStatus(await setOrgRules(admin.token, orgId, RULES), 200);
    expect((await spaceRules(reader.token, spaceId)).body).toMatchObject({
      source: 'organization',
      rules: RULES,
    });
    const own = { ...NO_MERGE_RULES, subjectRequired: true };
    expectStatus(await setSpaceRules(admin.token, spaceId, own), 200);
    expect((await spaceRules(reader.token, spaceId)).body).toMatchObject({ source: 'space', rules: own });
    expect((await orgRules(reader.token, orgId)).body).toMatchObject({
      source: 'organization',
      rules: RULES,
    });
    expectStatus(await dropSpaceRules(admin.token, spaceId), 205);
    expect((await spaceRules(reader.token, spaceId)).body).toMatchObject({
      source: 'organization',
      rules: RULES,
    });
  });
});
