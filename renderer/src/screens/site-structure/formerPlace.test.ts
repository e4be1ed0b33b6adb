import { describe, expect, it } from 'vitest';
import type { SiteSection, SiteSpace } from '../../../../shared/contract/resources/siteStructure.ts';
import { formerPlace } from './formerPlace.ts';
import { applyMove } from './applyMove.ts';
import { buildStructureTree, planMove, type StructureData } from './model.ts';

const variant = (id: string, section: string): SiteSpace => ({
  object: 'site-space',
  id,
  title: id,
  path: id,
  section,
  default: false,
});
const section = (id: string, spaces: string[]): SiteSection => ({
  object: 'site-section',
  id,
  title: id,
  path: id,
  siteSpaces: spaces.map((s) => variant(s, id)),
});

// Top level: docs (v1, v2), api (a1), blog (b1).
const data: StructureData = {
  type: 'sections',
  structure: [section('docs', ['v1', 'v2']), section('api', ['a1']), section('blog', ['b1'])],
};
const order = (d: StructureData) => {
  const tree = buildStructureTree(d);
  return [...tree.children.entries()].map(([parent, kids]) => `${parent}:${kids.join(',')}`);
};

describe('formerPlace', () => {
  it('names the place an item leaves, so that moving it there again undoes a move', () => {
    const before = buildStructureTree(data);
    for (const [key, target] of [
      ['section:docs', { parent: '', anchor: { key: 'section:blog', side: 'after' as const } }],
      ['section:api', { parent: '' }],
      ['site-space:v2', { parent: 'section:api' }],
      [
        'site-space:v1',
        { parent: 'section:blog', anchor: { key: 'site-space:b1', side: 'before' as const } },
      ],
    ] as const) {
      const back = formerPlace(before, key)!;
      const moved = applyMove(data, key, target);
      const movedTree = buildStructureTree(moved);
      expect(planMove(movedTree, key, back), key).not.toEqual([]);
      expect(order(applyMove(moved, key, back)), key).toEqual(order(data));
    }
  });

  it('answers undefined for an item it does not know', () => {
    expect(formerPlace(buildStructureTree(data), 'section:nope')).toBeUndefined();
  });
});
