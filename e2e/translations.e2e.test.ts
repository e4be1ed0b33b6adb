/**
 * User stories of translation settings: create settings with two languages picked by keyboard, rename them, delete
 * them; and an empty title refused by the form with the chosen languages kept.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { TranslationsPage } from './pages/translations.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

describe('an administrator managing translation settings', () => {
  const session = useRig();

  /** The translation settings as the API lists them: title → languages. */
  const settings = async (): Promise<Record<string, unknown>> => {
    const answer = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/translations`, {
      query: { limit: 100 },
    });
    if (answer.status !== 200) throw new Error(`list translations: HTTP ${answer.status}`);
    const items = (answer.body as { items: { title: string; languages: unknown }[] }).items;
    return Object.fromEntries(items.map((item) => [item.title, item.languages]));
  };

  const open = async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const translations = new TranslationsPage(app.page);
    await translations.goto();
    return translations;
  };

  it('creates settings with two languages, renames them, and deletes them', async () => {
    const translations = await open();
    const title = `Help center ${Date.now().toString(36)}`;

    await translations.openNew();
    await translations.title.fill(title);
    await translations.pickLanguage('fren');
    await translations.pickLanguage('japan');
    expect(await translations.chosen()).toEqual(['fr', 'ja']);
    await translations.submit();
    await translations.dialog.waitFor({ state: 'detached' });
    await translations.row(title).waitFor();
    await expect.poll(async () => (await settings())[title], eventually).toEqual(['fr', 'ja']);
    expect(await translations.row(title).innerText()).toContain('Japanese');

    const renamed = `${title} (renamed)`;
    await translations.openEdit(title);
    expect(await translations.chosen()).toEqual(['fr', 'ja']);
    await translations.title.fill(renamed);
    await translations.submit();
    await translations.row(renamed).waitFor();
    await expect.poll(async () => (await settings())[renamed], eventually).toEqual(['fr', 'ja']);
    expect(Object.keys(await settings())).not.toContain(title);

    const asked = await translations.delete(renamed);
    expect(asked).toContain(renamed);
    await expect.poll(async () => Object.keys(await settings()), eventually).not.toContain(renamed);
  });

  it('refuses an empty title in the form and keeps the chosen languages', async () => {
    const translations = await open();
    const before = Object.keys(await settings()).length;

    await translations.openNew();
    await translations.pickLanguage('german');
    await translations.title.fill('   ');
    await translations.submit();
    await translations.fieldError('title').waitFor();
    expect(await translations.fieldError('title').innerText()).toContain('Title');
    expect(await translations.title.getAttribute('aria-invalid')).toBe('true');
    expect(await translations.chosen()).toEqual(['de']);
    expect(Object.keys(await settings())).toHaveLength(before);

    // Fixed, it saves with the language picked before the refusal.
    const title = `Partner portal ${Date.now().toString(36)}`;
    await translations.title.fill(title);
    await translations.submit();
    await translations.row(title).waitFor();
    await expect.poll(async () => (await settings())[title], eventually).toEqual(['de']);
  });
});
