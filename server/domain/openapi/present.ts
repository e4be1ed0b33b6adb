/** Presenters: stored OpenAPI specifications and versions as the API's objects. */
import type {
  OpenAPISpec,
  OpenAPISpecContent,
  OpenAPISpecVersion,
} from '../../../shared/contract/resources/openapi.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import type { SpecRow, VersionRow } from './records.ts';

const specPath = (spec: SpecRow) => `/v1/orgs/${spec.organization_id}/openapi/${spec.slug}`;

/** The API location of a version's content: the URL of a version whose source is a text. */
export const versionContentUrl = (baseUrl: string, spec: SpecRow, versionId: string) =>
  `${baseUrl}${specPath(spec)}/versions/${versionId}/content`;

export function presentSpec(spec: SpecRow, actor: OrgActor, baseUrl: string): OpenAPISpec {
  return {
    object: 'openapi-spec',
    id: spec.id,
    createdAt: spec.created_at,
    updatedAt: spec.updated_at,
    slug: spec.slug,
    ...(spec.source_url !== null ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    ...(spec.last_version_id !== null ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at !== null ? { lastProcessedAt: spec.last_processed_at } : {}),
    ...(spec.last_process_error_code !== null ? { lastProcessErrorCode: spec.last_process_error_code } : {}),
    ...(spec.last_process_error_code !== null && spec.last_process_error_message !== null
      ? {
          lastProcessedErrors: [
            { message: spec.last_process_error_message, code: spec.last_process_error_code },
          ],
        }
      : {}),
    permissions: { view: true, edit: can(actor, 'organization.createOpenAPISpec', null) },
    urls: {
      location: `${baseUrl}${specPath(spec)}`,
      app: `${baseUrl}/o/${spec.organization_id}/openapi/${spec.slug}/`,
    },
  };
}

export function presentVersion(spec: SpecRow, version: VersionRow, baseUrl: string): OpenAPISpecVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.created_at,
    url: version.source_url ?? versionContentUrl(baseUrl, spec, version.id),
    urls: { location: `${baseUrl}${specPath(spec)}/versions/${version.id}` },
  };
}

/** The name of the one file of a version's filesystem: the entry point, named after the submitted format. */
export const entryFileName = (version: Pick<VersionRow, 'format'>) => `openapi.${version.format}`;

export function presentContent(
  spec: SpecRow,
  version: VersionRow,
  document: string,
  baseUrl: string,
): OpenAPISpecContent {
  return {
    filesystem: { [entryFileName(version)]: JSON.parse(document) as unknown },
    url: presentVersion(spec, version, baseUrl).url,
  };
}
