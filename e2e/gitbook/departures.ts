/**
 * Where our seed spec (`documentation-platform-api.md`, derived from an older `@gitbook/api` than the one
 * `e2e/gitbook/openapi.json` holds) overrides GitBook's published description, and why. The end-to-end tests'
 * validating proxy (`e2e/support/validating-proxy.ts`) fails on any violation not listed here.
 *
 * An entry names a rule of GitBook's description (`schema`: its JSON pointer; `keyword`; `detail`: the property,
 * value or type concerned, `*` for any) and, for operations, the operation. `where` says whose departure it is:
 * `request` (what the app sends), `response` (what our server answers in compat mode), `operation` (a call to an
 * operation GitBook does not publish: the app's one-time probes of what the API offers).
 */
import type { Violation } from '../support/gitbook-check.ts';

/** One listed departure. */
export interface Departure {
  where: Violation['where'];
  /** JSON pointer of GitBook's rule, or the operation (contract name) for `operation`. */
  schema: string;
  keyword: string;
  /** The property, value or type concerned; `*` for any. */
  detail: string;
  /** The seed's reason. */
  reason: string;
  /** Only where the checked value's location ends so (`/ssoURL`). */
  at?: string;
  /** For a probe: the status it must have been answered with (GitBook's 404). */
  status?: number;
  /** At most this many times in a run (a probe is made once per profile). */
  times?: number;
}

const S = '/components/schemas';
const SEED = 'the seed (documentation-platform-api.md)';
/** The seed follows an older `@gitbook/api` (between 0.91 and 0.130, see gitbook-open-points.md). */
const NEWER = 'GitBook requires it since a later version of its API';

/** Fields GitBook's response schemas require that the seed's resource does not have. */
function missing(schema: string, fields: readonly string[], seed: string): Departure[] {
  return fields.map((detail) => ({
    where: 'response' as const,
    schema: `${S}/${schema}`,
    keyword: 'required',
    detail,
    reason: `${SEED}: ${seed}; ${NEWER}`,
  }));
}

/** A one-time probe of an operation GitBook does not publish, answered with GitBook's 404. */
function probe(operation: string, reason: string): Departure {
  return {
    where: 'operation',
    schema: operation,
    keyword: 'unpublished',
    detail: '*',
    status: 404,
    times: 1,
    reason,
  };
}

const PROBED =
  'the app learns what a profile\u2019s API offers from the first 404 of an optional read, once per profile, and hides what needs it (capabilities.ts)';

