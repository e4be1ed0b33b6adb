/** Extension: the merge rules of an organization and of a space (GitBook keeps them in its app, not its API). */
import { MergeRules, MergeRulesSettings } from '../resources/mergeRules.ts';
import { defineOperation as op } from '../operation.ts';

const group = 'Merge rules';

export const mergeRuleOperations = {
  getOrganizationMergeRules: op({
    name: 'getOrganizationMergeRules',
    group,
    method: 'GET',
    path: '/v1/orgs/{organizationId}/merge-rules',
    summary: 'Get the merge rules of the change requests of an organization',
    response: MergeRulesSettings,
    success: 200,
    extension: true,
  }),
  updateOrganizationMergeRules: op({
    name: 'updateOrganizationMergeRules',
    group,
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/merge-rules',
    summary: 'Replace the merge rules of an organization',
    body: MergeRules,
    response: MergeRulesSettings,
    success: 200,
    extension: true,
  }),
  getSpaceMergeRules: op({
    name: 'getSpaceMergeRules',
    group,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/merge-rules',
    summary: "Get the merge rules that apply to a space's change requests, its own or its organization's",
    response: MergeRulesSettings,
    success: 200,
    extension: true,
  }),
  updateSpaceMergeRules: op({
    name: 'updateSpaceMergeRules',
    group,
    method: 'PUT',
    path: '/v1/spaces/{spaceId}/merge-rules',
    summary: "Give a space its own merge rules, overriding its organization's",
    body: MergeRules,
    response: MergeRulesSettings,
    success: 200,
    extension: true,
  }),
  deleteSpaceMergeRules: op({
    name: 'deleteSpaceMergeRules',
    group,
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/merge-rules',
    summary: "Remove a space's own merge rules: its organization's apply again",
    success: 205,
    extension: true,
  }),
};
