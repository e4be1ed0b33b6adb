/**
 * Large OpenAPI source texts over HTTP: written in parts before the spec's transaction (source-parts.ts), read back
 * whole by the processing, and never left behind: parts go with their source, a failed request's parts are removed,
 * and parts no spec names are purged once old.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPISpecContent } from '../../../shared/contract/resources/openapi.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { buildAdminOrg, createProcessed, expectCall, openApi31, putProcessed } from '../../test/factories.ts';
import {
  ORPHAN_AGE_MS,
  PART_CHARS,
  purgeOrphanSourceParts,
  STAGED_TEXT,
  stageSource,
  withStaged,
} from './source-parts.ts';

let server: TestServer;
let admin: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, orgId } = buildAdminOrg(server));
});
afterAll(async () => {
  await server.whenJobsIdle();
  await server.close();
});

/**
 * A valid document whose text is longer than `STAGED_TEXT`, with an emoji (a surrogate pair) across the end of its
 * first part and accented letters after it: cutting the pair or decoding a part alone would change the text.
 */
function largeDocument(title: string): { text: string; description: string } {
  const doc = openApi31(title, ['/a', '/b']);
  const marked = JSON.stringify({ ...doc, info: { ...(doc.info as object), description: '@@' } });
  const at = marked.indexOf('@@');
  const description = `${'x'.repeat(PART_CHARS - 1 - at)}😀${'é'.repeat(STAGED_TEXT)}`;
  const text = JSON.stringify({ ...doc, info: { ...(doc.info as object), description } });
  expect(text.charCodeAt(PART_CHARS - 1)).toBe('😀'.charCodeAt(0));
  return { text, description };
}

const partsCount = (uploadId?: string) =>
  Number(
    server.db.first(
      server.db.q
        .selectFrom('openapi_source_parts')
        .select((eb) => eb.fn.countAll().as('n'))
        .$if(uploadId !== undefined, (query) => query.where('upload_id', '=', uploadId!)),
    )?.n,
  );

const sourceRow = (slug: string) =>
  server.db.first(
    server.db.q
      .selectFrom('openapi_spec_sources')
      .innerJoin('openapi_specs', 'openapi_specs.id', 'openapi_spec_sources.spec_id')
      .select(['openapi_spec_sources.upload_id', 'openapi_spec_sources.text'])
      .where('openapi_specs.organization_id', '=', orgId)
      .where('openapi_specs.slug', '=', slug),
  );

describe('a large OpenAPI source text', () => {
  it('is stored in parts and processed as the exact text sent', async () => {
    const { text, description } = largeDocument('Large');
    const spec = await createProcessed(server, admin, orgId, 'large', { text });
    expect(spec).toMatchObject({ processingState: 'complete' });
    expect(spec).not.toHaveProperty('lastProcessErrorCode');
    const row = sourceRow('large');
    expect(row?.text).toBe('');
    expect(row?.upload_id).toEqual(expect.any(String));
    // The first part ends one unit early, before the emoji's pair.
    expect(partsCount(row!.upload_id!)).toBe(1 + Math.ceil((text.length - (PART_CHARS - 1)) / PART_CHARS));
    const content = await expectCall(
      server,
      admin,
      'getLatestOpenAPISpecVersionContent',
      { params: { organizationId: orgId, specSlug: 'large' } },
      200,
    );
    const document = (content.body as OpenAPISpecContent).filesystem['openapi.json'] as {
      info: { description: string };
    };
    expect(document.info.description).toBe(description);
  });

  it('takes its parts with it when replaced or deleted', async () => {
    const { text } = largeDocument('Replaced');
    await createProcessed(server, admin, orgId, 'replaced', { text });
    const first = sourceRow('replaced')!.upload_id!;
    await putProcessed(server, admin, orgId, 'replaced', {
      text: JSON.stringify(openApi31('Small', ['/c'])),
    });
    expect(partsCount(first)).toBe(0);
    expect(sourceRow('replaced')).toMatchObject({ upload_id: null });

    await putProcessed(server, admin, orgId, 'replaced', { text });
    const second = sourceRow('replaced')!.upload_id!;
    expect(partsCount(second)).toBeGreaterThan(1);
    await expectCall(
      server,
      admin,
      'deleteOpenAPISpecBySlug',
      { params: { organizationId: orgId, specSlug: 'replaced' } },
      205,
    );
    expect(partsCount(second)).toBe(0);
  });

  it('leaves no parts behind when its request fails', async () => {
    const before = partsCount();
    const { text } = largeDocument('Taken');
    // The slug is taken: refused before any part is written.
    await expectCall(
      server,
      admin,
      'createOpenAPISpec',
      { params: { organizationId: orgId }, body: { slug: 'large', source: { text } } },
      409,
    );
    expect(partsCount()).toBe(before);
    // A failure in the spec's own step removes the parts written before it.
    const staged = await stageSource(server.store, server.clock.now(), { text });
    expect(partsCount()).toBeGreaterThan(before);
    await expect(
      withStaged(server.store, staged, () => Promise.reject(new Error('the spec step failed'))),
    ).rejects.toThrow('the spec step failed');
    expect(partsCount()).toBe(before);
  });

  it('has the parts no spec names purged once they are old', async () => {
    const named = partsCount();
    const staged = await stageSource(server.store, server.clock.now(), {
      text: largeDocument('Orphan').text,
    });
    const orphans = partsCount() - named;
    expect(orphans).toBeGreaterThan(1);
    expect(await purgeOrphanSourceParts(server.store, server.clock.now())).toBe(0);
    const later = new Date(server.clock.now().getTime() + ORPHAN_AGE_MS + 1);
    expect(await purgeOrphanSourceParts(server.store, later)).toBe(orphans);
    expect('upload' in staged && partsCount(staged.upload)).toBe(0);
    expect(partsCount()).toBe(named);
  });
});