export const departures: readonly Departure[] = [
  // What the app asks to learn what the API offers.
  probe(
    'GET /v1/openapi.json',
    'the app reads the API\u2019s description once per profile to learn what it offers; GitBook serves none (404)',
  ),
  probe('checkChangeRequestMerge', `our extension; ${PROBED} (the merge check is then computed in the app)`),
  probe('listRevisionDocuments', `our extension; ${PROBED} (bodies are then read page by page)`),
  probe('listSpaceLinks', `a seed operation GitBook no longer publishes; ${PROBED}`),
  probe(
    'listPageBlocksInRevision',
    `our extension (a page's blocks with the keys a block comment names); ${PROBED} (the diff then carries no block comments)`,
  ),
  probe(
    'listOrganizationEmailInvites',
    'our extension (pending email invites): the Overview reads it once and, on a 404, says the API keeps no list of them',
  ),
  probe(
    'listOrganizationCustomFields',
    `a seed operation GitBook no longer publishes (custom fields exist only in @gitbook/api 0.91.0); ${PROBED}`,
  ),

  // What the app sends the way the seed describes it.
  {
    where: 'request',
    schema: '/paths/~1orgs~1{organizationId}~1translations/post/requestBody/content/application~1json/schema',
    keyword: 'required',
    detail: '*',
    reason: `${SEED}: translation settings are created with \`title\` and \`languages\` (TranslationSettings, from @gitbook/api 0.130); GitBook 0.202.0 replaced them by translations of a \`source\` into a \`language\``,
  },
  {
    where: 'request',
    schema: '/v1/orgs/{organizationId}/spaces#query',
    keyword: 'unknown-parameter',
    detail: 'deleted',
    reason: `${SEED}: a deleted space is kept 7 days and can be restored (POST …/restore), and the Trash lists those spaces with \`deleted=true\`, which GitBook does not declare (the app shows only spaces with \`deletedAt\` in case an API ignores it)`,
  },

  // What our server answers in the seed's shapes.
  ...missing(
    'Organization/properties/permissions',
    ['access', 'listInstallations', 'installIntegration'],
    'Organization permissions are view, admin, ownTeam, createContent, createOpenAPISpec, viewBilling, listMembers, listTeams, listIntegrations',
  ),
  ...missing(
    'OrganizationMember',
    ['sites'],
    'Member is id, role, user, disabled, joinedAt, lastSeenAt, sso, spaces, teams',
  ),
  ...missing(
    'Space/properties/permissions',
    ['installIntegration'],
    'Space permissions are view, access, admin, viewInviteLinks, edit, triggerGitSync, comment, merge, review',
  ),
  ...missing(
    'Site',
    ['appliedType', 'defaultLevel', 'permissions'],
    'Site has type but no appliedType, no defaultLevel and no permissions',
  ),
  ...missing('Site/properties/urls', ['preview'], 'Site urls are location, app, published'),
  ...missing('SiteSection', ['draft'], 'SiteSection has no draft state'),
  ...missing(
    'SiteSectionGroup',
    ['draft', 'children'],
    'SiteSectionGroup is id, title, icon, sections (no draft, no nested groups)',
  ),
  ...missing('SiteSpace', ['draft'], 'SiteSpace has no draft state'),
  ...missing('Comment/allOf/0', ['repliers'], 'Comment has a count of replies, no repliers'),
  ...missing('OpenAPISpec', ['lastProcessedErrorCount'], 'OpenAPISpec has lastProcessErrorCode, no count'),
  ...missing(
    'RevisionBase',
    ['tags'],
    'Revision is id, type, parents, pages, files, reusableContents, createdAt, git, urls (no tags)',
  ),
  ...missing(
    'RevisionPageDocument/allOf/2',
    ['kind', 'tags'],
    'Page has type (GitBook\u2019s `kind` is deprecated) and no tags',
  ),
  ...missing(
    'SearchSpaceResult',
    ['score', 'type'],
    'a search result item is id, title, pages (no score, no type)',
  ),
  ...missing(
    'SearchPageResult',
    ['ancestors', 'description', 'rank', 'score'],
    'a search result page is id, title, path, sections, urls.app',
  ),
  ...missing('SearchSectionResult', ['score'], 'a search result section is id, title, path, body, urls.app'),
  ...missing(
    'Translation',
    ['instructions', 'language', 'source', 'stats', 'status'],
    'TranslationSettings (object `translation-settings`) is id, title, languages, createdAt, updatedAt, permissions, urls',
  ),
  {
    where: 'response',
    schema: `${S}/Translation/properties/object`,
    keyword: 'enum',
    detail: '"translation-settings"',
    reason: `${SEED}: the resource is TranslationSettings, \`object\` = \`translation-settings\` (GitBook 0.202.0 has translations instead)`,
  },
  {
    where: 'response',
    schema: `${S}/MarkdownDocument`,
    keyword: 'required',
    detail: 'markdown',
    reason: `${SEED}: listings never carry page bodies (\`markdown\` comes with \`format\` on a single page read); GitBook composes a page with \`Document\`, whose empty form allows no other property, so no page listed without its body can match it`,
  },
  {
    where: 'response',
    schema: `${S}/URL`,
    keyword: 'format',
    detail: 'uri',
    at: '/ssoURL',
    reason: `${SEED}: a SAML provider is created with its \`label\` alone (the rest set later); until then it is \`pending\` and its \`ssoURL\` is empty`,
  },
];

/** The departure that lists a violation (of an answer with `status`), if any. */
export function departureOf(violation: Violation, status: number): Departure | undefined {
  return departures.find(
    (departure) =>
      departure.where === violation.where &&
      (departure.where === 'operation'
        ? departure.schema === violation.operation &&
          (departure.status === undefined || departure.status === status)
        : departure.schema === violation.schema &&
          departure.keyword === violation.keyword &&
          (departure.detail === '*' || departure.detail === violation.detail)),
  );
}
