/** Users: the authenticated user (GitBook's `GET /user`) and a user by id, where `user.urls.location` points. */
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
  getUserById: op({
    name: 'getUserById',
    group: 'Meta',
    method: 'GET',
    path: '/v1/users/{userId}',
    summary: 'Get a user by id (the caller, or someone who shares an organization with the caller)',
    response: User,
    success: 200,
    extension: true,
  }),
};
