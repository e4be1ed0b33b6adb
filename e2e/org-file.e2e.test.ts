/**
 * User stories of the organization file (issue 19), at the smallest window the app supports (1024×700): an
 * administrator exports the demo organization, edits the file (the edits below: a team renamed, three members moved
 * between teams, a section added to a site), plans it, reads the preview, applies it, reads the report and finds the changes through the API;
 * the same file planned again changes nothing. Then a change made through the API shows as drift, taken into the
 * stored file ("adopt live") or undone ("re-apply"). An apply stopped by a refused step survives a reload, resumes,
 * and is undone by planning the export taken before it.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DocsAdmin } from './pages/docs-admin.ts';
import { OrgFilePage } from './pages/org-file.ts';
import { AXE_TIMEOUT, seriousViolations } from './support/axe.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import type { SandboxApi } from './support/sandbox-api.ts';

/** The smallest window the app supports. */
const SMALL = { width: 1024, height: 700 };
/** How long a read of the whole organization may take under the sandbox's rate limit (a hang guard). */
const READ_BOUND = 60_000;

/** The part of the file the edits touch (the file's schema is `shared/orgfile/schema.ts`). */
interface EditableFile {
  members: { email: string; name?: string; role: string | null }[];
  teams: { title: string; members: { email: string; role: string }[] }[];
  sites?: {
    title: string;
    sections?: { title: string; path: string; variants: { space: string; path: string }[] }[];
  }[];
}

/** One edit of the file: what it does to the text, the steps it plans, and how the API shows it once applied. */
interface FileEdit {
  what: string;
  edit: (file: EditableFile) => void;
  /** Sentences the plan must show for it. */
  steps: (file: EditableFile) => string[];
  check: (api: SandboxApi, orgId: string) => Promise<void>;
}

const email = (file: EditableFile, name: string): string => {
  const found = file.members.find((member) => member.name === name);
  if (found === undefined) throw new Error(`no member named ${name} in the file`);
  return found.email;
};
const team = (file: EditableFile, title: string) => {
  const found = file.teams.find((entry) => entry.title === title);
  if (found === undefined) throw new Error(`no team titled ${title} in the file`);
  return found;
};

const MOVED = ['Sophie Wilson', 'Adele Goldberg', 'Ivan Sutherland'];

/** The demo's site with sections, and the section the story adds to it (a space it does not publish yet). */
const SITE = 'Acme Docs';
const SECTION = { title: 'Release notes', path: 'release-notes', space: 'Product / Release Notes' };

/** The edits of the story: a team renamed, three members moved between teams, a section added to a site. */
const EDITS: FileEdit[] = [
  {
    what: 'rename the Support team',
    edit: (file) => {
      team(file, 'Support').title = 'Customer Support';
    },
    steps: () => ['Rename team “Support” to “Customer Support”'],
    check: async (api, orgId) => {
      await api.teamId(orgId, 'Customer Support');
      const teams = await api.call('GET', `/v1/orgs/${orgId}/teams`, { query: { limit: 100 } });
      const titles = (teams.body as { items: { title: string }[] }).items.map((item) => item.title);
      expect(titles).not.toContain('Support');
    },
  },
  {
    what: 'move three members from Design to Security',
    edit: (file) => {
      const design = team(file, 'Design');
      const security = team(file, 'Security');
      const moving = new Set(MOVED.map((name) => email(file, name)));
      design.members = design.members.filter((member) => !moving.has(member.email));
      security.members.push(...[...moving].map((address) => ({ email: address, role: 'member' })));
    },
    steps: (file) =>
      MOVED.flatMap((name) => [
        `Add ${email(file, name)} to team “Security” as member`,
        `Remove ${email(file, name)} from team “Design”`,
      ]),
    check: async (api, orgId) => {
      const names = async (title: string) =>
        (await api.teamMembers(orgId, await api.teamId(orgId, title))).map((member) => member.name);
      const design = await names('Design');
      const security = await names('Security');
      for (const name of MOVED) {
        expect(design).not.toContain(name);
        expect(security).toContain(name);
      }
    },
  },
  {
    what: 'add a section to the Acme Docs site',
    edit: (file) => {
      const site = file.sites?.find((entry) => entry.title === SITE);
      if (site?.sections === undefined) throw new Error(`no site titled ${SITE} with sections in the file`);
      site.sections.push({
        title: SECTION.title,
        path: SECTION.path,
        variants: [{ space: SECTION.space, path: SECTION.path }],
      });
    },
    steps: () => [`Create section “${SECTION.title}” of site “${SITE}” at /${SECTION.path}`],
    check: async (api, orgId) => {
      const sites = await api.call('GET', `/v1/orgs/${orgId}/sites`, { query: { limit: 100 } });
      const site = (sites.body as { items: { id: string; title: string }[] }).items.find(
        (entry) => entry.title === SITE,
      );
      expect(site).toBeDefined();
      const sections = await api.call('GET', `/v1/orgs/${orgId}/sites/${site!.id}/sections`, {
        query: { limit: 100 },
      });
      expect(sections.status).toBe(200);
      const added = (sections.body as { items: { title: string; path: string }[] }).items.find(
        (entry) => entry.title === SECTION.title,
      );
      expect(added).toMatchObject({ path: SECTION.path });
    },
  },
];

