import { describe, expect, it } from 'vitest';
import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
} from '../../../../shared/contract/resources/siteStructure.ts';
import { applyMove } from './applyMove.ts';
import { pathConflict, publicUrl } from './paths.ts';
import {
  buildStructureTree,
  dropSpots,
  flattenStructure,
  placementFor,
  planMove,
  refusal,
  ROOT,
  stepTarget,
  targetOfDrop,
  type StructureData,
} from './model.ts';

const variant = (id: string, section: string | undefined, isDefault = false): SiteSpace => ({
  object: 'site-space',
  id,
  title: id,
  path: id,
  ...(section !== undefined ? { section } : {}),
  default: isDefault,
});
const section = (id: string, spaces: string[], extra: Partial<SiteSection> = {}): SiteSection => ({
  object: 'site-section',
  id,
  title: id,
  path: id,
  siteSpaces: spaces.map((s, i) => variant(s, id, i === 0)),
  ...extra,
});
const group = (id: string, sections: SiteSection[]): SiteSectionGroup => ({
  object: 'site-section-group',
  id,
  title: id,
  sections: sections.map((s) => ({ ...s, sectionGroup: id })),
});

// Top level: docs (v1, v2), guides ⊃ (api (a1), howto (h1)), empty group, blog (b1).
const data: StructureData = {
  type: 'sections',
  structure: [
    section('docs', ['v1', 'v2'], { default: true }),
    group('guides', [section('api', ['a1']), section('howto', ['h1'])]),
    group('empty', []),
    section('blog', ['b1']),
  ],
};
const tree = buildStructureTree(data);
const all = new Set(tree.nodes.keys());
const rows = flattenStructure(tree, all);
const closed = () => false;
const open = () => true;

/** The structure's keys in order, for assertions. */
function outline(structure: StructureData): string[] {
  const built = buildStructureTree(structure);
  return flattenStructure(built, new Set(built.nodes.keys())).map(
    (row) => `${'  '.repeat(row.depth)}${row.key}`,
  );
}

describe('buildStructureTree and flattenStructure', () => {
  it('nests groups, sections and site spaces in the server order', () => {
    expect(outline(data)).toEqual([
      'section:docs',
      '  site-space:v1',
      '  site-space:v2',
      'group:guides',
      '  section:api',
      '    site-space:a1',
      '  section:howto',
      '    site-space:h1',
      'group:empty',
      'section:blog',
      '  site-space:b1',
    ]);
    expect(rows[0]).toMatchObject({ hasChildren: true, expanded: true, posInSet: 1, setSize: 4 });
    expect(rows.find((row) => row.key === 'group:empty')).toMatchObject({ hasChildren: false });
  });

  it('hides the children of closed rows', () => {
    const shown = flattenStructure(tree, new Set(['group:guides'])).map((row) => row.key);
    expect(shown).toEqual([
      'section:docs',
      'group:guides',
      'section:api',
      'section:howto',
      'group:empty',
      'section:blog',
    ]);
  });

  it('lists the site spaces of a site without sections at the top level', () => {
    const flat = buildStructureTree({
      type: 'siteSpaces',
      structure: [variant('x', undefined, true), variant('y', undefined)],
    });
    expect(flattenStructure(flat, new Set()).map((row) => [row.key, row.depth])).toEqual([
      ['site-space:x', 0],
      ['site-space:y', 0],
    ]);
  });
});

