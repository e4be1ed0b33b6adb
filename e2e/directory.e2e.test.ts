/**
 * User story of directory sync (issue 19): an administrator picks a Google Workspace user download and group
 * member export, types a mapping, reads the plan per person, applies it and reads the report per person, checks
 * through the API, then undoes it; at the smallest window the app supports (1024×700), by keyboard where a
 * keyboard user would.
 */
import type { Static } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { Member as MemberSchema } from '../shared/contract/resources/members.ts';
import { attributeOfAll } from './pages/attributes.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';
import { eventually } from './support/expect.ts';
import { expectDocumentFits } from './support/layout-check.ts';
import { useRig } from './support/rig.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';
import type { SandboxApi } from './support/sandbox-api.ts';

const SMALL = { width: 1024, height: 700 };

type Member = Static<typeof MemberSchema>;

async function members(api: SandboxApi, orgId: string): Promise<Member[]> {
  const answer = await api.call('GET', `/v1/orgs/${orgId}/members`, { query: { limit: 1000 } });
  if (answer.status !== 200) throw new Error(`members: HTTP ${answer.status}`);
  return (answer.body as { items: Member[] }).items;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: string[][]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

describe('an administrator syncing the organization with a directory export', () => {
  const session = useRig();

  it(
    'plans from Google Workspace exports, applies with a report per person, and undoes it',
    async () => {
      const { api, orgId } = session.rig;
      const before = await members(api, orgId);
      // Everyone as they are (their role as an org unit, so the mapping keeps it), one of them suspended, one new.
      const withEmail = before.filter((m) => m.user.email !== undefined);
      const leaving = withEmail.find((m) => m.role === 'read' || m.role === 'comment')!;
      const writers = withEmail.filter((m) => m !== leaving && m.role !== 'admin').slice(0, 2);
      const newcomer = 'newcomer@directory.test';
      const users = csv([
        [
          'First Name [Required]',
          'Last Name [Required]',
          'Email Address [Required]',
          'Password [Required]',
          'Org Unit Path [Required]',
          'Status [READ ONLY]',
        ],
        ...withEmail.map((m) => [
          m.user.displayName,
          '',
          m.user.email!,
          '****',
          `/${m.role ?? 'guest'}`,
          m === leaving ? 'Suspended' : 'Active',
        ]),
        ['New', 'Comer', newcomer, '****', '/edit', 'Active'],
      ]);
      const groups = csv([
        ['Group Email', 'Member Email', 'Member Role', 'Member Type', 'Member Status'],
        ...[...writers.map((m) => m.user.email!), newcomer].map((email) => [
          'writers@directory.test',
          email,
          'MEMBER',
          'USER',
          'ACTIVE',
        ]),
      ]);
      const mapping = [
        'version: 1',
        'teams:',
        '  - { team: Directory Writers, groups: [writers@directory.test], role: member }',
        'roles:',
        ...['admin', 'create', 'review', 'edit', 'comment', 'read'].map(
          (role) => `  - { groups: [/${role}], role: ${role} }`,
        ),
        'defaultRole: null',
        'absent: remove',
      ].join('\n');

      const page = session.tab.page;
      await page.setViewportSize(SMALL);
      const app = await DocsAdmin.open(page, session.rig.running.url);
      await page.getByTestId('nav-directory').click();
      const screen = page.getByTestId('directory-screen');
      await screen.waitFor();

      await screen.getByTestId('directory-csv').setInputFiles([
        { name: 'User_Download_27112026.csv', mimeType: 'text/csv', buffer: Buffer.from(users) },
        { name: 'writers-members.csv', mimeType: 'text/csv', buffer: Buffer.from(groups) },
      ]);
      await expect
        .poll(() => screen.getByTestId('directory-file').allInnerTexts(), eventually)
        .toEqual([
          expect.stringContaining('Google Workspace user download'),
          expect.stringContaining('Google Workspace group member export'),
        ]);
      await expect
        .poll(() => screen.getByTestId('directory-summary').innerText(), eventually)
        .toContain(`${withEmail.length + 1} people read, 1 of them suspended or disabled`);

      await screen.getByTestId('directory-mapping').fill(mapping);
      // By keyboard: focus the Plan button and press Enter.
      await screen.getByTestId('directory-plan').focus();
      await page.keyboard.press('Enter');
      const result = screen.getByTestId('directory-plan-result');
      await result.waitFor();
      const rows = result.getByTestId('directory-person');
      await expect
        .poll(async () => {
          const emails = await attributeOfAll(rows, 'data-email');
          const actions = await attributeOfAll(rows, 'data-action');
          return Object.fromEntries(emails.map((email, i) => [email, actions[i]]));
        }, eventually)
        .toEqual({
          [newcomer]: 'invite',
          [writers[0]!.user.email!]: 'change',
          [writers[1]!.user.email!]: 'change',
          [leaving.user.email!]: 'remove',
        });
      expect(await result.getByTestId('directory-team-steps').innerText()).toContain(
        'Create team “Directory Writers”',
      );
      expect(
        await result.locator(`[data-testid="directory-person"][data-email="${newcomer}"]`).innerText(),
      ).toContain('invite as edit; join Directory Writers');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshotBothSchemes(page, 'directory-plan');
      // The layout holds at 1024×700 with the plan shown: the screen's pane scrolls, the document does not.
      await expectDocumentFits(page);

      await screen.getByTestId('directory-apply').click();
      const report = screen.getByTestId('directory-report');
      await report.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => attributeOfAll(report.getByTestId('directory-person'), 'data-state'), eventually)
        .toEqual(['done', 'done', 'done', 'done']);
      await screenshotBothSchemes(page, 'directory-report');
      expect(await report.locator(`[data-email="${newcomer}"]`).innerText()).toContain(
        `Add ${newcomer} to team “Directory Writers” as member: done`,
      );

      // Through the API.
      const after = await members(api, orgId);
      expect(after.find((m) => m.user.email === newcomer)?.role).toBe('edit');
      expect(after.some((m) => m.id === leaving.id)).toBe(false);
      const team = await api.teamId(orgId, 'Directory Writers');
      expect((await api.teamMembers(orgId, team)).length).toBe(3);

      // Undo: the organization planned back to how it was, and applied.
      await screen.getByTestId('directory-undo').click();
      await screen.getByTestId('directory-undone').waitFor({ timeout: 30_000 });
      const undone = await members(api, orgId);
      expect(undone.some((m) => m.user.email === newcomer)).toBe(false);
      expect(undone.find((m) => m.user.email === leaving.user.email)?.role).toBe(leaving.role);
      await expect(api.teamId(orgId, 'Directory Writers')).rejects.toThrow();
      expect(app.route()).toMatch(/\/directory$/);
    },
    AXE_TIMEOUT + 60_000,
  );
});
