/** The authenticated user (GitBook's `GET /user`): lets a client know who its token acts as. */
import { User } from '../common.ts';
import { defineOperation as op } from '../operation.ts';

export const userOperations = {
  getAuthenticatedUser: op({
    name: 'getAuthenticatedUser',
    group: 'Meta',
    method: 'GET',
    path: '/v1/user',
    summary: 'Get the user the token acts as',
    response: User,
    success: 200,
    extension: true,
  }),
};