describe('drop targets', () => {
  it('splits a group row in quarters for a section, and a section row in halves for a group', () => {
    expect([2, 12, 20, 30].map((y) => placementFor(tree, 'section:blog', 'group:guides', y, 32))).toEqual([
      'before',
      'inside',
      'inside',
      'after',
    ]);
    expect([2, 30].map((y) => placementFor(tree, 'group:empty', 'section:docs', y, 32))).toEqual([
      'before',
      'after',
    ]);
    expect(placementFor(tree, 'site-space:b1', 'section:docs', 2, 32)).toBe('inside');
  });

  it('puts a section into a group, next to a grouped section, or at the top level', () => {
    expect(targetOfDrop(tree, 'section:blog', { key: 'group:empty', placement: 'inside' }, closed)).toEqual({
      parent: 'group:empty',
    });
    expect(targetOfDrop(tree, 'section:blog', { key: 'section:api', placement: 'before' }, closed)).toEqual({
      parent: 'group:guides',
      anchor: { key: 'section:api', side: 'before' },
    });
    expect(targetOfDrop(tree, 'section:api', { key: 'group:guides', placement: 'before' }, closed)).toEqual({
      parent: ROOT,
      anchor: { key: 'group:guides', side: 'before' },
    });
    // After an open group: first inside it, where the line is drawn.
    expect(targetOfDrop(tree, 'section:blog', { key: 'group:guides', placement: 'after' }, open)).toEqual({
      parent: 'group:guides',
      anchor: { key: 'section:api', side: 'before' },
    });
  });

  it('keeps groups at the top level and site spaces among site spaces', () => {
    expect(
      targetOfDrop(tree, 'group:empty', { key: 'section:api', placement: 'before' }, closed),
    ).toBeUndefined();
    expect(targetOfDrop(tree, 'group:empty', { key: 'section:docs', placement: 'before' }, closed)).toEqual({
      parent: ROOT,
      anchor: { key: 'section:docs', side: 'before' },
    });
    expect(targetOfDrop(tree, 'site-space:v2', { key: 'site-space:b1', placement: 'after' }, closed)).toEqual(
      {
        parent: 'section:blog',
        anchor: { key: 'site-space:b1', side: 'after' },
      },
    );
    expect(targetOfDrop(tree, 'site-space:v2', { key: 'section:api', placement: 'inside' }, closed)).toEqual({
      parent: 'section:api',
    });
    expect(
      targetOfDrop(tree, 'site-space:v2', { key: 'group:guides', placement: 'before' }, closed),
    ).toBeUndefined();
    expect(
      targetOfDrop(tree, 'section:blog', { key: 'site-space:v1', placement: 'after' }, closed),
    ).toBeUndefined();
  });

  it('refuses taking the last site space out of its section', () => {
    expect(refusal(tree, 'site-space:b1', { parent: 'section:docs' })).toMatch(
      /“blog” would be left without a site space/,
    );
    expect(refusal(tree, 'site-space:v2', { parent: 'section:blog' })).toBeUndefined();
  });

  it('lists each drop place once for the keyboard path, in screen order', () => {
    const spots = dropSpots(tree, rows, 'group:empty').map(
      (spot) => `${spot.placement} ${rows[spot.index]?.key}`,
    );
    // "After" an open row is drawn below its last visible descendant.
    expect(spots).toEqual([
      'before section:docs',
      'after site-space:v2',
      'after site-space:h1',
      'before section:blog',
      'after site-space:b1',
    ]);
  });

  it('steps one place among the siblings with Alt+arrows', () => {
    expect(stepTarget(tree, 'section:blog', 'up')).toEqual({
      parent: ROOT,
      anchor: { key: 'group:empty', side: 'before' },
    });
    expect(stepTarget(tree, 'section:blog', 'down')).toBeUndefined();
    expect(stepTarget(tree, 'section:api', 'down')).toEqual({
      parent: 'group:guides',
      anchor: { key: 'section:howto', side: 'after' },
    });
  });
});

