/**
 * The check before a body is read, on a PostgreSQL-backed server (`buildApp({ postgres })`, requests by `inject`):
 * a caller outside the organization, or who cannot reach the space or collection, gets the handler's 404 before the
 * body is parsed (a malformed body answers 404, not 400), while a member's malformed body is read and refused 400.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashToken } from '../ids.ts';
import { SEED, usePostgresHandlers } from '../test/postgres-handlers.ts';

const tokens = { admin: 'gb_api_admin_of_o1', stranger: 'gb_api_stranger_of_o2' } as const;

const pg = usePostgresHandlers({
  truncate: 'users, organizations, events, jobs',
  seed: `${SEED}
    INSERT INTO tokens (hash, user_id, label, created_at) VALUES
      ('${hashToken(tokens.admin)}', 'admin', 'test', 't'), ('${hashToken(tokens.stranger)}', 'stranger', 'test', 't');
    INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level, language,
      sort_key, revision_id, created_by, created_at, updated_at, deleted_at) VALUES
      ('s1', 'o1', NULL, 'S1', '', 'private', 'live', 'inherit', NULL, 'a', 'r0', 'admin', 't', 't', NULL);
    INSERT INTO revisions (id, space_id, type, parents, tree, created_by, created_at) VALUES
      ('r0', 's1', 'edits', '[]', '{"pages":[],"files":[]}', 'admin', 't');
    INSERT INTO collections (id, organization_id, parent_id, title, default_level, sort_key, created_at, updated_at)
      VALUES ('c1', 'o1', NULL, 'C1', 'inherit', 'a0', 't', 't');`,
});

let app: FastifyInstance;
beforeAll(async () => {
  app = buildApp({ postgres: pg.store, clock: pg.clock, rateLimit: null });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

/** A malformed JSON body (cut short), which the parser would refuse 400. */
const send = (user: keyof typeof tokens, method: 'PATCH' | 'POST', url: string) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
    payload: '{"title": ',
  });

describe('the access check before the body, on PostgreSQL', () => {
  it('answers 404 to a caller outside the organization before parsing the body, 400 to a member', async () => {
    const cases: [string, 'PATCH' | 'POST', string][] = [
      ['organization', 'PATCH', '/v1/orgs/o1'],
      ['space', 'PATCH', '/v1/spaces/s1'],
      ['collection', 'PATCH', '/v1/collections/c1'],
    ];
    for (const [name, method, url] of cases) {
      const refused = await send('stranger', method, url);
      expect([name, refused.statusCode, refused.json().error.message]).toEqual([
        name,
        404,
        expect.stringMatching(/^no (organization|space|collection) with id/),
      ]);
      const read = await send('admin', method, url);
      expect([name, read.statusCode]).toEqual([name, 400]);
    }
  });
});
