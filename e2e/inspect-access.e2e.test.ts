/**
 * User stories of "Inspect access", at the smallest window the app supports (1024×700): a team given a role on a
 * space through the API shows in what its member reaches, with its reason ("given to team …"), checked through the
 * API too; "why not?" for a space with no access by default; the access review and the audit log exported as CSV,
 * their rows checked against the API.
 */
import { describe, expect, it } from 'vitest';
import { AuditPage } from './pages/audit.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InspectAccessPage } from './pages/inspect-access.ts';
import { MembersPage } from './pages/members.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import type { SandboxApi } from './support/sandbox-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

const SMALL = { width: 1024, height: 700 };

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

interface Entry {
  item: { type: string; id: string; title: string };
  level: string | null;
  path: { kind: string }[];
}

/** Every item the member reaches, through the API. */
async function apiAccess(api: SandboxApi, orgId: string, userId: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let page: string | undefined;
  do {
    const answer = await api.call('GET', `/v1/orgs/${orgId}/members/${userId}/access`, {
      query: { limit: 2000, ...(page !== undefined ? { page } : {}) },
    });
    expect(answer.status).toBe(200);
    const body = answer.body as { items: Entry[]; next?: { page: string } };
    entries.push(...body.items);
    page = body.next?.page;
  } while (page !== undefined);
  return entries;
}