describe('planMove', () => {
  it('sorts next to a sibling of the same level', () => {
    expect(
      planMove(tree, 'section:blog', { parent: ROOT, anchor: { key: 'group:guides', side: 'before' } }),
    ).toEqual([
      {
        op: 'sort',
        body: {
          item: { type: 'site-section', id: 'blog' },
          position: { before: { type: 'site-section-group', id: 'guides' } },
        },
      },
    ]);
    expect(planMove(tree, 'site-space:v1', { parent: 'section:blog' })).toEqual([
      {
        op: 'sort',
        body: {
          item: { type: 'site-space', id: 'v1' },
          position: { after: { type: 'site-space', id: 'b1' } },
        },
      },
    ]);
  });

  it('adds a section to an empty group, and takes it out of its group when the top level has no other item', () => {
    expect(planMove(tree, 'section:blog', { parent: 'group:empty' })).toEqual([
      { op: 'addSectionToGroup', groupId: 'empty', sectionId: 'blog' },
    ]);
    const lonely = buildStructureTree({ type: 'sections', structure: [group('g', [section('s', ['x'])])] });
    expect(
      planMove(lonely, 'section:s', { parent: ROOT, anchor: { key: 'group:g', side: 'after' } }),
    ).toEqual([
      {
        op: 'sort',
        body: {
          item: { type: 'site-section', id: 's' },
          position: { after: { type: 'site-section-group', id: 'g' } },
        },
      },
    ]);
    const alone = buildStructureTree({ type: 'sections', structure: [] });
    expect(planMove(alone, 'section:s', { parent: ROOT })).toEqual([]);
  });

  it('sends nothing when the item stays where it is', () => {
    expect(
      planMove(tree, 'section:blog', { parent: ROOT, anchor: { key: 'group:empty', side: 'after' } }),
    ).toEqual([]);
    expect(
      planMove(tree, 'section:docs', { parent: ROOT, anchor: { key: 'group:guides', side: 'before' } }),
    ).toEqual([]);
  });
});

describe('applyMove', () => {
  it('moves a section into a group and back out', () => {
    const into = applyMove(data, 'section:blog', { parent: 'group:empty' });
    expect(outline(into).slice(-3)).toEqual(['group:empty', '  section:blog', '    site-space:b1']);
    const out = applyMove(into, 'section:blog', {
      parent: ROOT,
      anchor: { key: 'section:docs', side: 'before' },
    });
    expect(outline(out)[0]).toBe('section:blog');
    expect(
      out.type === 'sections' && out.structure[0]?.object === 'site-section' && out.structure[0].sectionGroup,
    ).toBeUndefined();
  });

  it('reorders groups and moves a variant to another section, promoting a new default', () => {
    const groups = applyMove(data, 'group:empty', {
      parent: ROOT,
      anchor: { key: 'section:docs', side: 'before' },
    });
    expect(outline(groups)[0]).toBe('group:empty');
    const moved = applyMove(data, 'site-space:v1', { parent: 'section:blog' });
    const built = buildStructureTree(moved);
    expect(built.children.get('section:blog')).toEqual(['site-space:b1', 'site-space:v1']);
    expect(built.nodes.get('site-space:v2')?.item).toMatchObject({ default: true });
    expect(built.nodes.get('site-space:v1')?.item).toMatchObject({ default: false, section: 'blog' });
  });
});

describe('paths', () => {
  it('flags a section path used by any other section, and a variant path used in the same section', () => {
    expect(pathConflict(tree, 'section:blog', 'api')).toEqual({ key: 'section:api', title: 'api' });
    expect(pathConflict(tree, 'section:blog', ' blog ')).toBeUndefined();
    expect(pathConflict(tree, 'site-space:v2', 'v1')).toEqual({ key: 'site-space:v1', title: 'v1' });
    expect(pathConflict(tree, 'site-space:v2', 'b1')).toBeUndefined();
  });

  it('shows the public URL of a path once the site is published', () => {
    const site = 'https://docs.example/sites/acme/main/';
    expect(publicUrl(tree, undefined, 'section:blog', 'news')).toBeUndefined();
    expect(publicUrl(tree, site, 'section:blog', '/news/')).toBe(`${site}news/`);
    expect(publicUrl(tree, site, 'site-space:v2', 'beta')).toBe(`${site}docs/beta/`);
    expect(publicUrl(tree, site, 'site-space:v1', 'v1')).toBe(`${site}docs/`);
  });
});
