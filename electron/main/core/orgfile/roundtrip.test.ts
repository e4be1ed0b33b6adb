/**
 * Acceptance 19.1, the round trip: organization A, seeded with every kind of thing the file holds (members and
 * roles, teams, a collection tree with spaces, grants to people and teams, sites with sections, a section group,
 * variants, share links and a grant, custom fields, translation settings, a SAML provider, invite settings), is
 * exported; the file is applied to an empty organization B on the same server;
 * B's export equals A's up to ids. Over HTTP, on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../server/test/harness.ts';
import { applyPlan } from '../../../../shared/orgfile/apply.ts';
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import { loadSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { seedA, withoutIds } from '../../../../server/test/org-a.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('the organization file round trip', () => {
  it('exports A, applies the file to an empty B, and B exports as A up to ids', async () => {
    const { owner, orgId, client } = await seedA(server);
    const exported = exportOrgFile(await loadSnapshot(client, orgId));
    expect(exported.skipped).toEqual([]);
    const text = orgFileYaml(exported.file);
    const read = parseOrgFile(text);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const a = read.file;
    // What A holds, so that the comparison below is not of two empty files.
    expect(a.members).toHaveLength(4);
    expect(a.spaces?.map((space) => space.title)).toEqual(['Notes']);
    expect(a.collections[0]!.access).toEqual({ teams: [{ title: 'Docs', role: 'edit' }] });
    expect(a.customFields?.map((field) => field.name)).toEqual(['owner', 'tier']);
    expect(a.saml?.[0]).toMatchObject({ label: 'Okta', defaultTeam: 'Docs', defaultRole: 'read' });
    expect(text).not.toContain('certificate');
    expect(a.sites?.map((site) => site.title).sort()).toEqual(['Docs site', 'Notes site']);
    const docsSite = a.sites!.find((site) => site.title === 'Docs site')!;
    expect(docsSite).toMatchObject({ visibility: 'share-link', published: true });
    expect(
      docsSite.sections?.map((section) => [
        section.title,
        section.path,
        section.group,
        section.variants.length,
      ]),
    ).toEqual([
      ['API', expect.any(String), undefined, 2],
      ['Guides', 'start', 'Products', 1],
    ]);
    expect(docsSite.shareLinks?.map((link) => [link.name, link.active])).toEqual([
      ['Old', false],
      ['Partners', true],
    ]);
    // Share links are kept by name: never their secret key.
    expect(text).not.toMatch(/shareKey|token|secret/i);

    const orgB = server.buildOrg(owner, { title: 'Acme copy' }).id;
    const first = await applyPlan(client, orgB, planOrgFile(a, await loadSnapshot(client, orgB)));
    expect(first.failed).toBe(0);
    // People invited are not yet members the first plan can name: what waits for them runs on a second apply.
    const second = await applyPlan(client, orgB, planOrgFile(a, await loadSnapshot(client, orgB)));
    expect(second.failed).toBe(0);
    expect(second.skipped).toBe(0);
    expect(first.skipped).toBeGreaterThan(0);
    expect(first.skipped).toBe(second.done);

    const b = exportOrgFile(await loadSnapshot(client, orgB)).file;
    expect(withoutIds(b)).toEqual(withoutIds(a));
    expect(planOrgFile(a, await loadSnapshot(client, orgB)).steps).toEqual([]);
  });
});
