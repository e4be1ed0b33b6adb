/** Route tests: changing an organization's settings (PATCH /v1/orgs/{organizationId}). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../../shared/contract/resources/organizations.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  roleName,
  sendRequest,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A fresh organization with its admin, read back through the API. */
async function freshOrg(): Promise<{ owner: TestUser; id: string; before: Organization }> {
  const owner = server.buildUser();
  const { id } = server.buildOrg(owner, { title: 'Before', emailDomains: ['before.test'] });
  const before = await owner.client.call('getOrganizationById', { params: { organizationId: id } });
  return { owner, id, before };
}

const reread = (user: TestUser, id: string) =>
  user.client.call('getOrganizationById', { params: { organizationId: id } });

describe('PATCH /v1/orgs/{organizationId} (updateOrganizationById)', () => {
  it('401 without a token, with a malformed Authorization header, with an unknown token', async () => {
    const { id } = await freshOrg();
    await expectUnauthorized(server, 'updateOrganizationById', {
      params: { organizationId: id },
      body: { title: 'New' },
    });
  });

  it('401 comes before the checks of the body', async () => {
    const { id } = await freshOrg();
    expectError(
      await sendRequest(server, { method: 'PATCH', path: `/v1/orgs/${id}`, json: { title: 1 } }),
      401,
    );
  });

  describe('400 for a body that breaks the contract, naming the field, and nothing changes', () => {
    const cases: [string, unknown, string][] = [
      ['title too short', { title: 'a' }, '`title`'],
      ['title too long', { title: 'x'.repeat(256) }, '`title`'],
      ['title blank', { title: '    ' }, '`title`'],
      ['title of one character padded with spaces', { title: '  a  ' }, '`title`'],
      ['title not a string', { title: 42 }, '`title`'],
      ['title null', { title: null }, '`title`'],
      ['hostname too short', { hostname: 'ab' }, '`hostname`'],
      ['hostname too long', { hostname: 'a'.repeat(33) }, '`hostname`'],
      ['hostname with capitals', { hostname: 'AcmeDocs' }, '`hostname`'],
      ['hostname with an underscore', { hostname: 'acme_docs' }, '`hostname`'],
      ['hostname starting with a dash', { hostname: '-acme' }, '`hostname`'],
      ['hostname ending with a dash', { hostname: 'acme-' }, '`hostname`'],
      ['hostname with a dot', { hostname: 'acme.docs' }, '`hostname`'],
      ['hostname null', { hostname: null }, '`hostname`'],
      ['emailDomains not an array', { emailDomains: 'acme.test' }, '`emailDomains`'],
      [
        'emailDomains item not a domain',
        { emailDomains: ['acme.test', 'not a domain'] },
        '`emailDomains[1]`',
      ],
      ['emailDomains item without a dot', { emailDomains: ['localhost'] }, '`emailDomains[0]`'],
      ['emailDomains item with capitals', { emailDomains: ['Acme.TEST'] }, '`emailDomains[0]`'],
      ['emailDomains item an email', { emailDomains: ['ada@acme.test'] }, '`emailDomains[0]`'],
      ['emailDomains item not a string', { emailDomains: [7] }, '`emailDomains[0]`'],
      ['emailDomains with a duplicate', { emailDomains: ['acme.test', 'acme.test'] }, '`emailDomains`'],
      [
        'emailDomains over 100 items',
        { emailDomains: Array.from({ length: 101 }, (_, i) => `d${i}.test`) },
        '`emailDomains`',
      ],
      ['defaultRole not a role', { defaultRole: 'owner' }, '`defaultRole`'],
      ['defaultRole not a string', { defaultRole: 3 }, '`defaultRole`'],
      [
        'defaultContent on a site that does not exist',
        { defaultContent: { type: 'site', site: 'nosuchsite' } },
        '`defaultContent.site`',
      ],
      [
        'defaultContent of another type',
        { defaultContent: { type: 'space', site: 'x' } },
        '`defaultContent.type`',
      ],
      ['defaultContent without its site', { defaultContent: { type: 'site' } }, '`defaultContent.site`'],
      [
        'defaultContent with an empty site',
        { defaultContent: { type: 'site', site: '' } },
        '`defaultContent.site`',
      ],
      ['defaultContent not an object', { defaultContent: 'site' }, '`defaultContent`'],
      ['logo not a URI', { logo: 'not a uri' }, '`logo`'],
      ['logo a relative path', { logo: '/logo.png' }, '`logo`'],
      ['logo a javascript: URI', { logo: 'javascript:alert(1)' }, '`logo`'],
      ['logo a data: URI', { logo: 'data:text/html,<script>alert(1)</script>' }, '`logo`'],
      ['logo longer than 2048', { logo: `https://cdn.test/${'l'.repeat(2040)}.png` }, '`logo`'],
      ['sso not a boolean', { sso: 'yes' }, '`sso`'],
      ['ai not a boolean', { ai: 1 }, '`ai`'],
      ['inviteLinks not a boolean', { inviteLinks: 'true' }, '`inviteLinks`'],
      ['an unknown field', { title: 'Fine', color: 'red' }, '`color`'],
      ['a read-only field', { plan: 'pro_2024' }, '`plan`'],
      ['an array instead of an object', [{ title: 'Fine' }], 'body'],
      ['null instead of an object', null, 'body'],
      ['a string instead of an object', 'Fine', 'body'],
    ];
    for (const [label, json, fragment] of cases) {
      it(label, async () => {
        const { owner, id, before } = await freshOrg();
        const answer = await sendRequest(server, {
          method: 'PATCH',
          path: `/v1/orgs/${id}`,
          token: owner.token,
          json,
        });
        expectError(answer, 400, fragment);
        expect(await reread(owner, id)).toEqual(before);
      });
    }

    it('malformed JSON', async () => {
      const { owner, id, before } = await freshOrg();
      const text = '{"title": "New", ';
      expectError(
        await sendRequest(server, { method: 'PATCH', path: `/v1/orgs/${id}`, token: owner.token, text }),
        400,
        'JSON',
      );
      expect(await reread(owner, id)).toEqual(before);
    });

    it('no body, or an empty one', async () => {
      const { owner, id } = await freshOrg();
      const path = `/v1/orgs/${id}`;
      expectError(await sendRequest(server, { method: 'PATCH', path, token: owner.token }), 400, 'body');
      expectError(
        await sendRequest(server, { method: 'PATCH', path, token: owner.token, text: '' }),
        400,
        'body',
      );
    });

    it('a valid field beside an invalid one writes neither', async () => {
      const { owner, id, before } = await freshOrg();
      const body = { title: 'Half done', defaultContent: { type: 'site' as const, site: 'nosuchsite' } };
      const answer = await owner.client.request('updateOrganizationById', {
        params: { organizationId: id },
        body,
      });
      expectError(answer, 400, '`defaultContent.site`', 'nosuchsite');
      expect(await reread(owner, id)).toEqual(before);
    });
  });

  for (const role of NON_ADMIN_ROLES) {
    it(`403 for a member with the role ${roleName(role)}, and nothing changes`, async () => {
      const { owner, id, before } = await freshOrg();
      const member = server.buildMember(id, role);
      const answer = await member.client.request('updateOrganizationById', {
        params: { organizationId: id },
        body: { title: 'Taken over', inviteLinks: false },
      });
      expectError(answer, 403, 'admin');
      expect(await reread(owner, id)).toEqual(before);
    });
  }

  it('404 for an unknown id and for an organization the caller is not a member of, with the same answer', async () => {
    const { owner, id, before } = await freshOrg();
    const stranger = server.buildUser();
    server.buildOrg(stranger);
    const body = { title: 'Taken over' };
    expectHidden(
      await stranger.client.request('updateOrganizationById', {
        params: { organizationId: UNKNOWN_ID },
        body,
      }),
      UNKNOWN_ID,
      await stranger.client.request('updateOrganizationById', { params: { organizationId: id }, body }),
      id,
    );
    expect(await reread(owner, id)).toEqual(before);
  });

  it('409 when the hostname belongs to another organization, naming `hostname`; keeping its own is fine', async () => {
    const first = await freshOrg();
    const second = await freshOrg();
    const hostname = `acme-${first.id.slice(0, 8).toLowerCase()}`;
    await first.owner.client.call('updateOrganizationById', {
      params: { organizationId: first.id },
      body: { hostname },
    });

    const taken = await second.owner.client.request('updateOrganizationById', {
      params: { organizationId: second.id },
      body: { hostname, title: 'Second' },
    });
    expectError(taken, 409, 'hostname', hostname);
    expect(await reread(second.owner, second.id)).toEqual(second.before);

    const again = await first.owner.client.call('updateOrganizationById', {
      params: { organizationId: first.id },
      body: { hostname, title: 'Same host' },
    });
    expect(again).toMatchObject({ hostname, title: 'Same host' });
  });

  describe('200: sets each field, answers the organization and keeps the others', () => {
    const cases: [string, Record<string, unknown>, Partial<Organization>][] = [
      ['title', { title: 'Acme Docs' }, { title: 'Acme Docs' }],
      ['title at the maximum length', { title: 'T'.repeat(255) }, { title: 'T'.repeat(255) }],
      ['title, trimmed', { title: '  Acme  ' }, { title: 'Acme' }],
      [
        'emailDomains',
        { emailDomains: ['acme.test', 'docs.acme.test'] },
        { emailDomains: ['acme.test', 'docs.acme.test'] },
      ],
      ['emailDomains emptied', { emailDomains: [] }, { emailDomains: [] }],
      ['hostname', { hostname: 'acme-docs-42' }, { hostname: 'acme-docs-42' }],
      ['defaultRole', { defaultRole: 'edit' }, { defaultRole: 'edit' }],
      ['defaultRole null (guests)', { defaultRole: null }, { defaultRole: null }],
      ['sso', { sso: true }, { sso: true }],
      ['ai', { ai: false }, { ai: false }],
      ['inviteLinks', { inviteLinks: false }, { inviteLinks: false }],
    ];
    for (const [label, body, expected] of cases) {
      it(label, async () => {
        const { owner, id, before } = await freshOrg();
        const answer = await sendRequest(server, {
          method: 'PATCH',
          path: `/v1/orgs/${id}`,
          token: owner.token,
          json: body,
        });
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ ...before, ...expected });
        expect(await reread(owner, id)).toEqual(answer.body);
      });
    }

    it('logo, then `logo: null` clears `urls.logo`', async () => {
      const { owner, id, before } = await freshOrg();
      const params = { organizationId: id };
      const logo = 'https://cdn.acme.test/logo.png';
      const set = await owner.client.call('updateOrganizationById', { params, body: { logo } });
      expect(set.urls).toEqual({ ...before.urls, logo });
      expect(await reread(owner, id)).toEqual(set);
      const cleared = await owner.client.call('updateOrganizationById', { params, body: { logo: null } });
      expect(cleared.urls).toEqual(before.urls);
      expect(cleared.urls.logo).toBeUndefined();
      expect(await reread(owner, id)).toEqual(before);
    });

    it('`defaultContent: null` clears the default content', async () => {
      const { owner, id } = await freshOrg();
      server.db.run(
        server.db.q.updateTable('organizations').set({ default_content_site: 'site1' }).where('id', '=', id),
      );
      const withContent = await reread(owner, id);
      expect(withContent.defaultContent).toEqual({ type: 'site', site: 'site1' });
      const cleared = await owner.client.call('updateOrganizationById', {
        params: { organizationId: id },
        body: { defaultContent: null },
      });
      expect(cleared.defaultContent).toBeUndefined();
      const expected: Organization = { ...withContent };
      delete expected.defaultContent;
      expect(cleared).toEqual(expected);
      expect(await reread(owner, id)).toEqual(cleared);
    });

    it('every field at once, seen by another member too', async () => {
      const { owner, id, before } = await freshOrg();
      const reader = server.buildMember(id, 'read');
      const fields = {
        title: 'All At Once',
        emailDomains: ['all.test'],
        hostname: `all-${id.slice(0, 10).toLowerCase()}`,
        defaultRole: 'comment' as const,
        sso: true,
        ai: false,
        inviteLinks: false,
      };
      const logo = 'https://cdn.all.test/l.svg';
      const answer = await owner.client.call('updateOrganizationById', {
        params: { organizationId: id },
        body: { ...fields, logo, defaultContent: null },
      });
      expect(answer).toEqual({ ...before, ...fields, urls: { ...before.urls, logo } });
      expect(await reread(owner, id)).toEqual(answer);
      expect({ ...(await reread(reader, id)), permissions: answer.permissions }).toEqual(answer);
    });

    it('an empty object changes nothing', async () => {
      const { owner, id, before } = await freshOrg();
      expect(
        await owner.client.call('updateOrganizationById', { params: { organizationId: id }, body: {} }),
      ).toEqual(before);
      expect(await reread(owner, id)).toEqual(before);
    });

    it('writes an `organization.updated` event naming the fields', async () => {
      const { owner, id } = await freshOrg();
      await owner.client.call('updateOrganizationById', {
        params: { organizationId: id },
        body: { title: 'Evented', ai: false },
      });
      const events = server.db.all(
        server.db.q
          .selectFrom('events')
          .selectAll()
          .where('organization_id', '=', id)
          .where('action', '=', 'organization.updated'),
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actor_id: owner.id, subject_id: id });
      expect(JSON.parse(events[0]!.data)).toEqual({ fields: ['title', 'ai'] });
    });
  });
});
