/** Collections: nestable groups of spaces. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  Collection,
  CreateCollection,
  MoveContent,
  Space,
  TransferContent,
  UpdateCollection,
} from '../resources/content.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Collections';

export const collectionOperations = {
  getCollectionById: op({
    name: 'getCollectionById',
    group,
    method: 'GET',
    path: '/v1/collections/{collectionId}',
    summary: 'Get a collection',
    response: Collection,
    success: 200,
  }),
  deleteCollectionById: op({
    name: 'deleteCollectionById',
    group,
    method: 'DELETE',
    path: '/v1/collections/{collectionId}',
    summary: 'Delete a collection',
    success: 205,
  }),
  updateCollectionById: op({
    name: 'updateCollectionById',
    group,
    method: 'PATCH',
    path: '/v1/collections/{collectionId}',
    summary: "Update a collection's title, description or default access",
    body: UpdateCollection,
    response: Collection,
    success: 200,
  }),
  listSpacesInCollectionById: op({
    name: 'listSpacesInCollectionById',
    group,
    method: 'GET',
    path: '/v1/collections/{collectionId}/spaces',
    summary: 'List the spaces of a collection',
    query: Type.Object(ListQuery),
    response: List(Space),
    success: 200,
  }),
  moveCollection: op({
    name: 'moveCollection',
    group,
    method: 'POST',
    path: '/v1/collections/{collectionId}/move',
    summary: 'Move a collection to another parent or position',
    body: MoveContent,
    response: Collection,
    success: 200,
  }),
  transferCollection: op({
    name: 'transferCollection',
    group,
    method: 'POST',
    path: '/v1/collections/{collectionId}/transfer',
    summary: 'Transfer a collection to another organization',
    body: TransferContent,
    response: Collection,
    success: 200,
  }),
  listCollectionsInOrganizationById: op({
    name: 'listCollectionsInOrganizationById',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'List the collections of an organization',
    query: Type.Object({
      ...ListQuery,
      nested: Type.Optional(
        Type.Boolean({ default: true, description: 'Also list collections nested in other collections.' }),
      ),
    }),
    response: List(Collection),
    success: 200,
  }),
  createCollection: op({
    name: 'createCollection',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'Create a collection',
    body: CreateCollection,
    bodyRequired: false,
    response: Collection,
    success: 201,
  }),
};
