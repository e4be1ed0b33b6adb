import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createSectionRecord } from '../site-structure/records.ts';
import {
  buildSiteOrg,
  expectError,
  expectHidden,
  expectUnauthorized,
  NON_ADMIN_ROLES,
  sendRaw,
  siteParams,
  UNKNOWN_ID,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const claim = (description: string) => ({ type: 'boolean' as const, description });

/** A schema of `isBetaUser`, `isEnterprise` and `unsigned.isEmployee`. */
const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#' as const,
  type: 'object' as const,
  properties: {
    isBetaUser: claim('Joined the beta program'),
    isEnterprise: claim('On the enterprise plan'),
    unsigned: {
      type: 'object' as const,
      properties: { isEmployee: claim('Works here') },
      additionalProperties: false as const,
    },
  },
  additionalProperties: false as const,
};

function storedSchema(siteId: string): string | null | undefined {
  return server.db.first(server.db.q.selectFrom('sites').select('adaptive_schema').where('id', '=', siteId))
    ?.adaptive_schema;
}

describe('GET /v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', () => {
  it('answers 401, hidden 404s and 403 to guests', async () => {
    const { orgId, member, foreignSiteId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    await expectUnauthorized(server, 'getSiteAdaptiveSchema', { params: siteParams(orgId, id) });
    expectHidden(
      await member('read').client.request('getSiteAdaptiveSchema', { params: siteParams(orgId, UNKNOWN_ID) }),
      UNKNOWN_ID,
      await member('read').client.request('getSiteAdaptiveSchema', {
        params: siteParams(orgId, foreignSiteId),
      }),
      foreignSiteId,
    );
    expectError(
      await member(null).client.request('getSiteAdaptiveSchema', { params: siteParams(orgId, id) }),
      403,
    );
  });

  it('answers an empty schema for a site that has none', async () => {
    const { orgId, member } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const answer = await member('read').client.call('getSiteAdaptiveSchema', {
      params: siteParams(orgId, id),
    });
    expect(answer).toMatchObject({
      object: 'site-adaptive-schema',
      jsonSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  });
});

describe('PUT /v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', () => {
  it('answers 401, hidden 404s and 403 to every role but admin', async () => {
    const { orgId, member, foreignSiteId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const body = { jsonSchema: SCHEMA };
    await expectUnauthorized(server, 'updateSiteAdaptiveSchema', { params: siteParams(orgId, id), body });
    expectHidden(
      await member('admin').client.request('updateSiteAdaptiveSchema', {
        params: siteParams(orgId, UNKNOWN_ID),
        body,
      }),
      UNKNOWN_ID,
      await member('admin').client.request('updateSiteAdaptiveSchema', {
        params: siteParams(orgId, foreignSiteId),
        body,
      }),
      foreignSiteId,
    );
    for (const role of NON_ADMIN_ROLES) {
      expectError(
        await member(role).client.request('updateSiteAdaptiveSchema', {
          params: siteParams(orgId, id),
          body,
        }),
        403,
      );
    }
    expect(storedSchema(id)).toBeNull();
  });

  it('stores the schema, which the next read answers', async () => {
    const { orgId, admin, member } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const params = siteParams(orgId, id);
    const answer = await admin.client.call('updateSiteAdaptiveSchema', {
      params,
      body: { jsonSchema: SCHEMA },
    });
    expect(answer).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: SCHEMA,
      updatedAt: server.clock.now().toISOString(),
    });
    expect(JSON.parse(storedSchema(id)!)).toEqual(SCHEMA);
    const read = await member('read').client.call('getSiteAdaptiveSchema', { params });
    expect(read.jsonSchema).toEqual(SCHEMA);
  });

  it('answers 400 naming the field for a schema that is not one of boolean claims', async () => {
    const { orgId, admin } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const params = siteParams(orgId, id);
    const withProperties = (properties: unknown) => ({ jsonSchema: { ...SCHEMA, properties } });
    const cases: [unknown, string][] = [
      [withProperties({ plan: { type: 'string', description: 'Plan' } }), '`jsonSchema.properties.plan'],
      [withProperties({ plan: { type: 'boolean' } }), '`jsonSchema.properties.plan'],
      [
        withProperties({ plan: { type: 'boolean', description: 'x', default: true } }),
        'jsonSchema.properties.plan',
      ],
      [
        withProperties({
          unsigned: {
            type: 'object',
            properties: { n: { type: 'number', description: 'n' } },
            additionalProperties: false,
          },
        }),
        '`jsonSchema.properties.unsigned',
      ],
      [
        withProperties({ unsigned: { type: 'object', properties: {}, additionalProperties: true } }),
        '`jsonSchema.properties.unsigned',
      ],
      [withProperties({ 'is-beta': claim('dash') }), '`jsonSchema.properties.is-beta`: a claim name'],
      [
        withProperties({
          unsigned: { type: 'object', properties: { '1st': claim('digit') }, additionalProperties: false },
        }),
        '`jsonSchema.properties.unsigned.properties.1st`',
      ],
      [{ jsonSchema: { ...SCHEMA, type: 'array' } }, '`jsonSchema.type`'],
      [{ jsonSchema: { ...SCHEMA, additionalProperties: true } }, '`jsonSchema.additionalProperties`'],
      [
        { jsonSchema: { ...SCHEMA, $schema: 'https://json-schema.org/draft/2020-12/schema' } },
        '`jsonSchema.$schema`',
      ],
      [{}, '`jsonSchema`'],
    ];
    for (const [body, fragment] of cases) {
      expectError(
        await sendRaw(server, 'updateSiteAdaptiveSchema', { params, body, token: admin.token }),
        400,
        fragment,
      );
    }
    expect(storedSchema(id)).toBeNull();
  });

  it('answers 409 naming the claim and its user when a condition still reads a removed claim', async () => {
    const { orgId, admin, spaceId } = buildSiteOrg(server);
    const { id } = server.buildSite(orgId);
    const params = siteParams(orgId, id);
    await admin.client.call('updateSiteAdaptiveSchema', { params, body: { jsonSchema: SCHEMA } });
    const sectionId = createSectionRecord(server.db, server.clock.now(), {
      siteId: id,
      spaceId,
      title: 'Beta features',
      condition: 'visitor.claims.isBetaUser',
    });
    server.db.run(
      server.db.q
        .updateTable('site_sections')
        .set({ condition: 'visitor.claims.isBetaUser' })
        .where('id', '=', sectionId),
    );
    server.db.run(
      server.db.q
        .updateTable('site_spaces')
        .set({ condition: '!visitor.claims.unsigned.isEmployee' })
        .where('site_id', '=', id),
    );
    const { isBetaUser: _beta, ...withoutBeta } = SCHEMA.properties;
    expectError(
      await admin.client.request('updateSiteAdaptiveSchema', {
        params,
        body: { jsonSchema: { ...SCHEMA, properties: withoutBeta } },
      }),
      409,
      'the claim `isBetaUser`',
      'section `Beta features`',
    );
    const { unsigned: _unsigned, ...withoutUnsigned } = SCHEMA.properties;
    expectError(
      // Sent raw: TypeBox's static type of the schema does not carry its open claim names.
      await sendRaw(server, 'updateSiteAdaptiveSchema', {
        params,
        body: { jsonSchema: { ...SCHEMA, properties: withoutUnsigned } },
        token: admin.token,
      }),
      409,
      'the claim `unsigned.isEmployee`',
      'site space `User Guide`',
    );
    expect(JSON.parse(storedSchema(id)!)).toEqual(SCHEMA);
    // Removing a claim nobody reads is fine.
    const { isEnterprise: _enterprise, ...withoutEnterprise } = SCHEMA.properties;
    const answer = await admin.client.call('updateSiteAdaptiveSchema', {
      params,
      body: { jsonSchema: { ...SCHEMA, properties: withoutEnterprise } },
    });
    expect(Object.keys(answer.jsonSchema.properties).sort()).toEqual(['isBetaUser', 'unsigned']);
  });
});
