/** Content of a change request: its revision, pages, files, links, imports and (extension) writes. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import { ChangeRequest } from '../resources/changeRequests.ts';
import { ContentLocation, LinkReport } from '../resources/links.ts';
import {
  ContentQuery,
  DocumentFormat,
  File,
  ImportContent,
  ImportContentResult,
  Page,
  Revision,
  RevisionPages,
  UpdateChangeRequestContent,
} from '../resources/revisions.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Change request content';

export const changeRequestContentOperations = {
  getRevisionOfChangeRequestById: op({
    name: 'getRevisionOfChangeRequestById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    summary: 'Get the current revision of a change request',
    query: Type.Object(ContentQuery),
    response: Revision,
    success: 200,
  }),
  updateChangeRequestContent: op({
    name: 'updateChangeRequestContent',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    summary: 'Insert, update and delete pages and upload files in a change request',
    body: UpdateChangeRequestContent,
    response: ChangeRequest,
    success: 200,
    extension: true,
  }),
  importContentInChangeRequest: op({
    name: 'importContentInChangeRequest',
    group,
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import',
    summary: 'Import content from a URL into a change request',
    body: ImportContent,
    response: ImportContentResult,
    success: 201,
  }),
  listPagesInChangeRequest: op({
    name: 'listPagesInChangeRequest',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
    summary: 'List the page tree of a change request',
    query: Type.Object(ContentQuery),
    response: RevisionPages,
    success: 200,
  }),
  listFilesInChangeRequestById: op({
    name: 'listFilesInChangeRequestById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
    summary: 'List the files of a change request',
    query: Type.Object({ ...ListQuery, ...ContentQuery }),
    response: List(File),
    success: 200,
  }),
  getFileInChangeRequestById: op({
    name: 'getFileInChangeRequestById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
    summary: 'Get a file of a change request',
    query: Type.Object(ContentQuery),
    response: File,
    success: 200,
  }),
  listChangeRequestFileBacklinks: op({
    name: 'listChangeRequestFileBacklinks',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
    summary: 'List the places that link to a file',
    query: Type.Object(ListQuery),
    response: List(ContentLocation),
    success: 200,
  }),
  getPageInChangeRequestById: op({
    name: 'getPageInChangeRequestById',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
    summary: 'Get a page of a change request',
    query: Type.Object({ format: Type.Optional(DocumentFormat), ...ContentQuery }),
    response: Page,
    success: 200,
  }),
  listPageLinksInChangeRequest: op({
    name: 'listPageLinksInChangeRequest',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
    summary: 'List the links of a page, with their status',
    query: Type.Object(ListQuery),
    response: LinkReport,
    success: 200,
  }),
};
