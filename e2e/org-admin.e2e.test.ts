/** User stories of invites and organization settings: invite links, email invites, and settings the server refuses. */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { InvitesPage } from './pages/invites.ts';
import { SettingsPage } from './pages/settings.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

describe('an administrator managing invites and organization settings', () => {
  const session = useRig();

  /** The organization as the API answers it now. */
  const organization = async (): Promise<Record<string, unknown>> => {
    const answer = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}`);
    if (answer.status !== 200) throw new Error(`GET organization: HTTP ${answer.status}`);
    return answer.body as Record<string, unknown>;
  };
  /** The invite links as the API lists them: id → role. */
  const inviteLinks = async (): Promise<Record<string, unknown>> => {
    const answer = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/link-invites`, {
      query: { limit: 100 },
    });
    const body = answer.body as { items?: { id: string; role: unknown }[] };
    return Object.fromEntries((body.items ?? []).map((invite) => [invite.id, invite.role]));
  };

  it('creates an invite link with a role, changes its role, and revokes it', async () => {
    const { invites } = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await invites.goto();
    const before = await invites.ids();

    const id = await invites.createLink('edit');
    expect(before).not.toContain(id);
    expect(await invites.roleOf(id)).toBe('edit');
    await expect.poll(async () => (await inviteLinks())[id], eventually).toBe('edit');

    await invites.changeRole(id, 'comment');
    await expect.poll(async () => (await inviteLinks())[id], eventually).toBe('comment');

    const asked = await invites.revoke(id);
    expect(asked).toContain(id);
    await expect.poll(async () => Object.keys(await inviteLinks()), eventually).not.toContain(id);
    expect((await invites.ids()).sort()).toEqual([...before].sort());
  });

  it('invites people by email and sees which addresses were invited and which were refused', async () => {
    const { invites } = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      InvitesPage.route(session.rig.orgId),
    );
    await invites.shown();

    const report = await invites.inviteByEmail(
      'new.writer@example.com, ada.lovelace@acme.test\nnot-an-address',
    );
    const status = Object.fromEntries(report.map((line) => [line.email, line.status]));
    expect(status['new.writer@example.com']).toBe('invited');
    expect(status['ada.lovelace@acme.test']).toBe('member');
    expect(status['not-an-address']).toBe('invalid');
  });

  it('edits the organization settings and finds them saved', async () => {
    const { settings } = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    await settings.goto();

    await settings.fill('title', 'Acme Documentation');
    await settings.fill('email-domains', 'acme.test, acme.example');
    await settings.setDefaultRole('comment');
    await settings.setSwitch('ai', false);
    await settings.save();
    await session.tab.page.getByTestId('toast').filter({ hasText: 'saved' }).waitFor();

    const saved = await organization();
    expect(saved['title']).toBe('Acme Documentation');
    expect(saved['emailDomains']).toEqual(['acme.test', 'acme.example']);
    expect(saved['defaultRole']).toBe('comment');
    expect(saved['ai']).toBe(false);

    await session.tab.page.reload();
    await settings.title.waitFor();
    await expect.poll(() => settings.valueOf('title'), eventually).toBe('Acme Documentation');
    expect(await settings.isOn('ai')).toBe(false);
  });

  it('keeps what was typed when a value is refused, by the form or by the server', async () => {
    const { settings } = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      SettingsPage.route(session.rig.orgId),
    );
    await settings.shown();
    const titleBefore = (await organization())['title'];

    // Refused before sending: an empty title.
    await settings.fill('title', '');
    await settings.save();
    await settings.fieldError('title').waitFor();

    // Refused by the server: the hostname of the other organization ("Acme Labs").
    await settings.fill('title', 'Acme Docs, renamed');
    await settings.fill('hostname', 'acme-labs');
    await settings.save();
    const error = settings.fieldError('hostname');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/already used by another organization/);
    expect(await settings.valueOf('hostname')).toBe('acme-labs');
    expect(await settings.valueOf('title')).toBe('Acme Docs, renamed');
    const unchanged = await organization();
    expect(unchanged['hostname']).toBe('acme-docs');
    expect(unchanged['title']).toBe(titleBefore);

    // Fixing the refused value saves everything typed.
    await settings.fill('hostname', 'acme-handbook');
    await settings.save();
    await expect.poll(async () => (await organization())['hostname'], eventually).toBe('acme-handbook');
    expect((await organization())['title']).toBe('Acme Docs, renamed');
  });
});
