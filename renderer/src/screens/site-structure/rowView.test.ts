import { describe, expect, it } from 'vitest';
import type { SiteSection, SiteSpace } from '../../../../shared/contract/resources/siteStructure.ts';
import { applyMove } from './applyMove.ts';
import { buildStructureTree, flattenStructure, ROOT, structureKey, type StructureData } from './model.ts';
import { rowView, sameRowView } from './rowView.ts';

const variant = (id: string, section: string, isDefault = false): SiteSpace => ({
  object: 'site-space',
  id,
  title: id,
  path: id,
  section,
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

const data: StructureData = {
  type: 'sections',
  structure: [
    section('docs', ['v1', 'v2'], { default: true, condition: 'visitor.claims.beta' }),
    { object: 'site-section-group', id: 'guides', title: 'Guides', sections: [section('api', ['a1'])] },
    section('blog', ['b1']),
  ],
};
const viewsOf = (structure: StructureData) => {
  const tree = buildStructureTree(structure);
  return new Map(flattenStructure(tree, new Set(tree.nodes.keys())).map((row) => [row.key, rowView(row)]));
};

describe('rowView', () => {
  it('gives what a row shows: icon, path, count, condition, default', () => {
    const views = viewsOf(data);
    expect(views.get(structureKey('section', 'docs'))).toMatchObject({
      kind: 'section',
      icon: '📚',
      path: 'docs',
      count: 2,
      condition: 'visitor.claims.beta',
      isDefault: true,
      depth: 0,
      posInSet: 1,
      setSize: 3,
    });
    expect(views.get(structureKey('group', 'guides'))).toMatchObject({
      icon: '🗂',
      path: undefined,
      count: 1,
      condition: undefined,
      isDefault: false,
    });
    expect(views.get(structureKey('site-space', 'v2'))).toMatchObject({
      icon: '📄',
      path: 'v2',
      count: undefined,
      depth: 1,
      posInSet: 2,
    });
  });

  it('keeps rows equal when the structure is rebuilt, and tells the ones a move changed', () => {
    const before = viewsOf(data);
    const rebuilt = viewsOf(structuredClone(data));
    for (const [key, view] of before) expect(sameRowView(view, rebuilt.get(key)!)).toBe(true);

    const moved = viewsOf(
      applyMove(data, structureKey('section', 'blog'), {
        parent: ROOT,
        anchor: { key: structureKey('section', 'docs'), side: 'before' },
      }),
    );
    const changed = [...before]
      .filter(([key, view]) => !sameRowView(view, moved.get(key)!))
      .map(([key]) => key);
    // Only the positions among the top level changed; the variants inside are the same rows.
    expect(changed.sort()).toEqual(
      [
        structureKey('section', 'blog'),
        structureKey('section', 'docs'),
        structureKey('group', 'guides'),
      ].sort(),
    );
  });
});
