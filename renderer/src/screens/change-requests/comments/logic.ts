/**
 * Pure rules of the comment threads of a change request: which threads a filter shows, how a reaction toggles,
 * which replies show while a thread is collapsed, where focus goes after a thread leaves the list, how a time reads.
 * Kept free of React and of the API client so that unit tests cover them directly.
 */
import type { User } from '../../../../../shared/contract/common.ts';
import type { Comment, CommentReply } from '../../../../../shared/contract/resources/comments.ts';

/** The status filter of a thread list (the API's `status`). */
export type CommentFilter = 'open' | 'resolved' | 'all';

/** The filters in the order the UI offers them, with their labels. */
export const COMMENT_FILTERS: readonly { value: CommentFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Whether a stored value is a filter (preferences come back as strings). */
export function isCommentFilter(value: unknown): value is CommentFilter {
  return value === 'open' || value === 'resolved' || value === 'all';
}

/** Whether a thread belongs in a list with that filter (and, for a page's list, on that page). */
export function matchesFilter(
  comment: Pick<Comment, 'status' | 'target'>,
  filter: CommentFilter,
  pageId?: string,
): boolean {
  if (pageId !== undefined && comment.target.page?.id !== pageId) return false;
  return filter === 'all' || comment.status === filter;
}

/** What an empty list says. */
export function emptyMessage(filter: CommentFilter): string {
  switch (filter) {
    case 'open':
      return 'No open comments';
    case 'resolved':
      return 'No resolved comments';
    case 'all':
      return 'No comments yet';
  }
}

/** Where a thread is anchored: the request itself, or one of its pages. */
export type Anchor =
  { kind: 'request' } | { kind: 'page'; pageId: string; title: string | undefined; outdated: boolean };

/** The anchor of a thread. */
export function anchorOf(comment: Pick<Comment, 'target'>): Anchor {
  const page = comment.target.page;
  if (page === undefined) return { kind: 'request' };
  return { kind: 'page', pageId: page.id, title: page.title, outdated: page.outdated === true };
}

/** The words of an anchor ("On the change request", "On page “Setup”"). */
export function anchorLabel(anchor: Anchor): string {
  if (anchor.kind === 'request') return 'On the change request';
  return anchor.title === undefined || anchor.title === ''
    ? 'On a page no longer in the request'
    : `On page “${anchor.title}”`;
}

/** The markdown of a body (comments are read with `format=markdown`; a structured one shows as empty). */
export function bodyMarkdown(body: Comment['body']): string {
  return 'markdown' in body ? body.markdown : '';
}

/** Whether that user is among a reaction's users. */
export function hasReacted(reaction: Comment['reactions'][number], userId: string | undefined): boolean {
  return userId !== undefined && reaction.users.some((entry) => entry.user.id === userId);
}

/** What toggling a reaction sends: added when the user has not reacted with that emoji, removed otherwise. */
export function reactionChange(
  reactions: Comment['reactions'],
  emoji: string,
  userId: string | undefined,
): { addedReactions: string[] } | { removedReactions: string[] } {
  const existing = reactions.find((reaction) => reaction.emoji === emoji);
  return existing !== undefined && hasReacted(existing, userId)
    ? { removedReactions: [emoji] }
    : { addedReactions: [emoji] };
}

/**
 * The reactions after the user toggles `emoji` (the optimistic view until the server answers): their own entry is
 * added or removed, the count follows, and a reaction nobody holds any more disappears.
 */
export function toggleReaction(
  reactions: Comment['reactions'],
  emoji: string,
  user: User,
  at: string,
): Comment['reactions'] {
  const change = reactionChange(reactions, emoji, user.id);
  if ('removedReactions' in change) {
    return reactions.flatMap((reaction) => {
      if (reaction.emoji !== emoji) return [reaction];
      const users = reaction.users.filter((entry) => entry.user.id !== user.id);
      return users.length === 0 ? [] : [{ ...reaction, users, count: Math.max(0, reaction.count - 1) }];
    });
  }
  const existing = reactions.find((reaction) => reaction.emoji === emoji);
  if (existing === undefined) return [...reactions, { emoji, count: 1, users: [{ user, reactedAt: at }] }];
  return reactions.map((reaction) =>
    reaction.emoji === emoji
      ? { ...reaction, count: reaction.count + 1, users: [...reaction.users, { user, reactedAt: at }] }
      : reaction,
  );
}

/** A thread's comment with its status changed (the optimistic view of Resolve and Reopen). */
export function withStatus(comment: Comment, resolved: boolean, by: User | undefined, at: string): Comment {
  if (!resolved) {
    const { resolvedAt: _at, resolvedBy: _by, ...rest } = comment;
    return { ...rest, status: 'open' };
  }
  return { ...comment, status: 'resolved', resolvedAt: at, ...(by !== undefined ? { resolvedBy: by } : {}) };
}

/** Replies shown while a thread is collapsed: the latest ones (the conversation's end, where a reply lands). */
export const VISIBLE_REPLIES = 3;

/** The replies shown and how many earlier ones are hidden. */
export function visibleReplies<T>(
  replies: readonly T[],
  expanded: boolean,
  limit = VISIBLE_REPLIES,
): { shown: readonly T[]; hidden: number } {
  if (expanded || replies.length <= limit) return { shown: replies, hidden: 0 };
  return { shown: replies.slice(replies.length - limit), hidden: replies.length - limit };
}

/** The thread to focus once `removedId` leaves the list: the next one, else the previous one, else none. */
export function focusAfterRemoval(ids: readonly string[], removedId: string): string | undefined {
  const at = ids.indexOf(removedId);
  if (at === -1) return undefined;
  return ids[at + 1] ?? ids[at - 1];
}

/** Whether a body may be sent: some visible text. */
export function canSend(markdown: string): boolean {
  return markdown.trim() !== '';
}

/** Whether a key press is the "send" shortcut (Ctrl+Enter, or Cmd+Enter on macOS). */
export function isSendShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** A new comment or reply in the lists where it belongs, newest first, without duplicating it. */
export function prependOnce<T extends { id: string }>(items: readonly T[], item: T): T[] {
  return [item, ...items.filter((existing) => existing.id !== item.id)];
}

/** `items` with the one of the same id replaced (left as is when absent). */
export function replaceById<T extends { id: string }>(items: readonly T[], item: T): T[] {
  return items.map((existing) => (existing.id === item.id ? item : existing));
}

/** A reply or a comment: the parts the shared item view uses. */
export type CommentLike = Comment | CommentReply;

/** Initials of a name for an avatar without a photo ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/**
 * Whether a photo may be shown: the window's CSP allows only `data:` images (and the app's own), so a remote photo
 * would be blocked; the initials stand in for it.
 */
export function showablePhoto(photoURL: string | undefined): string | undefined {
  return photoURL !== undefined && /^data:image\//i.test(photoURL) ? photoURL : undefined;
}

/** The emoji the reaction picker offers, with the names screen readers say. */
export const REACTION_EMOJI: readonly { emoji: string; name: string }[] = [
  { emoji: '👍', name: 'thumbs up' },
  { emoji: '👎', name: 'thumbs down' },
  { emoji: '😄', name: 'smile' },
  { emoji: '🎉', name: 'party' },
  { emoji: '😕', name: 'confused' },
  { emoji: '❤️', name: 'heart' },
  { emoji: '🚀', name: 'rocket' },
  { emoji: '👀', name: 'eyes' },
];

/** The name of an emoji for labels (the emoji itself when it is not one of the picker's). */
export function emojiName(emoji: string): string {
  return REACTION_EMOJI.find((entry) => entry.emoji === emoji)?.name ?? emoji;
}

/** The label of a reaction chip: what it is, how many, and what pressing it does. */
export function reactionLabel(reaction: Comment['reactions'][number], mine: boolean): string {
  const people = reaction.count === 1 ? '1 reaction' : `${reaction.count} reactions`;
  return `${emojiName(reaction.emoji)}: ${people}${mine ? ', including yours' : ''}. ${
    mine ? 'Remove your reaction' : 'Add your reaction'
  }`;
}

/** Who reacted, for the chip's tooltip ("Ada Lovelace, Grace Hopper"). */
export function reactorsText(reaction: Comment['reactions'][number]): string {
  return reaction.users.map((entry) => entry.user.displayName).join(', ');
}
