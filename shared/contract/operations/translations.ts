/** Translation settings of an organization. */
import { Type } from '@sinclair/typebox';
import { List, ListQuery } from '../common.ts';
import {
  CreateTranslationSettings,
  TranslationSettings,
  UpdateTranslationSettings,
} from '../resources/translations.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Translation settings';

export const translationOperations = {
  listTranslations: op({
    name: 'listTranslations',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/translations',
    summary: 'List the translation settings of an organization',
    query: Type.Object(ListQuery),
    response: List(TranslationSettings),
    success: 200,
  }),
  createTranslation: op({
    name: 'createTranslation',
    group,
    method: 'POST',
    path: '/v1/orgs/{organizationId}/translations',
    summary: 'Create translation settings',
    body: CreateTranslationSettings,
    response: TranslationSettings,
    success: 201,
  }),
  getTranslation: op({
    name: 'getTranslation',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    summary: 'Get translation settings',
    response: TranslationSettings,
    success: 200,
  }),
  updateTranslation: op({
    name: 'updateTranslation',
    group,
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    summary: 'Rename translation settings',
    body: UpdateTranslationSettings,
    response: TranslationSettings,
    success: 200,
  }),
  deleteTranslation: op({
    name: 'deleteTranslation',
    group,
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/translations/{translationSettingsId}',
    summary: 'Delete translation settings',
    success: 205,
  }),
};
