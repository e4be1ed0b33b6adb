import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/contract/common.ts';
import type { Comment } from '../../../shared/contract/resources/comments.ts';
import { ApiClientError } from '../../../shared/client.ts';

/** A stand-in API client: each operation answers what the test queued, and every call is recorded. */
const calls: { name: string; request: unknown }[] = [];
const answers = new Map<string, ((request: unknown) => Promise<unknown>)[]>();
function answer(name: string, respond: (request: unknown) => Promise<unknown> | unknown) {
  answers.set(name, [...(answers.get(name) ?? []), async (request) => respond(request)]);
}
vi.mock('../bridge/api.ts', () => ({
  clientFor: () => ({
    call: (name: string, request: unknown) => {
      calls.push({ name, request });
      const next = answers.get(name)?.shift();
      if (next === undefined) return Promise.reject(new Error(`unexpected call ${name}`));
      return next(request);
    },
  }),
}));

const { commentsKey, commentsQuery, deleteComment, postComment, setResolved, toggleCommentReaction } =
  await import('./comments.ts');
const { changeRequestQuery } = await import('./changeRequests.ts');

const scope = {
  profileId: 'local',
  orgId: 'org1',
  spaceId: 's1',
  changeRequestId: 'cr-id',
  changeRequestNumber: 7,
};
const me: User = { object: 'user', id: 'u-me', displayName: 'Me', urls: { location: 'https://x.test/me' } };
const AT = '2025-03-04T10:00:00.000Z';

function comment(id: string, overrides: Partial<Comment> = {}): Comment {
  return {
    object: 'comment',
    id,
    postedBy: me,
    postedAt: AT,
    reactions: [],
    replies: 0,
    body: { markdown: `Comment ${id}` },
    target: { space: 's1', revision: 'r1', changeRequest: 'cr-id' },
    urls: { location: `https://x.test/${id}` },
    permissions: { view: true, edit: true, reply: true, delete: true },
    status: 'open',
    ...overrides,
  };
}

