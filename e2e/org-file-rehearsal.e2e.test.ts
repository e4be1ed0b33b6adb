/**
 * The organization file's rehearsal (issue 19), at the smallest window the app supports (1024×700): an
 * administrator of the demo's small organization, Acme Labs, copies it into the local sandbox ("Rehearse in the
 * sandbox"), plans an edited file against the copy (the screen says so), applies it there, opens the copy and sees
 * the change in it, while Acme Labs itself is left as it was.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DocsAdmin } from './pages/docs-admin.ts';
import { OrgFilePage } from './pages/org-file.ts';
import { TeamsPanel } from './pages/teams-panel.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

const SMALL = { width: 1024, height: 700 };
/** A read and a copy of a small organization under the sandbox's pacing (a hang guard, not a measure). */
const COPY_BOUND = 60_000;

describe('rehearsing an organization file in the local sandbox', () => {
  const session = useRig();

  it(
    'copies Acme Labs into the sandbox, applies a renamed team to the copy, and sees it there only',
    async () => {
      const { api } = session.rig;
      const page = session.tab.page;
      await page.setViewportSize(SMALL);
      const labsId = await api.orgId('Acme Labs');
      const app = await DocsAdmin.open(page, session.rig.running.url);
      await app.page.evaluate(`location.hash = ${JSON.stringify(`/p/local/orgs/${labsId}/org-file`)}`);
      const orgFile = new OrgFilePage(app.page);
      await orgFile.root.waitFor();
      const target = orgFile.root.getByTestId('org-file-target-now');
      await expect.poll(() => target.innerText(), eventually).toContain('against “Acme Labs” itself');

      // Rehearse: the copy is made, and plans now go to it (said on the screen).
      await orgFile.root.getByTestId('org-file-rehearse').click();
      await orgFile.root.getByTestId('org-file-rehearsal-summary').waitFor({ timeout: COPY_BOUND });
      expect(await target.innerText()).toContain('against the sandbox copy “Acme Labs (rehearsal)”');
      expect(await orgFile.root.getByTestId('org-file-target-copy').isChecked()).toBe(true);

      // The file: exported from Acme Labs, a team renamed, planned against the copy, applied there.
      await orgFile.export();
      await orgFile.root.getByTestId('org-file-edit-export').click();
      const text = await orgFile.editor.inputValue();
      const file = parse(text) as { teams: { title: string }[] };
      file.teams.find((team) => team.title === 'Prototypes')!.title = 'Experiments';
      await orgFile.editor.fill(stringify(file, { lineWidth: 0 }));
      await orgFile.root.getByTestId('org-file-valid').waitFor();
      await orgFile.root.getByTestId('org-file-plan').click();
      await orgFile.preview.waitFor({ timeout: COPY_BOUND });
      expect(await orgFile.steps().allInnerTexts()).toEqual([
        expect.stringContaining('Rename team “Prototypes” to “Experiments”'),
      ]);
      await orgFile.root.getByTestId('org-file-apply').click();
      await orgFile.report.waitFor();
      const counts = orgFile.report.getByTestId('org-file-report-counts');
      await expect.poll(() => counts.innerText(), eventually).toContain('1 done, 0 skipped, 0 failed, of 1');

      // The copy, opened and looked at: the team is renamed there; Acme Labs keeps its own.
      await orgFile.root.getByTestId('org-file-open-copy').click();
      const orgOfRoute = () => /^\/p\/local\/orgs\/([^/]+)/.exec(app.route())?.[1];
      await expect.poll(orgOfRoute, eventually).not.toBe(labsId);
      const copyId = orgOfRoute()!;
      await app.page.evaluate(`location.hash = ${JSON.stringify(`/p/local/orgs/${copyId}/people`)}`);
      const teams = new TeamsPanel(app.page);
      await expect.poll(() => teams.titles(), eventually).toEqual(['Experiments']);
      await api.teamId(copyId, 'Experiments');
      await api.teamId(labsId, 'Prototypes');
    },
    3 * COPY_BOUND,
  );
});
