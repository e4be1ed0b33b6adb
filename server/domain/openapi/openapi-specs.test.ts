/**
 * The OpenAPI spec operations over HTTP: 401, 400 (slug, source, refused addresses), 403 per role, 404 (other
 * organizations, other specs' versions), 409 on a taken slug, PUT creating or replacing, lists and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName, Role } from '../../../shared/contract/index.ts';
import type { OpenAPISpec, OpenAPISpecVersion } from '../../../shared/contract/resources/openapi.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import {
  expectError,
  expectUnauthorized,
  ROLES_OR_GUEST,
  roleName,
  sendOperation,
  UNKNOWN_ID,
} from '../../test/http-helpers.ts';
import {
  buildAdminOrg,
  createProcessed,
  expectCall,
  getSpec,
  openApi31,
  OPENAPI_30_YAML,
  putProcessed,
  SWAGGER_2,
} from '../../test/factories.ts';

let server: TestServer;

beforeAll(async () => {
  // The default network policy: private and loopback addresses are refused.
  server = await startTestServer();
});
afterAll(async () => {
  await server.whenJobsIdle();
  await server.close();
});

const TEXT = { text: OPENAPI_30_YAML };

describe('OpenAPI specs', () => {
  it('answers 401 without a valid token', async () => {
    const { orgId } = buildAdminOrg(server);
    await expectUnauthorized(server, 'listOpenAPISpecs', { params: { organizationId: orgId } });
    await expectUnauthorized(server, 'createOpenAPISpec', {
      params: { organizationId: orgId },
      body: { slug: 'x', source: TEXT },
    });
  });

  it('answers 400 naming the field for a bad slug or source', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const create = (body: unknown) =>
      sendOperation(server, 'createOpenAPISpec', {
        token: admin.token,
        params: { organizationId: orgId },
        body,
      });
    for (const slug of ['Petstore', 'pet--store', '-pet', 'pet-', 'pet store', 'pét', '', 'x'.repeat(101)])
      expectError(await create({ slug, source: TEXT }), 400, 'slug');
    expectError(await create({ source: TEXT }), 400, 'slug');
    expectError(await create({ slug: 'ok' }), 400, 'source');
    expectError(await create({ slug: 'ok', source: { text: '' } }), 400, 'source');
    expectError(await create({ slug: 'ok', source: { url: 'ftp://example.com/spec.json' } }), 400, 'source');
    expectError(await create({ slug: 'ok', source: { url: 'not a url' } }), 400, 'source');
    expectError(
      await create({ slug: 'ok', source: { url: 'https://example.com/a', text: 'x' } }),
      400,
      'source',
    );
    expectError(await create({ slug: 'ok', source: TEXT, extra: 1 }), 400);
    // The slug of the path follows the same pattern.
    expectError(
      await sendOperation(server, 'getOpenAPISpecBySlug', {
        token: admin.token,
        params: { organizationId: orgId, specSlug: 'Not_A_Slug' },
      }),
      400,
      'specSlug',
    );
    expect(await listSlugs(admin, orgId)).toEqual([]);
  });

  it('refuses loopback and private addresses at once when the server does not allow them', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    for (const url of [
      'http://127.0.0.1:8080/spec.json',
      'http://localhost/spec.json',
      'http://api.localhost/spec.json',
      'http://[::1]/spec.json',
      'http://10.1.2.3/spec.yaml',
      'http://192.168.0.10/spec.yaml',
      'http://169.254.169.254/latest/meta-data',
      'http://0x7f.1/spec.json',
    ]) {
      const answer = await sendOperation(server, 'createOpenAPISpec', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { slug: 'refused', source: { url } },
      });
      expectError(answer, 400, 'source.url', 'does not fetch');
      const put = await sendOperation(server, 'createOrUpdateOpenAPISpecBySlug', {
        token: admin.token,
        params: { organizationId: orgId, specSlug: 'refused' },
        body: { source: { url } },
      });
      expectError(put, 400, 'source.url');
    }
    expect(await listSlugs(admin, orgId)).toEqual([]);
  });

  it('answers 409 for a slug the organization already has; another organization may use it', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    await expectCall(
      server,
      admin,
      'createOpenAPISpec',
      { params: { organizationId: orgId }, body: { slug: 'petstore', source: TEXT } },
      201,
    );
    expectError(
      await sendOperation(server, 'createOpenAPISpec', {
        token: admin.token,
        params: { organizationId: orgId },
        body: { slug: 'petstore', source: { text: JSON.stringify(SWAGGER_2) } },
      }),
      409,
      'slug',
      'petstore',
    );
    const other = buildAdminOrg(server);
    await expectCall(
      server,
      other.admin,
      'createOpenAPISpec',
      { params: { organizationId: other.orgId }, body: { slug: 'petstore', source: TEXT } },
      201,
    );
  });

  it('PUT creates a spec when the slug is free, and replaces the source of an existing one', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const created = await putProcessed(server, admin, orgId, 'widgets', TEXT);
    expect(created).toMatchObject({ object: 'openapi-spec', slug: 'widgets', processingState: 'complete' });
    server.clock.advance(1000);
    const put = await expectCall(
      server,
      admin,
      'createOrUpdateOpenAPISpecBySlug',
      {
        params: { organizationId: orgId, specSlug: 'widgets' },
        body: { source: { text: JSON.stringify(openApi31('Widgets', ['/v2'])) } },
      },
      200,
    );
    expect(put.body).toMatchObject({
      id: created.id,
      processingState: 'pending',
      createdAt: created.createdAt,
      updatedAt: server.clock.now().toISOString(),
      lastVersion: created.lastVersion,
    });
    await server.whenJobsIdle();
    const updated = await getSpec(server, admin, orgId, 'widgets');
    expect(updated.id).toBe(created.id);
    expect(updated.lastVersion).not.toBe(created.lastVersion);
    expect(await listSlugs(admin, orgId)).toEqual(['widgets']);
  });

  it('lists the specs by slug, a page at a time', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    for (const slug of ['charlie', 'alpha', 'bravo']) await createProcessed(server, admin, orgId, slug, TEXT);
    const first = await expectCall(
      server,
      admin,
      'listOpenAPISpecs',
      { params: { organizationId: orgId }, query: { limit: 2 } },
      200,
    );
    const page = first.body as { items: OpenAPISpec[]; count: number; next?: { page: string } };
    expect(page.items.map((spec) => spec.slug)).toEqual(['alpha', 'bravo']);
    expect(page.count).toBe(3);
    const second = await expectCall(
      server,
      admin,
      'listOpenAPISpecs',
      { params: { organizationId: orgId }, query: { limit: 2, page: page.next!.page } },
      200,
    );
    expect((second.body as { items: OpenAPISpec[]; next?: unknown }).items.map((spec) => spec.slug)).toEqual([
      'charlie',
    ]);
    expect(second.body).not.toHaveProperty('next');
  });

  it('lists versions newest first, a page at a time', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const ids: string[] = [];
    for (const paths of [['/a'], ['/a', '/b'], ['/b']]) {
      const spec = await putProcessed(server, admin, orgId, 'history', {
        text: JSON.stringify(openApi31('H', paths)),
      });
      ids.unshift(spec.lastVersion!);
    }
    const params = { organizationId: orgId, specSlug: 'history' };
    const first = await expectCall(
      server,
      admin,
      'listOpenAPISpecVersions',
      { params, query: { limit: 2 } },
      200,
    );
    const page = first.body as { items: OpenAPISpecVersion[]; count: number; next?: { page: string } };
    expect(page.count).toBe(3);
    const second = await expectCall(
      server,
      admin,
      'listOpenAPISpecVersions',
      { params, query: { limit: 2, page: page.next!.page } },
      200,
    );
    const rest = (second.body as { items: OpenAPISpecVersion[] }).items;
    expect([...page.items, ...rest].map((version) => version.id)).toEqual(ids);
  });

  it('answers 404 for a missing spec, a version of another spec, and another organization', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const one = await createProcessed(server, admin, orgId, 'one', TEXT);
    const two = await createProcessed(server, admin, orgId, 'two', { text: JSON.stringify(SWAGGER_2) });
    const params = { organizationId: orgId, specSlug: 'two' };
    for (const name of ['getOpenAPISpecVersionById', 'getOpenAPISpecVersionContentById'] as const) {
      expectError(
        await sendOperation(server, name, {
          token: admin.token,
          params: { ...params, versionId: one.lastVersion! },
        }),
        404,
        one.lastVersion!,
      );
      expectError(
        await sendOperation(server, name, {
          token: admin.token,
          params: { ...params, versionId: UNKNOWN_ID },
        }),
        404,
      );
      await expectCall(server, admin, name, { params: { ...params, versionId: two.lastVersion! } }, 200);
    }
    const specOps: OperationName[] = [
      'getOpenAPISpecBySlug',
      'deleteOpenAPISpecBySlug',
      'listOpenAPISpecVersions',
      'getLatestOpenAPISpecVersion',
      'getLatestOpenAPISpecVersionContent',
    ];
    for (const name of specOps)
      expectError(
        await sendOperation(server, name, {
          token: admin.token,
          params: { organizationId: orgId, specSlug: 'missing' },
        }),
        404,
        'missing',
      );
    // Someone else's organization: the organization's own 404, whatever the slug.
    const stranger = server.buildUser();
    for (const name of [...specOps, 'listOpenAPISpecs', 'createOpenAPISpec'] as OperationName[]) {
      const answer = await sendOperation(server, name, {
        token: stranger.token,
        params: { organizationId: orgId, specSlug: 'one' },
        ...(name === 'createOpenAPISpec' ? { body: { slug: 'mine', source: TEXT } } : {}),
      });
      expectError(answer, 404, 'no organization');
    }
  });

  it('deletes a spec with its versions', async () => {
    const { admin, orgId } = buildAdminOrg(server);
    const spec = await createProcessed(server, admin, orgId, 'gone', TEXT);
    const params = { organizationId: orgId, specSlug: 'gone' };
    const deleted = await sendOperation(server, 'deleteOpenAPISpecBySlug', { token: admin.token, params });
    expect(deleted.status).toBe(205);
    expect(deleted.body).toBeUndefined();
    expectError(await sendOperation(server, 'getOpenAPISpecBySlug', { token: admin.token, params }), 404);
    expectError(await sendOperation(server, 'deleteOpenAPISpecBySlug', { token: admin.token, params }), 404);
    expect(
      server.db.all(
        server.db.q.selectFrom('openapi_spec_versions').select('id').where('spec_id', '=', spec.id),
      ),
    ).toEqual([]);
    const events = server.db.all(
      server.db.q
        .selectFrom('events')
        .select('action')
        .where('subject_id', '=', spec.id)
        .orderBy('created_at'),
    );
    expect(events.map((event) => event.action).sort()).toEqual([
      'openapi-spec.created',
      'openapi-spec.deleted',
    ]);
    // The slug is free again.
    await createProcessed(server, admin, orgId, 'gone', TEXT);
  });

  describe('permissions per role', () => {
    let orgId: string;
    let admin: TestUser;
    const members = new Map<Role | null, TestUser>();

    beforeAll(async () => {
      ({ admin, orgId } = buildAdminOrg(server));
      for (const role of ROLES_OR_GUEST) members.set(role, server.buildMember(orgId, role));
      await createProcessed(server, admin, orgId, 'shared', TEXT);
    });

    const mayWrite = (role: Role | null) => role === 'admin' || role === 'create';

    it.each(ROLES_OR_GUEST.map((role) => [roleName(role), role] as const))(
      '%s: reads as a member, writes with the create or admin role',
      async (_name, role) => {
        const user = members.get(role)!;
        const spec = { organizationId: orgId, specSlug: 'shared' };
        const reads: [OperationName, Record<string, string>][] = [
          ['listOpenAPISpecs', { organizationId: orgId }],
          ['getOpenAPISpecBySlug', spec],
          ['listOpenAPISpecVersions', spec],
          ['getLatestOpenAPISpecVersion', spec],
          ['getLatestOpenAPISpecVersionContent', spec],
        ];
        for (const [name, params] of reads) {
          const answer = await sendOperation(server, name, { token: user.token, params });
          if (role === null) expectError(answer, 403, 'guests');
          else expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
        }
        if (role !== null) {
          const got = await getSpec(server, user, orgId, 'shared');
          expect(got.permissions).toEqual({ view: true, edit: mayWrite(role) });
        }

        const slug = `by-${roleName(role)}`;
        const create = await sendOperation(server, 'createOpenAPISpec', {
          token: user.token,
          params: { organizationId: orgId },
          body: { slug, source: TEXT },
        });
        const put = await sendOperation(server, 'createOrUpdateOpenAPISpecBySlug', {
          token: user.token,
          params: spec,
          body: { source: TEXT },
        });
        const remove = await sendOperation(server, 'deleteOpenAPISpecBySlug', {
          token: user.token,
          params: { organizationId: orgId, specSlug: slug },
        });
        if (mayWrite(role)) {
          expect(create.status).toBe(201);
          expect(put.status).toBe(200);
          expect(remove.status).toBe(205);
        } else {
          for (const answer of [create, put, remove]) expectError(answer, 403, 'create or admin role');
        }
        await server.whenJobsIdle();
      },
    );
  });
});

async function listSlugs(user: TestUser, orgId: string): Promise<string[]> {
  const answer = await expectCall(
    server,
    user,
    'listOpenAPISpecs',
    { params: { organizationId: orgId } },
    200,
  );
  return (answer.body as { items: OpenAPISpec[] }).items.map((spec) => spec.slug);
}
