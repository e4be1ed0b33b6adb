/**
 * User stories of a site's structure editor and its visitor preview: grouping sections by drag, reordering by
 * keyboard, a move undone from its toast, a taken path and an undeclared claim caught before saving, and what a
 * visitor with given claims gets.
 * Every test builds its own site through the API and checks the effect through `getSiteStructure`.
 */
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SiteStructurePage } from './pages/site-structure.ts';
import { undoFromToast } from './pages/unsaved.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';
import { siteStructureApi } from './support/site-structure-api.ts';
import { spacesApi, uniqueTitle } from './support/spaces-api.ts';

describe('an administrator editing a site structure', () => {
  const session = useRig();
  const orgId = () => session.rig.orgId;
  const sites = () => siteStructureApi(session.rig.api, orgId());

  /** A site with one section per title (each publishing a new space), opened on its Structure tab. */
  const siteWith = async (
    tag: string,
    titles: string[],
    prepare?: (siteId: string, sections: { id: string }[]) => Promise<void>,
  ) => {
    const site = await sites().createSite(`${tag} site`);
    const sections = [];
    for (const title of titles) {
      const space = await spacesApi(session.rig.api).createSpace(orgId(), { title: `${tag} ${title} space` });
      sections.push(await sites().addSection(site.id, space.id, `${tag} ${title}`));
    }
    // Before the app opens: it caches what it reads.
    if (prepare !== undefined) await prepare(site.id, sections);
    await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      SiteStructurePage.route(orgId(), site.id),
    );
    const editor = new SiteStructurePage(session.tab.page);
    await editor.shown();
    return { site, sections, editor };
  };

  it('adds a group and drags two sections into it', async () => {
    const tag = uniqueTitle('Group');
    const { site, editor } = await siteWith(tag, ['a', 'b', 'c']);
    await editor.addGroup(`${tag} box`);
    await expect.poll(() => sites().outline(site.id), eventually).toContain(`${tag} box: []`);

    await editor.drag(`${tag} a`, `${tag} box`, 'inside');
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} b`, `${tag} c`, `${tag} box: [${tag} a]`]);
    await editor.settled();

    // Into a group that has a section: after its last one (a sort next to it, not an add).
    await editor.drag(`${tag} c`, `${tag} box`, 'inside');
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} b`, `${tag} box: [${tag} a, ${tag} c]`]);
    await editor.settled();
    expect(await editor.titles('section')).toEqual([`${tag} b`, `${tag} a`, `${tag} c`]);
  });

  it('reorders sections by keyboard: pick up, arrows, drop', async () => {
    const tag = uniqueTitle('Keys');
    const { site, editor } = await siteWith(tag, ['a', 'b', 'c']);
    await editor.select(`${tag} c`);
    await editor.press(' ');
    await expect.poll(() => editor.announcer.innerText(), eventually).toContain(`Picked up “${tag} c”`);
    await editor.press('ArrowUp', 'ArrowUp');
    await session.tab.page.getByTestId('structure-drop-indicator').waitFor();
    await editor.press('Enter');
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} c`, `${tag} a`, `${tag} b`]);
    await editor.settled();

    // The quick reorder: Alt+ArrowDown moves the focused row one place down.
    await editor.select(`${tag} c`);
    await editor.press('Alt+ArrowDown');
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} a`, `${tag} c`, `${tag} b`]);
  });

  it('undoes a move from its toast: the section is back in its place', async () => {
    const tag = uniqueTitle('Undo');
    const { site, editor } = await siteWith(tag, ['a', 'b', 'c']);
    await editor.select(`${tag} a`);
    await editor.press('Alt+ArrowDown');
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} b`, `${tag} a`, `${tag} c`]);
    await editor.settled();

    await undoFromToast(session.tab.page, `${tag} a`);
    await expect
      .poll(() => sites().outline(site.id), eventually)
      .toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    await editor.settled();
    expect(await editor.titles('section')).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
  });

  it('flags a path another section already uses, and sends nothing', async () => {
    const tag = uniqueTitle('Path');
    const { site, sections, editor } = await siteWith(tag, ['a', 'b']);
    const [first, second] = sections;
    await editor.select(`${tag} b`);
    await editor.field('path').fill(first!.path);
    const conflict = session.tab.page.getByTestId('section-path-conflict');
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain(`${tag} a`);
    expect(await session.tab.page.getByTestId('structure-save').isDisabled()).toBe(true);

    await editor.field('path').fill(`${second!.path}-new`);
    await conflict.waitFor({ state: 'detached' });
    expect(await session.tab.page.getByTestId('section-url-preview').innerText()).toBeTruthy();
    await session.tab.page.getByTestId('structure-save').click();
    await expect.poll(() => sites().sectionPath(site.id, second!.id), eventually).toBe(`${second!.path}-new`);
    expect(await sites().sectionPath(site.id, first!.id)).toBe(first!.path);
  });

  it('refuses a condition reading a claim the adaptive schema does not declare', async () => {
    const tag = uniqueTitle('Claim');
    const { site, sections, editor } = await siteWith(tag, ['a'], (siteId) =>
      sites().declareClaims(siteId, ['beta']),
    );
    await editor.select(`${tag} a`);
    await editor.field('condition').fill('visitor.claims.gamma == true');
    const error = session.tab.page.getByTestId('condition-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('`gamma`');
    expect(await session.tab.page.getByTestId('structure-save').isDisabled()).toBe(true);

    await editor.field('condition').fill('visitor.claims.beta == true');
    await error.waitFor({ state: 'detached' });
    await session.tab.page.getByTestId('structure-save').click();
    await expect
      .poll(async () => {
        const answer = await sites().structure(site.id);
        return answer.type === 'sections' && answer.structure[0]?.object === 'site-section'
          ? answer.structure[0].condition
          : undefined;
      }, eventually)
      .toBe('visitor.claims.beta == true');
    expect(sections).toHaveLength(1);
  });

  it('previews the site as a visitor: a conditioned section appears with its claim', async () => {
    const tag = uniqueTitle('Preview');
    const { sections, editor } = await siteWith(tag, ['open', 'beta'], async (siteId, made) => {
      await sites().declareClaims(siteId, ['beta']);
      await sites().setCondition(siteId, made[1]!.id, 'visitor.claims.beta');
    });
    await editor.openPreview();
    const page = session.tab.page;
    const row = (id: string) => page.locator(`[data-testid="preview-row"][data-id="${id}"]`);
    const visible = (id: string) => row(id).getAttribute('data-visible');
    await expect.poll(() => visible(sections[1]!.id), eventually).toBe('false');
    expect(await visible(sections[0]!.id)).toBe('true');
    expect(await row(sections[1]!.id).innerText()).toContain('visitor.claims.beta');

    const claim = page.locator('[data-testid="preview-claim"][data-claim="beta"]');
    await claim.check();
    await expect.poll(() => visible(sections[1]!.id), eventually).toBe('true');
    await claim.uncheck();
    await expect.poll(() => visible(sections[1]!.id), eventually).toBe('false');
  });
});
