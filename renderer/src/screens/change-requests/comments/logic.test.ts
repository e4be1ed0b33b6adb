import { describe, expect, it } from 'vitest';
import type { User } from '../../../../../shared/contract/common.ts';
import type { Comment } from '../../../../../shared/contract/resources/comments.ts';
import {
  anchorLabel,
  anchorOf,
  bodyMarkdown,
  canSend,
  emptyMessage,
  focusAfterRemoval,
  initials,
  isCommentFilter,
  isSendShortcut,
  matchesFilter,
  prependOnce,
  reactionChange,
  reactionLabel,
  reactorsText,
  replaceById,
  showablePhoto,
  toggleReaction,
  visibleReplies,
  withStatus,
} from './logic.ts';

const user = (id: string, displayName: string): User => ({
  object: 'user',
  id,
  displayName,
  urls: { location: `https://example.test/users/${id}` },
});
const ada = user('u-ada', 'Ada Lovelace');
const grace = user('u-grace', 'Grace Hopper');
const AT = '2025-03-04T10:00:00.000Z';

function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    object: 'comment',
    id: 'c1',
    postedBy: ada,
    postedAt: AT,
    reactions: [],
    replies: 0,
    body: { markdown: 'Hello **world**' },
    target: { space: 's1', revision: 'r1', changeRequest: 'cr1' },
    urls: { location: 'https://example.test/c1' },
    permissions: { view: true, edit: true, reply: true, delete: true },
    status: 'open',
    ...overrides,
  };
}
const onPage = (id: string, title?: string, outdated?: boolean) =>
  comment({
    target: {
      space: 's1',
      revision: 'r1',
      changeRequest: 'cr1',
      page: { id, ...(title !== undefined ? { title } : {}), ...(outdated ? { outdated } : {}) },
    },
  });

describe('filters', () => {
  it('shows open, resolved or every thread, and only a page’s threads in its panel', () => {
    const open = comment();
    const resolved = comment({ status: 'resolved' });
    expect(matchesFilter(open, 'open')).toBe(true);
    expect(matchesFilter(resolved, 'open')).toBe(false);
    expect(matchesFilter(resolved, 'resolved')).toBe(true);
    expect(matchesFilter(open, 'resolved')).toBe(false);
    expect(matchesFilter(open, 'all')).toBe(true);
    expect(matchesFilter(resolved, 'all')).toBe(true);
    expect(matchesFilter(open, 'all', 'p1')).toBe(false);
    expect(matchesFilter(onPage('p1'), 'all', 'p1')).toBe(true);
    expect(matchesFilter(onPage('p2'), 'open', 'p1')).toBe(false);
  });

  it('says what an empty list means per filter', () => {
    expect(emptyMessage('all')).toBe('No comments yet');
    expect(emptyMessage('resolved')).toBe('No resolved comments');
    expect(emptyMessage('open')).toBe('No open comments');
  });

  it('accepts only known filters from storage', () => {
    expect(isCommentFilter('open')).toBe(true);
    expect(isCommentFilter('resolved')).toBe(true);
    expect(isCommentFilter('all')).toBe(true);
    expect(isCommentFilter('closed')).toBe(false);
    expect(isCommentFilter(null)).toBe(false);
  });
});

describe('anchors', () => {
  it('names the request or the page, and a page gone from the request', () => {
    expect(anchorLabel(anchorOf(comment()))).toBe('On the change request');
    const page = anchorOf(onPage('p1', 'Quickstart'));
    expect(page).toEqual({ kind: 'page', pageId: 'p1', title: 'Quickstart', outdated: false });
    expect(anchorLabel(page)).toBe('On page “Quickstart”');
    expect(anchorLabel(anchorOf(onPage('p1')))).toBe('On a page no longer in the request');
    expect(anchorOf(onPage('p1', 'Old', true))).toMatchObject({ outdated: true });
  });

  it('reads markdown bodies and shows a structured one as empty', () => {
    expect(bodyMarkdown({ markdown: '# Hi' })).toBe('# Hi');
    expect(bodyMarkdown({})).toBe('');
    expect(bodyMarkdown({ document: { object: 'document', data: {}, nodes: [] } })).toBe('');
  });
});

