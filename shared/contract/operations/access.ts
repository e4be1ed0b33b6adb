/**
 * "Inspect access": what a member or a team reaches in an organization, each item with its level and the path of
 * reasons, and "why (not)?" for one item. Extensions (GitBook has no such operation); organization admins only.
 */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../common.ts';
import { defineOperation as op } from '../operation.ts';
import {
  ACCESS_ITEM_TYPES,
  ACCESS_PAGE_DEFAULT,
  ACCESS_PAGE_MAX,
  AccessEntry,
  AccessList,
} from '../resources/access.ts';

const listQuery = Type.Object({
  page: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: 'Opaque cursor taken from `next.page`.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ACCESS_PAGE_MAX,
      description: `Items examined per page (default ${ACCESS_PAGE_DEFAULT}).`,
    }),
  ),
  type: Type.Optional(StringEnum(ACCESS_ITEM_TYPES, { description: 'Only items of this type.' })),
  reach: Type.Optional(
    StringEnum(['reached', 'all'] as const, {
      description: '`reached` (default): the items reached; `all`: every item, with why not for the others.',
    }),
  ),
});

const itemParams = { itemType: StringEnum(ACCESS_ITEM_TYPES) };
const member = '/v1/orgs/{organizationId}/members/{userId}/access';
const team = '/v1/orgs/{organizationId}/teams/{teamId}/access';

export const accessOperations = {
  listMemberAccessInOrganization: op({
    name: 'listMemberAccessInOrganization',
    group: 'Members and teams',
    method: 'GET',
    path: member,
    summary: 'List the spaces, collections and sites a member reaches, with the level and its reasons',
    query: listQuery,
    response: AccessList,
    success: 200,
    extension: true,
  }),
  getMemberAccessInOrganization: op({
    name: 'getMemberAccessInOrganization',
    group: 'Members and teams',
    method: 'GET',
    path: `${member}/{itemType}/{itemId}`,
    summary: "A member's level on one item and why, including why not (level null)",
    response: AccessEntry,
    success: 200,
    extension: true,
    paramSchemas: itemParams,
  }),
  listTeamAccessInOrganization: op({
    name: 'listTeamAccessInOrganization',
    group: 'Members and teams',
    method: 'GET',
    path: team,
    summary: "List what a team's grants reach, with the level and its reasons",
    query: listQuery,
    response: AccessList,
    success: 200,
    extension: true,
  }),
  getTeamAccessInOrganization: op({
    name: 'getTeamAccessInOrganization',
    group: 'Members and teams',
    method: 'GET',
    path: `${team}/{itemType}/{itemId}`,
    summary: "What a team's grants give on one item and why, including why not (level null)",
    response: AccessEntry,
    success: 200,
    extension: true,
    paramSchemas: itemParams,
  }),
};
