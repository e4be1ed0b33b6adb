import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../../shared/contract/resources/revisions.ts';
import { buildReviewTree } from './classify.ts';
import {
  isViewed,
  readMarks,
  viewedCount,
  viewedKey,
  withViewed,
  writeMarks,
  type MarkStorage,
} from './viewed.ts';

function memoryStorage(): MarkStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const page = (id: string, fields: Partial<Page> = {}): Page => ({
  id,
  title: `T${id}`,
  type: 'document',
  documentId: `d${id}`,
  ...fields,
});

describe('viewed marks', () => {
  const base = [page('a'), page('b')];

  it('are kept per profile and request, and survive a reload', () => {
    const storage = memoryStorage();
    const tree = buildReviewTree(base, [page('a', { documentId: 'a2' }), page('b', { title: 'B' })]);
    const a = tree.nodes.get('a')!.change!;
    const key = viewedKey('profile', 'cr1');
    writeMarks(storage, key, withViewed({}, a, true));
    const marks = readMarks(storage, key);
    expect(isViewed(marks, a)).toBe(true);
    expect(isViewed(marks, tree.nodes.get('b')!.change!)).toBe(false);
    expect(
      viewedCount(
        marks,
        tree.changed.map((id) => tree.nodes.get(id)!.change!),
      ),
    ).toBe(1);
    expect(viewedKey('other', 'cr1')).not.toBe(key);
  });

  it('clear when the page changes again (body, title or place)', () => {
    const before = buildReviewTree(base, [page('a', { documentId: 'a2' }), page('b')]).nodes.get(
      'a',
    )!.change!;
    const marks = withViewed({}, before, true);
    const again = (fields: Partial<Page>) =>
      buildReviewTree(base, [page('a', { documentId: 'a2', ...fields }), page('b')]).nodes.get('a')!.change!;
    expect(isViewed(marks, again({}))).toBe(true);
    expect(isViewed(marks, again({ documentId: 'a3' }))).toBe(false);
    expect(isViewed(marks, again({ title: 'New title' }))).toBe(false);
    const moved = buildReviewTree(
      [page('p'), ...base],
      [{ ...page('p'), pages: [page('a', { documentId: 'a2' })] }, page('b')],
    ).nodes.get('a')!.change!;
    expect(isViewed(marks, moved)).toBe(false);
  });

  it('can be unmarked, and an empty set removes the entry', () => {
    const storage = memoryStorage();
    const change = buildReviewTree(base, [page('a', { documentId: 'x' }), page('b')]).nodes.get('a')!.change!;
    const key = viewedKey('p', 'c');
    writeMarks(storage, key, withViewed({}, change, true));
    writeMarks(storage, key, withViewed(readMarks(storage, key), change, false));
    expect(storage.data.has(key)).toBe(false);
  });

  it('read nothing from a damaged entry', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readMarks(storage, 'k')).toEqual({});
    storage.setItem('k', '[1,2]');
    expect(readMarks(storage, 'k')).toEqual({});
    storage.setItem('k', '{"a": 3, "b": "sig"}');
    expect(readMarks(storage, 'k')).toEqual({ b: 'sig' });
  });
});