describe('reactions', () => {
  const thumbs = {
    emoji: '👍',
    count: 2,
    users: [
      { user: ada, reactedAt: AT },
      { user: grace, reactedAt: AT },
    ],
  };

  it('sends an addition when the user has not reacted, a removal when they have', () => {
    expect(reactionChange([thumbs], '👍', 'u-ada')).toEqual({ removedReactions: ['👍'] });
    expect(reactionChange([thumbs], '👍', 'u-linus')).toEqual({ addedReactions: ['👍'] });
    expect(reactionChange([thumbs], '🎉', 'u-ada')).toEqual({ addedReactions: ['🎉'] });
    // Who the user is may not be known yet: never a removal then.
    expect(reactionChange([thumbs], '👍', undefined)).toEqual({ addedReactions: ['👍'] });
  });

  it('toggles the user’s own entry and count, dropping a reaction nobody holds', () => {
    const linus = user('u-linus', 'Linus');
    const added = toggleReaction([thumbs], '👍', linus, AT);
    expect(added[0]).toMatchObject({ emoji: '👍', count: 3 });
    expect(added[0]!.users.map((entry) => entry.user.id)).toEqual(['u-ada', 'u-grace', 'u-linus']);

    const removed = toggleReaction([thumbs], '👍', ada, AT);
    expect(removed).toEqual([{ emoji: '👍', count: 1, users: [{ user: grace, reactedAt: AT }] }]);

    const fresh = toggleReaction([thumbs], '🎉', ada, AT);
    expect(fresh).toEqual([thumbs, { emoji: '🎉', count: 1, users: [{ user: ada, reactedAt: AT }] }]);

    const single = { emoji: '🎉', count: 1, users: [{ user: ada, reactedAt: AT }] };
    expect(toggleReaction([thumbs, single], '🎉', ada, AT)).toEqual([thumbs]);
    // Toggling twice gives back what was there.
    expect(toggleReaction(toggleReaction([thumbs], '🚀', ada, AT), '🚀', ada, AT)).toEqual([thumbs]);
  });

  it('labels chips with the emoji’s name, the count and what pressing does', () => {
    expect(reactionLabel(thumbs, true)).toBe('thumbs up: 2 reactions, including yours. Remove your reaction');
    expect(reactionLabel({ emoji: '🦄', count: 1, users: [] }, false)).toBe(
      '🦄: 1 reaction. Add your reaction',
    );
    expect(reactorsText(thumbs)).toBe('Ada Lovelace, Grace Hopper');
  });
});

describe('resolve and reopen', () => {
  it('sets the status with who and when, and clears them on reopening', () => {
    const resolved = withStatus(comment(), true, grace, AT);
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: AT, resolvedBy: grace });
    const reopened = withStatus(resolved, false, grace, AT);
    expect(reopened.status).toBe('open');
    expect('resolvedAt' in reopened).toBe(false);
    expect('resolvedBy' in reopened).toBe(false);
  });
});

describe('replies', () => {
  it('shows every reply up to three, else the latest three and how many are hidden', () => {
    expect(visibleReplies([1, 2, 3], false)).toEqual({ shown: [1, 2, 3], hidden: 0 });
    expect(visibleReplies([1, 2, 3, 4, 5], false)).toEqual({ shown: [3, 4, 5], hidden: 2 });
    expect(visibleReplies([1, 2, 3, 4, 5], true)).toEqual({ shown: [1, 2, 3, 4, 5], hidden: 0 });
    expect(visibleReplies([], false)).toEqual({ shown: [], hidden: 0 });
  });
});

describe('focus after a thread leaves', () => {
  it('goes to the next thread, else the previous one, else nowhere (the composer)', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'a')).toBe('b');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'b')).toBe('c');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'c')).toBe('b');
    expect(focusAfterRemoval(['a'], 'a')).toBeUndefined();
    expect(focusAfterRemoval(['a'], 'z')).toBeUndefined();
  });
});

describe('sending', () => {
  it('needs visible text', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n\t')).toBe(false);
    expect(canSend(' ok ')).toBe(true);
  });

  it('sends on Ctrl+Enter or Cmd+Enter only', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

describe('list updates', () => {
  it('puts a new item first once, and replaces one by id', () => {
    const a = { id: 'a', v: 1 };
    const b = { id: 'b', v: 1 };
    expect(prependOnce([a, b], { id: 'b', v: 2 })).toEqual([{ id: 'b', v: 2 }, a]);
    expect(prependOnce([a], b)).toEqual([b, a]);
    expect(replaceById([a, b], { id: 'a', v: 3 })).toEqual([{ id: 'a', v: 3 }, b]);
    expect(replaceById([a], { id: 'z', v: 3 })).toEqual([a]);
  });
});

describe('people and times', () => {
  it('makes initials and shows only photos the window may load', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Hopper')).toBe('GH');
    expect(initials('linus')).toBe('L');
    expect(initials('  ')).toBe('?');
    expect(showablePhoto('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(showablePhoto('https://example.test/a.png')).toBeUndefined();
    expect(showablePhoto(undefined)).toBeUndefined();
  });
});
