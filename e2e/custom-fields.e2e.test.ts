/**
 * User stories of custom fields: define a choice field with its options, retitle it, delete another after a
 * confirmation that counts its values; in the grid, edit a cell by keyboard, paste a 2×2 block from a spreadsheet,
 * and see a text typed in a number column marked and not sent; the server's refusal of a taken name shown on the
 * name with what was typed kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomFieldsPage } from './pages/custom-fields.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { eventually } from './support/expect.ts';
import { screenshotBothSchemes } from './support/screenshots.ts';
import { useRig } from './support/rig.ts';
import { spacesApi } from './support/spaces-api.ts';

/** Fields the grid stories use; the `0-` prefix sorts them first, so their columns are on screen. */
const DAYS = '0-e2e-days';
const OWNER = '0-e2e-owner';
const SPACES = ['CF Grid 1', 'CF Grid 2', 'CF Grid 3'];

describe('an administrator managing custom fields', () => {
  const session = useRig();
  const spaceIds = new Map<string, string>();

  const api = () => session.rig.api;
  const org = () => `/v1/orgs/${session.rig.orgId}/custom-fields`;

  /** A space's values as the API shows them: field name → value. */
  const valuesOf = async (title: string): Promise<Record<string, unknown>> => {
    const answer = await api().call('GET', `/v1/spaces/${spaceIds.get(title)}/custom-fields`);
    if (answer.status !== 200) throw new Error(`space values: HTTP ${answer.status}`);
    const list = answer.body as { customField: { name: string }; value?: unknown }[];
    return Object.fromEntries(list.filter((e) => 'value' in e).map((e) => [e.customField.name, e.value]));
  };
  const field = async (name: string) => {
    const answer = await api().call('GET', `${org()}/${name}`);
    return answer.status === 200
      ? (answer.body as { title: string; type: string; options?: string[] })
      : undefined;
  };
  const createField = async (body: Record<string, unknown>) => {
    const answer = await api().call('POST', org(), { body });
    if (answer.status !== 201) throw new Error(`create field: HTTP ${answer.status}`);
  };

  beforeAll(async () => {
    const spaces = spacesApi(api());
    for (const title of SPACES)
      spaceIds.set(title, (await spaces.createSpace(session.rig.orgId, { title })).id);
    await createField({ name: DAYS, type: 'number', title: 'E2E days' });
    await createField({ name: OWNER, type: 'text', title: 'E2E owner' });
  });

  /** Opens the app on the custom fields: at their route, or (`from: 'sidebar'`) through the sidebar's link. */
  const open = async (from: 'route' | 'sidebar' = 'route') => {
    const route = from === 'route' ? CustomFieldsPage.route(session.rig.orgId) : undefined;
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url, route);
    const screen = new CustomFieldsPage(app.page);
    if (from === 'route') await screen.shown();
    else await screen.goto();
    return screen;
  };

  it('creates a choice field with its options, retitles it, and deletes another after a confirmation', async () => {
    await createField({ name: 'scratch', type: 'text', title: 'Scratch notes' });
    for (const title of ['CF Grid 1', 'CF Grid 2'])
      await api().call('PATCH', `/v1/spaces/${spaceIds.get(title)}/custom-fields`, {
        body: { values: { scratch: { value: `note on ${title}` } } },
      });
    const screen = await open();
    await screen.definitions();

    await screen.openNew();
    await screen.input('title').fill('Release track');
    expect(await screen.input('name').inputValue()).toBe('release-track');
    await screen.input('type').selectOption('select:single');
    await screen.typeOptions(['Alpha', 'Beta', 'GA']);
    await screen.submit();
    await screen.dialog.waitFor({ state: 'detached' });
    await screen.fieldRow('Release track').waitFor();
    expect(await field('release-track')).toMatchObject({
      title: 'Release track',
      type: 'select:single',
      options: ['Alpha', 'Beta', 'GA'],
    });

    await screen.openEdit('Release track');
    await screen.input('title').fill('Release channel');
    await screen.submit();
    await screen.fieldRow('Release channel').waitFor();
    await expect.poll(async () => (await field('release-track'))?.title, eventually).toBe('Release channel');

    const asked = await screen.delete('Scratch notes');
    expect(asked).toContain('Scratch notes');
    expect(asked).toContain('values on 2 spaces will be removed');
    expect(await field('scratch')).toBeUndefined();
    expect(await valuesOf('CF Grid 1')).not.toHaveProperty('scratch');
  });

  it('edits a cell by keyboard, pastes a 2×2 block, and keeps an invalid number back', async () => {
    const screen = await open('sidebar');
    await screen.filter('CF Grid');
    await screen.row('CF Grid 3').waitFor();

    // Typing starts the edit; Enter saves and moves down.
    await screen.select('CF Grid 1', OWNER);
    await session.tab.page.keyboard.type('Docs team');
    await session.tab.page.keyboard.press('Enter');
    await expect.poll(async () => (await valuesOf('CF Grid 1'))[OWNER], eventually).toBe('Docs team');
    expect(await screen.active()).toBe('1:1');
    await expect.poll(() => screen.cell('CF Grid 1', OWNER).innerText(), eventually).toBe('Docs team');

    // A block copied from a spreadsheet lands from the active cell: two spaces, two fields.
    await session.tab.page.keyboard.press('ArrowLeft');
    expect(await screen.active()).toBe('1:0');
    await screen.paste('7\tAna\r\n14\tBo\r\n');
    await expect.poll(() => valuesOf('CF Grid 2'), eventually).toMatchObject({ [DAYS]: 7, [OWNER]: 'Ana' });
    await expect.poll(() => valuesOf('CF Grid 3'), eventually).toMatchObject({ [DAYS]: 14, [OWNER]: 'Bo' });
    await expect
      .poll(() => screen.cell('CF Grid 3', OWNER).getAttribute('data-state'), eventually)
      .toBe('value');
    // The pasted block is the selection now: Ctrl+C copies it back as TSV.
    expect(await screen.grid.getAttribute('data-selection')).toBe('1:0:2:1');
    expect(await screen.copy()).toBe('7\tAna\r\n14\tBo');

    // Text in a number column is marked with the reason and never sent.
    await screen.select('CF Grid 1', DAYS);
    await session.tab.page.keyboard.press('F2');
    await session.tab.page.keyboard.type('soon');
    await session.tab.page.keyboard.press('Enter');
    const invalid = screen.cell('CF Grid 1', DAYS);
    await expect.poll(() => invalid.getAttribute('data-state'), eventually).toBe('invalid');
    expect(await invalid.getAttribute('aria-invalid')).toBe('true');
    expect(await invalid.innerText()).toContain('soon');
    await session.tab.page.keyboard.press('ArrowUp');
    await expect.poll(() => screen.status.innerText(), eventually).toContain('“soon” is not a number');
    expect(await valuesOf('CF Grid 1')).not.toHaveProperty(DAYS);
    await screen.root.getByTestId('cf-problems').waitFor();
    // Shift+arrows select a block (shown in the screenshots with the marked cell).
    await session.tab.page.keyboard.press('Shift+ArrowDown');
    await session.tab.page.keyboard.press('Shift+ArrowRight');
    expect(await screen.grid.getAttribute('data-selection')).toBe('0:0:1:1');
    await screenshotBothSchemes(session.tab.page, 'custom-fields-grid');
    // Leaving the screen and coming back keeps the unsaved cell, with its reason.
    await session.tab.page.getByTestId('nav-content').click();
    await screen.root.waitFor({ state: 'detached' });
    await screen.goto();
    await expect
      .poll(() => screen.cell('CF Grid 1', DAYS).getAttribute('data-state'), eventually)
      .toBe('invalid');
    expect(await screen.cell('CF Grid 1', DAYS).innerText()).toContain('soon');
  });

  it('shows the server refusing a taken name on the name field, with what was typed kept', async () => {
    const screen = await open();
    await screen.definitions();
    await screen.openNew();
    await screen.input('title').fill('Owner again');
    await screen.input('name').fill('owner');
    await screen.submit();
    await screen.fieldError('name').waitFor();
    expect(await screen.fieldError('name').innerText()).toContain('already exists');
    expect(await screen.input('name').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.input('name').inputValue()).toBe('owner');
    expect(await screen.input('title').inputValue()).toBe('Owner again');
    expect((await field('owner'))?.title).toBe('Owner');
  });
});
