/**
 * Users on PostgreSQL (services with only a `PostgresStore` and a clock; test/postgres-handlers.ts): the
 * authenticated user, and a user by id to those who share an organization with them (404 to others).
 */
import { describe, expect, it } from 'vitest';
import { statusOf, usePostgresHandlers } from '../../test/postgres-handlers.ts';
import { userHandlers } from './handlers.ts';

const pg = usePostgresHandlers({ truncate: 'users, organizations' });

describe('users on PostgreSQL', () => {
  it('answers the authenticated user, and a user to those who share an organization with them', async () => {
    expect(await userHandlers.getAuthenticatedUser(pg.context('reader', {}))).toMatchObject({ id: 'reader' });
    expect(await userHandlers.getUserById(pg.context('reader', { userId: 'other' }))).toMatchObject({
      id: 'other',
      displayName: 'Other',
    });
    await expect(userHandlers.getUserById(pg.context('stranger', { userId: 'other' }))).rejects.toSatisfy(
      (error) => statusOf(error) === 404,
    );
  });
});
