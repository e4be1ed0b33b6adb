/**
 * The OpenAPI spec handlers and the processing run on PostgreSQL (services with only a `PostgresStore`, a clock, a
 * network policy and a runner that runs the task in this thread; test/postgres-handlers.ts): specs made, listed,
 * replaced and deleted with their events and queued jobs; a text, small or written in parts, processed into a
 * version whose content reads back. A PUT reads the spec it replaces in its transaction: 8 concurrent PUTs give
 * 8 successive source serials, and concurrent creations of one slug make one spec.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../http/context.ts';
import type { TaskInput } from '../../jobs/tasks.ts';
import { ConflictError } from '../../storage/store/store.ts';
import { openApi31 } from '../../test/factories/openapi.ts';
import { statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { openApiHandlers } from './handlers.ts';
import { processOpenApiSpec } from './process.ts';
import { processOpenApiSource } from './process-task.ts';
import { STAGED_TEXT } from './source-parts.ts';

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, jobs, openapi_source_parts',
});
const org = { organizationId: 'o1' };
const text = (title: string, paths = ['/a']) => ({ text: JSON.stringify(openApi31(title, paths)) });

let services: Services;
beforeAll(() => {
  services = (pg.context('admin', org) as { services: Services }).services;
  const runner = {
    run: (_kind: string, input: TaskInput<'openapi.process'>) => processOpenApiSource(input),
  };
  Object.assign(services, {
    network: { allowPrivateAddresses: false, limits: {} },
    jobs: { runner },
  });
});

const create = (userId: string, slug: string, source: object) =>
  openApiHandlers.createOpenAPISpec(pg.context(userId, org, { slug, source }));
const put = (userId: string, specSlug: string, source: object) =>
  openApiHandlers.createOrUpdateOpenAPISpecBySlug(pg.context(userId, { ...org, specSlug }, { source }));
const spec = (slug: string) =>
  pg.store.first(pg.store.q.selectFrom('openapi_specs').selectAll().where('slug', '=', slug));
const refused = async (promise: Promise<unknown>, status: number) =>
  expect(promise).rejects.toSatisfy((error) => statusOf(error) === status);

describe('OpenAPI specs on PostgreSQL', () => {
  it('makes, lists, replaces and deletes specs, with their events and queued jobs', async () => {
    expect(await create('admin', 'pets', text('Pets'))).toMatchObject({
      slug: 'pets',
      processingState: 'pending',
    });
    await create('admin', 'cars', { url: 'https://example.com/cars.json' });
    expect(await put('admin', 'pets', text('Pets 2'))).toMatchObject({ processingState: 'pending' });
    expect(await put('admin', 'boats', text('Boats'))).toMatchObject({ slug: 'boats' });
    const list = await openApiHandlers.listOpenAPISpecs(pg.context('reader', org, undefined, { limit: 2 }));
    expect(list.items.map((item) => item.slug)).toEqual(['boats', 'cars']);
    expect(list.count).toBe(3);
    await openApiHandlers.deleteOpenAPISpecBySlug(pg.context('admin', { ...org, specSlug: 'cars' }));
    const rows = await pg.store.all(
      pg.store.q
        .selectFrom('openapi_specs as s')
        .leftJoin('openapi_spec_sources as src', 'src.spec_id', 's.id')
        .select(['s.slug', 's.source_serial', 's.source_url', 'src.text'])
        .orderBy('s.slug'),
    );
    expect(rows).toEqual([
      { slug: 'boats', source_serial: 1, source_url: null, text: text('Boats').text },
      { slug: 'pets', source_serial: 2, source_url: null, text: text('Pets 2').text },
    ]);
    const events = await pg.store.all(
      pg.store.q.selectFrom('events').select('action').where('subject_type', '=', 'openapi-spec'),
    );
    expect(events.map((event) => event.action).sort()).toEqual([
      'openapi-spec.created',
      'openapi-spec.created',
      'openapi-spec.created',
      'openapi-spec.deleted',
      'openapi-spec.source-replaced',
    ]);
    const jobs = await pg.store.all(
      pg.store.q.selectFrom('jobs').select(['kind', 'generation', 'scope_id']).orderBy('generation'),
    );
    // One job per spec made: the PUT on `pets` queued it again (generation 2).
    expect(jobs).toEqual([
      { kind: 'openapi-process', generation: 1, scope_id: 'o1' },
      { kind: 'openapi-process', generation: 1, scope_id: 'o1' },
      { kind: 'openapi-process', generation: 2, scope_id: 'o1' },
    ]);
  });

  it('refuses a reader (403), a stranger and an unknown spec (404), a taken slug (409)', async () => {
    await create('admin', 'pets', text('Pets'));
    await refused(create('reader', 'mine', text('Mine')), 403);
    await refused(put('reader', 'pets', text('Mine')), 403);
    await refused(create('stranger', 'theirs', text('Theirs')), 404);
    await refused(create('admin', 'pets', text('Again')), 409);
    await refused(
      openApiHandlers.getOpenAPISpecBySlug(pg.context('admin', { ...org, specSlug: 'nope' })),
      404,
    );
    await refused(
      openApiHandlers.deleteOpenAPISpecBySlug(pg.context('reader', { ...org, specSlug: 'pets' })),
      403,
    );
    expect((await spec('pets'))?.source_serial).toBe(1);
  });

  it('processes a text and a text written in parts into versions whose content reads back', async () => {
    await create('admin', 'small', text('Small', ['/a', '/b']));
    const description = `${'é'.repeat(STAGED_TEXT)}😀`;
    const large = JSON.stringify({
      ...openApi31('Large', ['/c']),
      info: { title: 'Large', version: '1', description },
    });
    await create('admin', 'large', { text: large });
    const parts = await pg.store.all(pg.store.q.selectFrom('openapi_source_parts').select('seq'));
    expect(parts.length).toBeGreaterThan(1);
    for (const slug of ['small', 'large']) await processOpenApiSpec(services, (await spec(slug))!.id);
    const small = await openApiHandlers.getLatestOpenAPISpecVersionContent(
      pg.context('reader', { ...org, specSlug: 'small' }),
    );
    expect(Object.keys((small.filesystem['openapi.json'] as { paths: object }).paths)).toEqual(['/a', '/b']);
    const read = await openApiHandlers.getLatestOpenAPISpecVersionContent(
      pg.context('reader', { ...org, specSlug: 'large' }),
    );
    expect((read.filesystem['openapi.json'] as { info: { description: string } }).info.description).toBe(
      description,
    );
    expect(await spec('large')).toMatchObject({
      processing_state: 'complete',
      last_process_error_code: null,
    });
    // The same content again adds no version; a new one does.
    await put('admin', 'small', text('Small', ['/a', '/b']));
    await processOpenApiSpec(services, (await spec('small'))!.id);
    await put('admin', 'small', text('Small', ['/z']));
    await processOpenApiSpec(services, (await spec('small'))!.id);
    const versions = await openApiHandlers.listOpenAPISpecVersions(
      pg.context('reader', { ...org, specSlug: 'small' }),
    );
    const numbers = await pg.store.all(
      pg.store.q
        .selectFrom('openapi_spec_versions')
        .select(['id', 'number'])
        .where('spec_id', '=', (await spec('small'))!.id)
        .orderBy('number', 'desc'),
    );
    expect(numbers.map((row) => row.number)).toEqual([2, 1]);
    expect(versions.items.map((item) => item.id)).toEqual(numbers.map((row) => row.id));
  });

  it('gives 8 concurrent PUTs of one spec 8 successive source serials, and one spec to 6 concurrent creations', async () => {
    await create('admin', 'pets', text('Start'));
    await Promise.all(Array.from({ length: 8 }, (_, index) => put('admin', 'pets', text(`Pets ${index}`))));
    expect((await spec('pets'))?.source_serial).toBe(9);
    const replaced = await pg.store.all(
      pg.store.q.selectFrom('events').select('id').where('action', '=', 'openapi-spec.source-replaced'),
    );
    expect(replaced).toHaveLength(8);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => create('admin', 'cars', text(`Cars ${index}`))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(statusOf(outcome.reason) === 409 || outcome.reason instanceof ConflictError).toBe(true);
    const cars = await pg.store.all(
      pg.store.q.selectFrom('openapi_specs').select('id').where('slug', '=', 'cars'),
    );
    expect(cars).toHaveLength(1);
  });
});