/** A deferred answer: the test decides when (and how) the server answers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let queryClient: QueryClient;
const listKey = (filter: 'open' | 'resolved' | 'all', pageId?: string) =>
  commentsQuery(scope, filter, pageId).queryKey;
const ids = (filter: 'open' | 'resolved' | 'all', pageId?: string) =>
  queryClient.getQueryData<Comment[]>(listKey(filter, pageId))?.map((c) => `${c.id}:${c.status}`);

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('commentsQuery', () => {
  it('reads every page of the list with the filter, page and markdown bodies', async () => {
    answer('listCommentsInChangeRequest', () => ({ items: [comment('a')], count: 2, next: { page: 'p2' } }));
    answer('listCommentsInChangeRequest', () => ({ items: [comment('b')], count: 2 }));
    const list = await queryClient.fetchQuery(commentsQuery(scope, 'open', 'page-1'));
    expect(list.map((c) => c.id)).toEqual(['a', 'b']);
    expect(calls.map((call) => call.request)).toEqual([
      {
        params: { spaceId: 's1', changeRequestId: 'cr-id' },
        query: { status: 'open', order: 'desc', format: 'markdown', limit: 100, targetPage: 'page-1' },
      },
      {
        params: { spaceId: 's1', changeRequestId: 'cr-id' },
        query: {
          status: 'open',
          order: 'desc',
          format: 'markdown',
          limit: 100,
          targetPage: 'page-1',
          page: 'p2',
        },
      },
    ]);
    expect(listKey('open', 'page-1').slice(0, commentsKey(scope).length)).toEqual([...commentsKey(scope)]);
  });
});

describe('postComment', () => {
  it('puts the new thread in the lists it belongs to and refreshes the request, by id or number', async () => {
    queryClient.setQueryData(listKey('open'), [comment('old')]);
    queryClient.setQueryData(listKey('resolved'), []);
    queryClient.setQueryData(listKey('open', 'p1'), []);
    queryClient.setQueryData(listKey('open', 'p2'), []);
    // The screen loaded the request by its number.
    const requestKey: readonly unknown[] = changeRequestQuery('local', 'org1', 's1', '7').queryKey;
    queryClient.setQueryData(requestKey, { comments: 0 });
    const onPage = comment('new', { target: { space: 's1', revision: 'r1', page: { id: 'p1' } } });
    answer('postCommentInChangeRequest', () => onPage);

    await postComment(queryClient, scope, 'Hello', 'p1');
    expect(calls[0]!.request).toEqual({
      params: { spaceId: 's1', changeRequestId: 'cr-id' },
      body: { body: { markdown: 'Hello' }, page: 'p1' },
    });
    expect(ids('open')).toEqual(['new:open', 'old:open']);
    expect(ids('open', 'p1')).toEqual(['new:open']);
    expect(ids('open', 'p2')).toEqual([]);
    expect(ids('resolved')).toEqual([]);
    expect(queryClient.getQueryState(requestKey)?.isInvalidated).toBe(true);
  });
});

describe('setResolved', () => {
  it('moves the thread between lists at once and keeps the server’s answer', async () => {
    const open = comment('a');
    queryClient.setQueryData(listKey('open'), [open, comment('b')]);
    queryClient.setQueryData(listKey('resolved'), []);
    const server = deferred<Comment>();
    answer('updateCommentInChangeRequest', () => server.promise);

    const done = setResolved(queryClient, scope, open, true, me);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Before the server answers, the thread already shows resolved (the view drops it from Open).
    expect(ids('open')).toEqual(['a:resolved', 'b:open']);
    expect(ids('resolved')).toEqual(['a:resolved']);
    expect(calls[0]!.request).toMatchObject({ body: { resolved: true } });

    server.resolve(comment('a', { status: 'resolved', resolvedBy: me, resolvedAt: AT }));
    await done;
    expect(queryClient.getQueryData<Comment[]>(listKey('resolved'))![0]!.resolvedAt).toBe(AT);
  });

  it('puts the lists back and rethrows the server’s refusal', async () => {
    const open = comment('a', { postedBy: { ...me, id: 'u-other' } });
    queryClient.setQueryData(listKey('open'), [open]);
    queryClient.setQueryData(listKey('resolved'), [comment('z', { status: 'resolved' })]);
    const before = [ids('open'), ids('resolved')];
    answer('updateCommentInChangeRequest', () => {
      throw new ApiClientError(403, 'only a reviewer may resolve this comment');
    });

    await expect(setResolved(queryClient, scope, open, true, me)).rejects.toThrow('only a reviewer');
    expect([ids('open'), ids('resolved')]).toEqual(before);
  });
});

describe('toggleCommentReaction', () => {
  it('adds the user’s reaction optimistically and removes it when it is theirs', async () => {
    const plain = comment('a');
    queryClient.setQueryData(listKey('all'), [plain]);
    const server = deferred<Comment>();
    answer('updateCommentInChangeRequest', () => server.promise);
    const done = toggleCommentReaction(queryClient, scope, plain, '🎉', me);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.request).toMatchObject({ body: { addedReactions: ['🎉'] } });
    expect(queryClient.getQueryData<Comment[]>(listKey('all'))![0]!.reactions).toMatchObject([
      { emoji: '🎉', count: 1 },
    ]);
    const reacted = comment('a', {
      reactions: [{ emoji: '🎉', count: 1, users: [{ user: me, reactedAt: AT }] }],
    });
    server.resolve(reacted);
    await done;

    answer('updateCommentInChangeRequest', () => comment('a'));
    await toggleCommentReaction(queryClient, scope, reacted, '🎉', me);
    expect(calls[1]!.request).toMatchObject({ body: { removedReactions: ['🎉'] } });
    expect(queryClient.getQueryData<Comment[]>(listKey('all'))![0]!.reactions).toEqual([]);
  });

  it('rolls back on failure', async () => {
    const plain = comment('a');
    queryClient.setQueryData(listKey('all'), [plain]);
    answer('updateCommentInChangeRequest', () => {
      throw new ApiClientError(403, 'you may not react here');
    });
    await expect(toggleCommentReaction(queryClient, scope, plain, '👍', me)).rejects.toThrow('may not react');
    expect(queryClient.getQueryData<Comment[]>(listKey('all'))![0]!.reactions).toEqual([]);
  });
});

describe('deleteComment', () => {
  it('removes the thread from every list once the server deleted it', async () => {
    queryClient.setQueryData(listKey('open'), [comment('a'), comment('b')]);
    queryClient.setQueryData(listKey('all'), [comment('a')]);
    answer('deleteCommentInChangeRequest', () => undefined);
    await deleteComment(queryClient, scope, 'a');
    expect(ids('open')).toEqual(['b:open']);
    expect(ids('all')).toEqual([]);
  });

  it('leaves the lists alone when the server refuses', async () => {
    queryClient.setQueryData(listKey('open'), [comment('a')]);
    answer('deleteCommentInChangeRequest', () => {
      throw new ApiClientError(403, 'only the author or an admin may delete it');
    });
    await expect(deleteComment(queryClient, scope, 'a')).rejects.toThrow('only the author');
    expect(ids('open')).toEqual(['a:open']);
  });
});
