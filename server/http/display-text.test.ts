/**
 * The display-text rule over HTTP, table-driven from the contract: every body field whose schema carries the
 * rule's marker refuses control, bidirectional-formatting and invisible characters with a 400 naming the field,
 * and a multi-line field keeps newline and tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from '../../shared/client.ts';
import { displayTextFields, type DisplayTextField } from '../test/display-text-fields.ts';
import { startTestServer, type TestServer, type TestUser } from '../test/harness.ts';
import { expectError, send } from '../test/http-helpers.ts';
import { sample, type SchemaNode } from '../test/malformed.ts';
import { bodyAjv, compile } from './validation.ts';

/** Refused in every display text: [what it is, the character]. */
const REFUSED: readonly (readonly [string, string])[] = [
  ['NUL', '\u0000'],
  ['ESC', '\u001B'],
  ['carriage return', '\r'],
  ['DEL', '\u007F'],
  ['C1 next line', '\u0085'],
  ['C1 control sequence introducer', '\u009B'],
  ['left-to-right embedding', '\u202A'],
  ['right-to-left override', '\u202E'],
  ['right-to-left isolate', '\u2067'],
  ['pop directional isolate', '\u2069'],
  ['right-to-left mark', '\u200F'],
  ['zero-width space', '\u200B'],
  ['byte-order mark', '\uFEFF'],
  ['line separator', '\u2028'],
  ['Hangul filler', '\u3164'],
];
/** Refused on one line, kept on several. */
const LINE_BREAKS: readonly (readonly [string, string])[] = [
  ['newline', '\n'],
  ['tab', '\t'],
];

/** Fields the issue names: each must be found under the rule (`operation field`). */
const EXPECTED = [
  'createSpace title',
  'updateSpaceById title',
  'updateSpaceById emoji',
  'createCollection title',
  'updateCollectionById title',
  'updateCollectionById description',
  'createSite title',
  'updateSiteById title',
  'addSectionToSite title',
  'updateSiteSectionById title',
  'updateSiteSectionById icon',
  'updateSiteSectionById description',
  'addSectionGroupToSite title',
  'addSectionGroupToSite icon',
  'updateSiteSectionGroupById title',
  'updateSiteSectionGroupById icon',
  'createSiteShareLink name',
  'updateSiteShareLinkById name',
  'createChangeRequest subject',
  'updateChangeRequestById subject',
  'createOrganizationCustomField title',
  'createOrganizationCustomField description',
  'createOrganizationCustomField placeholder',
  'createOrganizationCustomField options[0]',
  'updateOrganizationCustomField title',
  'updateSpaceCustomFields values.field.value',
  'createOrganizationSAMLProvider label',
  'createOrganizationSAMLProvider entityID',
  'updateOrganizationSAMLProvider entityID',
  'createTranslation title',
  'updateTranslation title',
  'updateOrganizationById title',
  'createOrganizationTeam title',
  'updateTeamInOrganizationById title',
  'updateChangeRequestContent changes[0].title',
  'updateChangeRequestContent changes[0].files[0].name',
  'postCommentInSpace body.markdown',
  'postCommentReplyInChangeRequest body.markdown',
];

const fields = displayTextFields();
const name = (field: DisplayTextField) => `${field.operation.name} ${field.field}`;

let server: TestServer;
let user: TestUser;
/**
 * The organization, space and collection a path starts from: the user's own, since the server checks that a
 * caller can reach them before it reads a body (body-guards.ts).
 */
let reachable: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  user = server.buildUser();
  const organizationId = server.buildOrg(user).id;
  reachable = {
    organizationId,
    spaceId: server.buildSpace(organizationId).id,
    collectionId: server.buildCollection(organizationId).id,
  };
});
afterAll(() => server.close());

/**
 * Sends the operation with `body`: the path starts from the user's own organization, space or collection; other
 * path and required query parameters get valid samples (they name nothing).
 */
function sendBody(field: DisplayTextField, body: unknown) {
  const { operation } = field;
  const params = Object.fromEntries(
    Object.entries(operation.params.properties).map(([key, schema]) => [
      key,
      reachable[key] ?? String(sample(schema as SchemaNode)),
    ]),
  );
  const query = sample(operation.query as SchemaNode) as Record<string, unknown>;
  return send(server.baseUrl, operation.method, `${buildPath(operation.path, params)}${buildQuery(query)}`, {
    token: user.token,
    body,
  });
}

/** A text the field accepts with `inside` in its middle. */
const textWith = (field: DisplayTextField, inside: string) =>
  `Ab${inside}cd`.padEnd(field.schema.minLength ?? 0, 'e');

describe('the display-text rule, from the contract', () => {
  it('finds the rule on every field the issue names, and on more', () => {
    const found = new Set(fields.map(name));
    expect(EXPECTED.filter((expected) => !found.has(expected))).toEqual([]);
    expect(fields.length).toBeGreaterThan(EXPECTED.length);
  });

  it('builds a valid body around each field (so a refusal can only be the field)', () => {
    const invalid = fields
      .filter(
        (field) => !compile(bodyAjv, field.operation.body as object)(field.bodyWith(textWith(field, ''))),
      )
      .map(name);
    expect(invalid).toEqual([]);
  });

  it.each(fields.map((field) => [name(field), field] as const))(
    '%s refuses control, bidirectional and invisible characters with a 400 naming it',
    async (_label, field) => {
      const refused = field.kind === 'single-line' ? [...REFUSED, ...LINE_BREAKS] : REFUSED;
      for (const [what, character] of refused) {
        const answer = await sendBody(field, field.bodyWith(textWith(field, character)));
        const code = `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
        const message = expectError(answer, 400, `body field \`${field.field}\``, code);
        expect(message, what).toMatch(/not allowed/);
      }
    },
  );

  it('keeps newline and tab in multi-line fields, and refuses blank required text', async () => {
    const multiLine = fields.filter((field) => field.kind === 'multi-line');
    expect(multiLine.length).toBeGreaterThan(0);
    for (const field of multiLine) {
      const answer = await sendBody(field, field.bodyWith('First line\n\tsecond line'));
      expect(answer.status, `${name(field)}: ${JSON.stringify(answer.body)}`).not.toBe(400);
    }
    const required = fields.filter((field) => (field.schema.minLength ?? 0) > 0);
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const blank = ' \u200D '.padEnd(field.schema.minLength ?? 0, ' ');
      const answer = await sendBody(field, field.bodyWith(blank));
      expectError(answer, 400, `body field \`${field.field}\``, 'visible character');
    }
  });
});