describe('an administrator inspecting access', () => {
  const session = useRig();

  /** A reader in a new team; the team given edit on a space that gives no access by default; another such space. */
  const world = async () => {
    const { api, orgId } = session.rig;
    const spaces = spacesApi(api);
    const members = await api.call('GET', `/v1/orgs/${orgId}/members`, { query: { role: 'read', limit: 1 } });
    const member = (members.body as { items: { user: { id: string; displayName: string } }[] }).items[0]!
      .user;
    const teamTitle = uniqueTitle('Reviewers');
    expect(
      (await api.call('PUT', `/v1/orgs/${orgId}/teams`, { body: { title: teamTitle } })).status,
    ).toBeLessThan(300);
    const teamId = await api.teamId(orgId, teamTitle);
    const added = await api.call('PUT', `/v1/orgs/${orgId}/teams/${teamId}/members/${member.id}`, {
      body: { role: 'member' },
    });
    expect(added.status).toBeLessThan(300);
    const granted = await spaces.createSpace(orgId, { title: uniqueTitle('Granted') });
    const hidden = await spaces.createSpace(orgId, { title: uniqueTitle('Hidden') });
    for (const space of [granted, hidden])
      expect(
        (await api.call('PATCH', `/v1/spaces/${space.id}`, { body: { defaultLevel: null } })).status,
      ).toBe(200);
    const invited = await api.call('POST', `/v1/spaces/${granted.id}/permissions`, {
      body: { role: 'edit', teams: [teamId] },
    });
    expect(invited.status).toBe(204);
    return { member, teamId, teamTitle, granted, hidden };
  };

  /** Opens the app on Inspect access: at its route, or (`from: 'sidebar'`) through the sidebar's link. */
  const open = async (from: 'route' | 'sidebar' = 'route') => {
    await session.tab.page.setViewportSize(SMALL);
    const route = from === 'route' ? InspectAccessPage.route(session.rig.orgId) : undefined;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const inspect = new InspectAccessPage(app.page);
    if (from === 'route') await inspect.shown();
    else await inspect.goto();
    return { app, inspect };
  };

  it(
    'shows a team grant with its reason, and why not for a space with no access',
    async () => {
      const w = await world();
      const { api, orgId } = session.rig;
      const { inspect } = await open('sidebar');
      await inspect.pick(w.member.displayName, w.member.displayName);
      await expect
        .poll(() => inspect.root.getByTestId('access-subject').innerText(), eventually)
        .toContain(w.member.displayName);
      await inspect.loaded();

      await inspect.filterText(w.granted.title);
      const row = inspect.row(w.granted.id);
      await row.waitFor();
      expect(await row.getAttribute('data-level')).toBe('edit');
      expect(await row.innerText()).toContain(
        `edit on space “${w.granted.title}”, given to team “${w.teamTitle}”`,
      );
      // Through the API: the same level and reason.
      const one = await api.call(
        'GET',
        `/v1/orgs/${orgId}/members/${w.member.id}/access/space/${w.granted.id}`,
      );
      expect(one.body).toMatchObject({
        level: 'edit',
        path: [{ kind: 'grant', source: { via: 'team', teamId: w.teamId, teamTitle: w.teamTitle } }],
      });

      // Why not? The level filter "no access", the hidden space found by its title, its reasons by keyboard.
      await inspect.root.getByTestId('access-why-not').click();
      await inspect.filterText(w.hidden.title);
      const hiddenRow = inspect.row(w.hidden.id);
      await hiddenRow.waitFor();
      expect(await hiddenRow.getAttribute('data-level')).toBe('none');
      await hiddenRow.focus();
      await hiddenRow.press('Enter');
      const explained = inspect.root.getByTestId('access-explained');
      await explained.waitFor();
      expect(await explained.innerText()).toContain(`Why not: space “${w.hidden.title}”`);
      expect(await explained.innerText()).toContain(`space “${w.hidden.title}” gives no access by default`);
      expect(await seriousViolations(inspect.root.page())).toEqual([]);
    },
    AXE_TIMEOUT,
  );

  it("opens a team's access from its screen", async () => {
    const w = await world();
    await session.tab.page.setViewportSize(SMALL);
    const app = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      MembersPage.route(session.rig.orgId),
    );
    await app.members.shown();
    await app.teams.open(w.teamTitle);
    await app.page.getByTestId('team-inspect-access').click();
    const inspect = new InspectAccessPage(app.page);
    await inspect.loaded();
    expect(await inspect.root.getByTestId('access-subject').innerText()).toContain(w.teamTitle);
    await expect.poll(() => inspect.rows().count(), eventually).toBe(1);
    expect(await inspect.row(w.granted.id).getAttribute('data-level')).toBe('edit');
  }, 60_000);

  it('exports the access review and the audit log as CSV, their rows as the API lists them', async () => {
    const w = await world();
    const { api, orgId } = session.rig;
    const { app, inspect } = await open();
    await inspect.pick(w.member.displayName, w.member.displayName);
    await inspect.loaded();
    const review = await inspect.exportReview();
    expect(review.name).toMatch(/^access-review-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(review.text);
    expect(header).toEqual([
      'subjectType',
      'subjectId',
      'subject',
      'itemType',
      'itemId',
      'item',
      'level',
      'reason',
      'path',
    ]);
    const expected = await apiAccess(api, orgId, w.member.id);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual(
      expected.map((e) => ['member', w.member.id, e.item.type, e.item.id, e.item.title, e.level]),
    );
    const grantedLine = rows.find((r) => r[4] === w.granted.id)!;
    expect(grantedLine[7]).toBe(`edit on space “${w.granted.title}”, given to team “${w.teamTitle}”`);
    expect(rows.some((r) => r[4] === w.hidden.id)).toBe(false);

    // The audit log of the space: its creation, its default level, the team's grant.
    const audit = new AuditPage(app.page);
    await audit.goto();
    const events = await api.call('GET', `/v1/orgs/${orgId}/audit-events`, {
      query: { target: w.granted.id, limit: 100 },
    });
    const items = (events.body as { items: { id: string; action: string; occurredAt: string }[] }).items;
    await audit.filterTarget(w.granted.id);
    await expect.poll(() => audit.rows().count(), eventually).toBe(items.length);
    const exported = await audit.exportCsv();
    const [auditHeader, ...auditRows] = parseCsv(exported.text);
    expect(auditHeader?.[1]).toBe('action');
    expect(auditRows.map((r) => [r[0], r[1], r[5]])).toEqual(
      items.map((e) => [e.occurredAt, e.action, w.granted.id]),
    );
    expect(items.map((e) => e.action)).toContain('space.permissions_granted');
  }, 60_000);
});
