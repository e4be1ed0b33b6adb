import { describe, expect, it } from 'vitest';
import { draftKey, draftsIn, memoryStore, prefsIn, resilientStore, type KeyValueStore } from './storage.ts';

describe('drafts', () => {
  it('keys each composer per profile and request', () => {
    expect(draftKey('local', 'cr1', { kind: 'new' })).toBe('docs-admin.commentDraft.local:cr1:new');
    expect(draftKey('local', 'cr1', { kind: 'new', pageId: 'p1' })).toBe(
      'docs-admin.commentDraft.local:cr1:new:page:p1',
    );
    expect(draftKey('local', 'cr1', { kind: 'reply', commentId: 'c1' })).toBe(
      'docs-admin.commentDraft.local:cr1:reply:c1',
    );
    expect(draftKey('local', 'cr1', { kind: 'edit-comment', commentId: 'c1' })).toBe(
      'docs-admin.commentDraft.local:cr1:edit:c1',
    );
    expect(draftKey('other', 'cr1', { kind: 'edit-reply', commentId: 'c1', replyId: 'r1' })).toBe(
      'docs-admin.commentDraft.other:cr1:edit:c1:r1',
    );
  });

  it('keeps text until cleared, and an empty text is no draft', () => {
    const drafts = draftsIn(memoryStore());
    expect(drafts.read('k')).toBeUndefined();
    drafts.write('k', 'Half a thought');
    expect(drafts.read('k')).toBe('Half a thought');
    drafts.write('k', '');
    expect(drafts.read('k')).toBeUndefined();
    drafts.write('k', 'Again');
    drafts.clear('k');
    expect(drafts.read('k')).toBeUndefined();
  });

  it('keeps text in memory when storage is missing or throws', () => {
    const missing = draftsIn(resilientStore(() => undefined));
    missing.write('k', 'typed');
    expect(missing.read('k')).toBe('typed');

    const failing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const drafts = draftsIn(resilientStore(() => failing));
    drafts.write('k', 'still here');
    expect(drafts.read('k')).toBe('still here');
    drafts.clear('k');
    expect(drafts.read('k')).toBeUndefined();
  });

  it('reads through a working store', () => {
    const backing = memoryStore();
    const drafts = draftsIn(resilientStore(() => backing));
    drafts.write('k', 'saved');
    expect(backing.getItem('k')).toBe('saved');
  });
});

describe('preferences', () => {
  it('remembers the filter per profile, Open by default and for unknown values', () => {
    const store = memoryStore();
    const prefs = prefsIn(store);
    expect(prefs.filter('local')).toBe('open');
    prefs.setFilter('local', 'resolved');
    expect(prefs.filter('local')).toBe('resolved');
    expect(prefs.filter('other')).toBe('open');
    store.setItem('docs-admin.commentFilter.other', 'bogus');
    expect(prefs.filter('other')).toBe('open');
  });

  it('remembers whether the page panel is collapsed', () => {
    const prefs = prefsIn(memoryStore());
    expect(prefs.panelCollapsed('local')).toBe(false);
    prefs.setPanelCollapsed('local', true);
    expect(prefs.panelCollapsed('local')).toBe(true);
    prefs.setPanelCollapsed('local', false);
    expect(prefs.panelCollapsed('local')).toBe(false);
  });
});
