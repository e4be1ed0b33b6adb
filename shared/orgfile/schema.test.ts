/** The organization file's published JSON Schema is its TypeBox schema as it is now. */
import { describe, expect, it } from 'vitest';
import published from './org-file.schema.json' with { type: 'json' };
import { orgFileSchemaJson } from './schema.ts';

describe('org-file.schema.json', () => {
  it('is the TypeBox schema as written (node scripts/write-org-file-schema.ts rewrites it)', () => {
    expect(published).toEqual(JSON.parse(orgFileSchemaJson()));
    expect(published.title).toBe('Docs Admin organization file');
    expect(Object.keys(published.properties)).toEqual([
      'version',
      'organization',
      'members',
      'teams',
      'collections',
      'spaces',
      'sites',
      'customFields',
      'translations',
      'saml',
      'invites',
    ]);
  });
});
