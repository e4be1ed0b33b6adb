/**
 * The local sandbox's own operations: extensions, served only by our embedded server and allowed only to the
 * sandbox's own user (a token the sandbox minted for the desktop app or its command line). The desktop app's API
 * proxy sends them to the local sandbox profile only, never to a hosted API.
 *
 * `createOrganization` takes GitBook's operation id and route (its published list names `POST /v1/orgs`, which its
 * spec does not describe and a token of an ordinary account cannot use); the body is ours. The organization file's
 * rehearsal (issue 19) creates the sandbox's copy of an organization with it.
 */
import { Type } from '@sinclair/typebox';
import { Organization, OrganizationTitle } from '../resources/organizations.ts';
import { defineOperation as op } from '../operation.ts';

/** How many organizations the sandbox's user may belong to before creating one more is refused. */
export const SANDBOX_ORGANIZATIONS_MAX = 100;

export const CreateSandboxOrganization = Type.Object(
  {
    title: OrganizationTitle,
  },
  { additionalProperties: false },
);

export const sandboxOperations = {
  createOrganization: op({
    name: 'createOrganization',
    group: 'Organizations, invites, search',
    method: 'POST',
    path: '/v1/orgs',
    summary:
      'Create an empty organization in the local sandbox, its caller its first admin (the sandbox’s own user only)',
    body: CreateSandboxOrganization,
    response: Organization,
    success: 201,
    extension: true,
  }),
};

/** The operations the desktop app sends to the local sandbox only: any other profile is refused before the call. */
export const SANDBOX_ONLY_OPERATIONS: ReadonlySet<string> = new Set(Object.keys(sandboxOperations));