describe('an administrator changing the organization through its file', () => {
  const session = useRig();

  it(
    'exports, edits, plans, applies and checks the file; sees and settles drift',
    async () => {
      const { api, orgId } = session.rig;
      const page = session.tab.page;
      await page.setViewportSize(SMALL);
      const app = await DocsAdmin.open(page, session.rig.running.url);
      const orgFile = new OrgFilePage(app.page);
      await orgFile.goto();

      // Export: the file is offered to save (a download) and to edit.
      await orgFile.export();
      const saved = await orgFile.saveExport();
      expect(saved.name).toMatch(/^acme-docs-\d{4}-\d{2}-\d{2}\.org\.yaml$/);
      const exported = parse(saved.text) as EditableFile;
      expect(exported.teams.map((entry) => entry.title)).toContain('Support');
      await orgFile.root.getByTestId('org-file-edit-export').click();
      await expect.poll(() => orgFile.editor.inputValue(), eventually).toBe(saved.text);

      // A broken file names its problem by path, and what was typed stays.
      await orgFile.editor.fill(saved.text.replace(/role: owner/, 'role: boss'));
      await orgFile.root.getByTestId('org-file-problem').first().waitFor();
      expect(await orgFile.root.getByTestId('org-file-problems').innerText()).toMatch(
        /teams\[\d+\]\.members\[\d+\]\.role/,
      );
      expect(await orgFile.root.getByTestId('org-file-plan').isDisabled()).toBe(true);

      // The edits, typed into the editor as a whole new text.
      const file = parse(saved.text) as EditableFile;
      for (const edit of EDITS) edit.edit(file);
      await orgFile.editor.fill(stringify(file, { lineWidth: 0 }));
      await orgFile.root.getByTestId('org-file-valid').waitFor();

      // The plan's preview: counts, every sentence, the text diff.
      await orgFile.root.getByTestId('org-file-plan').click();
      await orgFile.preview.waitFor();
      expect(await orgFile.counts('team')).toEqual({ create: '0', update: '1', delete: '0' });
      expect(await orgFile.counts('team-member')).toEqual({ create: '3', update: '0', delete: '3' });
      const sentences = await orgFile.steps().allInnerTexts();
      expect(sentences).toHaveLength(8);
      for (const edit of EDITS)
        for (const step of edit.steps(file))
          expect(
            sentences.some((sentence) => sentence.includes(step)),
            `${edit.what}: ${step}`,
          ).toBe(true);
      expect(await orgFile.preview.locator('[data-dangerous="true"]').count()).toBe(0);
      await orgFile.root.getByTestId('org-file-diff-toggle').click();
      expect(
        await orgFile.preview.locator('[data-testid="source-line"][data-kind="add"]').allInnerTexts(),
      ).toEqual(expect.arrayContaining([expect.stringContaining('Customer Support')]));
      expect(await seriousViolations(page)).toEqual([]);

      // Apply, and the report: every step done; the same file planned again changes nothing.
      await orgFile.root.getByTestId('org-file-apply').click();
      await orgFile.report.waitFor();
      await orgFile.root.getByTestId('org-file-nothing').waitFor({ timeout: eventually.timeout });
      expect(await orgFile.report.getByTestId('org-file-report-counts').innerText()).toContain(
        '8 done, 0 skipped, 0 failed, of 8',
      );
      const states = await Promise.all(
        (await orgFile.reportSteps().all()).map((row) => row.getAttribute('data-state')),
      );
      expect(states).toEqual(Array(8).fill('done'));
      for (const edit of EDITS) await edit.check(api, orgId);
      await expect.poll(() => orgFile.driftBadge.innerText(), eventually).toBe('No drift');

      // Drift: a team renamed and a role changed through the API since the apply.
      const renamed = await api.call(
        'PATCH',
        `/v1/orgs/${orgId}/teams/${await api.teamId(orgId, 'Customer Support')}`,
        {
          body: { title: 'Helpdesk' },
        },
      );
      expect(renamed.status).toBe(200);
      const hedy = await api.memberId(orgId, 'Hedy Lamarr');
      const role = await api.memberRole(orgId, hedy);
      const promoted = await api.call('PATCH', `/v1/orgs/${orgId}/members/${hedy}`, {
        body: { role: 'edit' },
      });
      expect(promoted.status).toBe(200);
      await orgFile.tab('drift');
      await orgFile.root.getByTestId('org-file-drift-check').click();
      await expect.poll(() => orgFile.driftBadge.innerText(), eventually).toBe('Drift: 2');
      const items = await orgFile.driftSteps().allInnerTexts();
      expect(items.some((item) => item.includes('Rename team “Helpdesk” to “Customer Support”'))).toBe(true);
      expect(items.some((item) => item.includes(`role from edit to ${role}`))).toBe(true);

      // Adopt the rename (the stored file now says Helpdesk); re-apply the role (the API has it back).
      const renameItem = orgFile.driftSteps().filter({ hasText: 'Helpdesk' });
      await renameItem.getByTestId('org-file-adopt').click();
      await expect.poll(() => orgFile.driftBadge.innerText(), eventually).toBe('Drift: 1');
      await orgFile.driftSteps().first().getByTestId('org-file-reapply').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => api.memberRole(orgId, hedy), eventually).toBe(role);
      await expect.poll(() => orgFile.driftBadge.innerText(), eventually).toBe('No drift');
      expect(await api.teamId(orgId, 'Helpdesk')).toBeTruthy();
      expect(await seriousViolations(page)).toEqual([]);
    },
    AXE_TIMEOUT,
  );
  it(
    'keeps an apply stopped by a failing step across a reload, and resumes it without doing anything twice',
    async () => {
      const { api, orgId } = session.rig;
      const page = session.tab.page;
      await page.setViewportSize(SMALL);
      const made = await api.call('PUT', `/v1/orgs/${orgId}/teams`, { body: { title: 'Resume A' } });
      expect(made.status).toBeLessThan(300);
      const app = await DocsAdmin.open(page, session.rig.running.url, OrgFilePage.route(orgId));
      const orgFile = new OrgFilePage(app.page);
      await orgFile.shown();
      await orgFile.export();
      const file = parse((await orgFile.saveExport()).text) as EditableFile;

      // The file, opened with the picker: a role changed, a team renamed and given a member.
      const niklaus = file.members.find((member) => member.name === 'Niklaus Wirth')!;
      const before = niklaus.role;
      niklaus.role = 'comment';
      const resumeTeam = team(file, 'Resume A');
      resumeTeam.title = 'Resume B';
      resumeTeam.members.push({ email: email(file, 'Vint Cerf'), role: 'member' });
      const text = stringify(file, { lineWidth: 0 });
      await orgFile.root
        .getByTestId('org-file-open')
        .setInputFiles({ name: 'resume.org.yaml', mimeType: 'application/yaml', buffer: Buffer.from(text) });
      await expect.poll(() => orgFile.editor.inputValue(), eventually).toBe(text);
      await orgFile.root.getByTestId('org-file-valid').waitFor();
      await orgFile.root.getByTestId('org-file-plan').click();
      await orgFile.preview.waitFor();
      expect(await orgFile.steps().count()).toBe(3);

      // Meanwhile someone takes the new title: the rename is refused and the apply stops there.
      const blocker = await api.call('PUT', `/v1/orgs/${orgId}/teams`, { body: { title: 'Resume B' } });
      expect(blocker.status).toBeLessThan(300);
      await orgFile.root.getByTestId('org-file-apply').click();
      const counts = orgFile.report.getByTestId('org-file-report-counts');
      await expect.poll(() => counts.innerText(), eventually).toContain('1 done, 0 skipped, 1 failed, of 3');
      const failed = orgFile.report.locator('[data-testid="org-file-report-step"][data-state="failed"]');
      expect(await failed.getByTestId('org-file-step-message').innerText()).toContain('already exists');

      // A reload keeps the stopped apply, its report and its Resume.
      await page.reload();
      await orgFile.report.waitFor();
      expect(await counts.innerText()).toContain('1 done, 0 skipped, 1 failed, of 3');
      await api.call('DELETE', `/v1/orgs/${orgId}/teams/${await api.teamId(orgId, 'Resume B')}`);
      await orgFile.report.getByTestId('org-file-resume').click();
      await expect.poll(() => counts.innerText(), eventually).toContain('3 done, 0 skipped, 0 failed, of 3');
      expect(await orgFile.report.getByRole('heading').innerText()).toBe('Applied');
      expect(await orgFile.report.getByTestId('org-file-resume').count()).toBe(0);

      // Everything is applied, and the role change (done before the stop) was sent once.
      const niklausId = await api.memberId(orgId, 'Niklaus Wirth');
      expect(before).not.toBe('comment');
      expect(await api.memberRole(orgId, niklausId)).toBe('comment');
      const members = await api.teamMembers(orgId, await api.teamId(orgId, 'Resume B'));
      expect(members.map((member) => member.name)).toEqual(['Vint Cerf']);
      const events = await api.call('GET', `/v1/orgs/${orgId}/audit-events`, {
        query: { action: 'member.role_changed', target: niklausId, limit: 100 },
      });
      expect((events.body as { items: unknown[] }).items).toHaveLength(1);

      // The way back: the organization as exported before the apply, planned and applied, undoes it. Each plan reads
      // the organization again (grants: two reads per collection and space, six per site); after the first story the
      // sandbox's rate-limit window is mostly spent, so the pacer spreads these reads: a bound, not a measure.
      await orgFile.root.getByTestId('org-file-nothing').waitFor({ timeout: READ_BOUND });
      await orgFile.report.getByTestId('org-file-plan-back').click();
      await expect.poll(() => orgFile.steps().count(), { ...eventually, timeout: READ_BOUND }).toBe(3);
      await orgFile.root.getByTestId('org-file-apply').click();
      await orgFile.root.getByTestId('org-file-nothing').waitFor({ timeout: READ_BOUND });
      expect(await counts.innerText()).toContain('3 done, 0 skipped, 0 failed, of 3');
      expect(await api.memberRole(orgId, niklausId)).toBe(before);
      expect(await api.teamMembers(orgId, await api.teamId(orgId, 'Resume A'))).toEqual([]);
    },
    AXE_TIMEOUT + 2 * READ_BOUND,
  );
});
