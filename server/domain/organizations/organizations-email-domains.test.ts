/** Route tests: the organizations that accept an email domain (GET /v1/email-domains/{emailDomain}/orgs). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { expectError, expectUnauthorized } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let domainCounter = 0;
/** A domain no other test uses, so that each test sees only its own organizations. */
const freshDomain = (label: string) => `${label}${++domainCounter}.test`;

const lookup = (user: TestUser, emailDomain: string) =>
  user.client.call('getOrganizationsForEmailDomain', { params: { emailDomain } });
const ids = (answer: { organizations: { id: string }[] }) => answer.organizations.map((o) => o.id);

describe('GET /v1/email-domains/{emailDomain}/orgs (getOrganizationsForEmailDomain)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    await expectUnauthorized(server, 'getOrganizationsForEmailDomain', {
      params: { emailDomain: 'example.com' },
    });
  });

  it('400 when the path is not a domain name, naming `emailDomain`', async () => {
    const user = server.buildUser();
    for (const emailDomain of [
      'not a domain',
      'localhost',
      'ada@acme.test',
      '-acme.test',
      'acme..test',
      `${'a'.repeat(250)}.test`,
    ]) {
      const answer = await user.client.request('getOrganizationsForEmailDomain', { params: { emailDomain } });
      expectError(answer, 400, '`emailDomain`');
    }
  });

  it('answers an empty list for a domain no organization lists (never a 403 or a 404)', async () => {
    const user = server.buildUser();
    expect(await lookup(user, freshDomain('nobody'))).toEqual({ organizations: [] });
  });

  it("lists the caller's organizations that list the domain, and those listing the caller's own domain", async () => {
    const own = freshDomain('acme');
    const other = freshDomain('partner');
    const ada = server.buildUser({ email: `ada@${own}` });
    const stranger = server.buildUser();

    const joinable = server.buildOrg(stranger, { title: 'B Joinable', emailDomains: [own] });
    const member = server.buildOrg(ada, { title: 'A Member', emailDomains: ['elsewhere.test', own] });
    const partnerMember = server.buildOrg(stranger, { title: 'C Partner', emailDomains: [other] });
    server.buildMember(partnerMember.id, 'read', { email: `x-${partnerMember.id.toLowerCase()}@${other}` });
    await stranger.client.call('inviteUsersToOrganization', {
      params: { organizationId: partnerMember.id },
      body: { emails: [{ email: ada.email, role: 'read' }] },
    });
    const partnerForeign = server.buildOrg(stranger, { title: 'D Partner Foreign', emailDomains: [other] });
    // Listing no domain: never answered, whatever the domain asked.
    server.buildOrg(ada, { title: 'E Unlisted', emailDomains: [] });

    expect(ids(await lookup(ada, own))).toEqual([member.id, joinable.id]);
    expect(ids(await lookup(ada, own.toUpperCase()))).toEqual([member.id, joinable.id]);
    // Another domain: only organizations the caller belongs to, never the others.
    expect(ids(await lookup(ada, other))).toEqual([partnerMember.id]);
    expect(ids(await lookup(stranger, other))).toEqual([partnerMember.id, partnerForeign.id]);
    // Exact matches only: neither a part of a listed domain nor a parent of it.
    expect(ids(await lookup(ada, own.slice(1)))).toEqual([]);
    expect(ids(await lookup(ada, `docs.${own}`))).toEqual([]);
    expect(ids(await lookup(ada, 'elsewhere.test'))).toEqual([member.id]);
  });

  it("never lists another organization's entry to a caller whose own domain it does not list", async () => {
    const domain = freshDomain('private');
    const owner = server.buildUser({ email: `owner@${domain}` });
    server.buildOrg(owner, { emailDomains: [domain] });
    const outsider = server.buildUser({ email: `someone@${freshDomain('outside')}` });
    expect(await lookup(outsider, domain)).toEqual({ organizations: [] });
  });

  it('answers each organization as the caller would read it, with the permissions of its role', async () => {
    const own = freshDomain('roles');
    const ada = server.buildUser({ email: `ada@${own}` });
    const stranger = server.buildUser();
    const mine = server.buildOrg(ada, { title: 'A Mine', emailDomains: [own] });
    const theirs = server.buildOrg(stranger, { title: 'B Theirs', emailDomains: [own] });
    const lead = server.buildMember(theirs.id, 'read', { email: `lead@${own}` });
    server.buildTeam(theirs.id, 'Writers', { [lead.id]: 'owner' });

    const [asAdmin, asStranger] = (await lookup(ada, own)).organizations;
    expect(asAdmin).toEqual(
      await ada.client.call('getOrganizationById', { params: { organizationId: mine.id } }),
    );
    expect(asAdmin?.permissions.admin).toBe(true);
    // Not a member: seen with no rights beyond viewing it.
    expect(asStranger?.id).toBe(theirs.id);
    expect(asStranger?.permissions).toMatchObject({
      admin: false,
      viewBilling: false,
      listMembers: false,
      ownTeam: false,
    });

    const [, asLead] = (await lookup(lead, own)).organizations;
    expect(asLead).toEqual(
      await lead.client.call('getOrganizationById', { params: { organizationId: theirs.id } }),
    );
    expect(asLead?.permissions.ownTeam).toBe(true);
  });

  it('treats a disabled membership as none', async () => {
    const listed = freshDomain('listed');
    const owner = server.buildUser();
    const org = server.buildOrg(owner, { emailDomains: [listed] });
    const member = server.buildMember(org.id, 'admin');
    expect(ids(await lookup(member, listed))).toEqual([org.id]);
    server.db.run(
      server.db.q
        .updateTable('members')
        .set({ disabled: 1 })
        .where('organization_id', '=', org.id)
        .where('user_id', '=', member.id),
    );
    expect(await lookup(member, listed)).toEqual({ organizations: [] });

    // Disabled but of the listed domain: seen like any outsider of that domain, without the admin rights.
    const own = freshDomain('disabled');
    const ownOrg = server.buildOrg(owner, { emailDomains: [own] });
    const insider = server.buildMember(ownOrg.id, 'admin', { email: `insider@${own}` });
    server.db.run(
      server.db.q
        .updateTable('members')
        .set({ disabled: 1 })
        .where('organization_id', '=', ownOrg.id)
        .where('user_id', '=', insider.id),
    );
    const [seen] = (await lookup(insider, own)).organizations;
    expect(seen?.id).toBe(ownOrg.id);
    expect(seen?.permissions.admin).toBe(false);
  });
});
