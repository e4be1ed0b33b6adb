/**
 * The anchor's JSON schemas, written by hand the way one would for fast-json-stringify: plain types, no unions of
 * literals to resolve per value. They are the measured reference, deliberately independent of the contract's
 * schemas (the anchor's answers are typed against the contract, and compared with the real server's at warm-up).
 */
import { LIST_LIMIT_MAX, ROLES } from '../shared/contract/index.ts';

const string = { type: 'string' } as const;
const boolean = { type: 'boolean' } as const;
const integer = { type: 'integer' } as const;

const user = {
  type: 'object',
  required: ['object', 'id', 'displayName', 'urls'],
  properties: {
    object: string,
    id: string,
    displayName: string,
    email: string,
    photoURL: string,
    urls: { type: 'object', required: ['location'], properties: { location: string } },
  },
} as const;

const member = {
  type: 'object',
  required: ['object', 'id', 'role', 'user', 'disabled', 'joinedAt', 'sso', 'spaces', 'teams'],
  properties: {
    object: string,
    id: string,
    role: { type: ['string', 'null'] },
    user,
    disabled: boolean,
    joinedAt: string,
    lastSeenAt: string,
    sso: boolean,
    spaces: integer,
    teams: integer,
  },
} as const;

/** Request and response schemas of the anchor's three routes. */
export const anchorSchemas = {
  team: {
    type: 'object',
    required: ['object', 'id', 'title', 'members', 'spaces', 'createdAt', 'permissions'],
    properties: {
      object: string,
      id: string,
      title: string,
      members: integer,
      spaces: integer,
      createdAt: string,
      permissions: {
        type: 'object',
        required: ['admin', 'view'],
        properties: { admin: boolean, view: boolean },
      },
    },
  },
  member,
  memberPage: {
    type: 'object',
    required: ['items', 'count'],
    properties: {
      items: { type: 'array', items: member },
      count: integer,
      next: { type: 'object', required: ['page'], properties: { page: string } },
    },
  },
  listQuery: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX },
      page: { type: 'string', minLength: 1, maxLength: 512 },
    },
  },
  updateMember: {
    type: 'object',
    required: ['role'],
    additionalProperties: false,
    properties: { role: { enum: [...ROLES, null] } },
  },
} as const;
