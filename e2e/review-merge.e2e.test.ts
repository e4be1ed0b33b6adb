/**
 * User stories of a review between two people, each signed in to the shared server through a profile of their own
 * (Ada, an admin, writes the requests; Margaret reviews): Ada asks Margaret for a review, Margaret approves, Ada sees
 * the merge rules' checklist turn green and merges; a merge blocked by an unmet rule says which rule; Margaret
 * finishes a review with three draft comments on blocks, sent at once; Ada sets a space's own rules on the merge rules
 * screen (GitBook's `mergeRules`), guarded while unsaved. Every effect is checked through the API.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeRequest } from '../shared/contract/resources/changeRequests.ts';
import type { Comment } from '../shared/contract/resources/comments.ts';
import type { MergeRule } from '../shared/contract/resources/mergeRules.ts';
import type {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
} from '../shared/contract/resources/reviews.ts';
import { ChangeRequestPage } from './pages/change-request.ts';
import { DocsAdmin } from './pages/docs-admin.ts';
import { MergeRulesPage } from './pages/merge-rules.ts';
import { ReviewPage } from './pages/review.ts';
import { toastWith, UnsavedDialog } from './pages/unsaved.ts';
import type { Tab } from './support/browser.ts';
import { changeRequestsApi } from './support/change-requests-api.ts';
import { eventually } from './support/expect.ts';
import { twoUsersOf, useRig, type RigUser } from './support/rig.ts';
import type { ApiAnswer } from './support/sandbox-api.ts';
import { uniqueTitle } from './support/spaces-api.ts';

function ok<T>(answer: ApiAnswer, what: string, status = 200): T {
  if (answer.status !== status)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

describe('a review between two people, and the merge rules', () => {
  const session = useRig({ twoUsers: true });
  const users = () => twoUsersOf(session.rig);
  const requests = (user: RigUser) => changeRequestsApi(user.api);

  /** Gives a space its own merge rules (GitBook's `mergeRules` of the space, through `updateSpaceById`). */
  const setSpaceRules = async (spaceId: string, rules: MergeRule[], what: string) =>
    ok(
      await users().author.api.call('PATCH', `/v1/spaces/${spaceId}`, {
        body: { mergeRules: { type: 'rules', rules } },
      }),
      what,
    );

  /**
   * A space of Ada's with one page and its own merge rules (`undefined`: it follows the organization's); answers its
   * id and the page's.
   */
  const spaceWithRules = async (rules: MergeRule[] | undefined, markdown = '# Guide\n\nHello.\n') => {
    const { author, orgId } = users();
    const { spaceId } = await requests(author).createSpaceWithPages(orgId, uniqueTitle('Rules space'), [
      { title: 'Guide', markdown },
    ]);
    if (rules !== undefined) await setSpaceRules(spaceId, rules, 'set the space merge rules');
    // A new space starts with an empty "Introduction": the page of the test is "Guide".
    const pages = (await requests(author).spaceRevision(spaceId)).pages;
    const pageId = pages.find((page) => page.title === 'Guide')!.id;
    return { spaceId, pageId };
  };

  /** Ada's open request replacing the page's body. */
  const adasRequest = async (spaceId: string, pageId: string, markdown: string): Promise<ChangeRequest> => {
    const request = await requests(users().author).create(spaceId, uniqueTitle('Reviewed change'));
    await requests(users().author).edit(spaceId, request.id, [
      { operation: 'update_page', page: pageId, document: { markdown } },
    ]);
    return request;
  };

  /** The app in `tab`, on a request's screen as `user` sees it. */
  const openAs = async (tab: Tab, user: RigUser, spaceId: string, requestId: string, view = 'overview') => {
    const route = ChangeRequestPage.route(users().orgId, spaceId, requestId, view, user.profileId);
    const app = await DocsAdmin.open(tab.page, session.rig.running.url, route);
    const screen = new ChangeRequestPage(app.page, user.profileId);
    await screen.goto(users().orgId, spaceId, requestId, view);
    return { app, screen, review: new ReviewPage(app.page) };
  };

  /** A member of the organization other than `besides`, with their name. */
  const anotherMember = async (besides: readonly string[]) => {
    const members = ok<{ items: { user: { id: string; displayName: string } }[] }>(
      await users().author.api.call('GET', `/v1/orgs/${users().orgId}/members`, { query: { limit: 20 } }),
      'members',
    ).items;
    const found = members.find((member) => !besides.includes(member.user.id));
    if (found === undefined) throw new Error('the demo organization has no third member');
    return { id: found.user.id, name: found.user.displayName };
  };

  const base = (spaceId: string, requestId: string) => `/v1/spaces/${spaceId}/change-requests/${requestId}`;

  it('asks a member for a review, who approves; the checklist turns green and the request merges', async () => {
    const { author, reviewer } = users();
    const { spaceId, pageId } = await spaceWithRules([
      { rule: 'require_at_least_one_approved_review' },
      { rule: 'require_specific_reviewers', users: [reviewer.userId] },
    ]);
    const request = await adasRequest(spaceId, pageId, '# Guide\n\nHello, reviewed.\n');

    // Ada: neither rule is met yet, and Merge waits for them.
    const ada = await openAs(session.tab, author, spaceId, request.id);
    await expect
      .poll(() => ada.review.rules(), eventually)
      .toEqual({ require_at_least_one_approved_review: false, require_specific_reviewers: false });
    expect(await ada.screen.mergeTitle.innerText()).toBe('2 merge rules not met');
    expect(await ada.screen.mergeButton.isDisabled()).toBe(true);

    await ada.review.requestReviewFrom(reviewer.name);
    await ada.review.reviewer(reviewer.name).waitFor();
    expect(await ada.review.reviewer(reviewer.name).innerText()).toContain('Awaiting review');
    const asked = ok<{ items: ChangeRequestRequestedReviewer[] }>(
      await author.api.call('GET', `${base(spaceId, request.id)}/requested-reviewers`),
      'requested reviewers',
    ).items;
    expect(asked.map((entry) => (entry.kind === 'user' ? entry.user.id : entry.team.id))).toEqual([
      reviewer.userId,
    ]);

    // Margaret, in a window of her own, approves.
    const margaretTab = await session.rig.tab();
    try {
      const margaret = await openAs(margaretTab, reviewer, spaceId, request.id);
      await margaret.review.reviewer(reviewer.name).waitFor();
      await margaret.review.approve('Reads well.');
      await expect
        .poll(() => margaret.review.reviewer(reviewer.name).innerText(), eventually)
        .toContain('Approved');
    } finally {
      await margaretTab.context.close();
    }
    const reviews = ok<{ items: ChangeRequestReview[] }>(
      await author.api.call('GET', `${base(spaceId, request.id)}/reviews`, { query: { format: 'markdown' } }),
      'reviews',
    ).items;
    expect(reviews.map((entry) => [entry.reviewer.id, entry.status, entry.outdated])).toEqual([
      [reviewer.userId, 'approved', false],
    ]);
    expect(reviews[0]!.revision).toBe((await requests(author).get(spaceId, request.id)).revision);

    // Ada's window reads the request again (a reload; an open screen asks again on focus once its data is 30 s old):
    // every rule is met, and she merges.
    await ada.app.page.reload();
    await ada.screen.subject.waitFor();
    await expect
      .poll(() => ada.review.rules(), eventually)
      .toEqual({ require_at_least_one_approved_review: true, require_specific_reviewers: true });
    await expect
      .poll(() => ada.screen.mergeTitle.innerText(), eventually)
      .toBe('Up to date, no conflicts: ready to merge');
    await ada.screen.merge();
    await expect.poll(() => ada.screen.status.innerText(), eventually).toBe('Merged');
    expect((await requests(author).get(spaceId, request.id)).status).toBe('merged');
    expect(await requests(author).mainPageMarkdown(spaceId, pageId)).toContain('Hello, reviewed.');
  }, 120_000);

  it('refuses a merge while a rule is unmet, and says which rule', async () => {
    const { author, reviewer } = users();
    const { spaceId, pageId } = await spaceWithRules([{ rule: 'require_at_least_one_approved_review' }]);
    const request = await adasRequest(spaceId, pageId, '# Guide\n\nHello, approved once.\n');
    ok(
      await reviewer.api.call('POST', `${base(spaceId, request.id)}/reviews`, {
        body: { status: 'approved' },
      }),
      'approve',
      201,
    );

    const ada = await openAs(session.tab, author, spaceId, request.id);
    await expect
      .poll(() => ada.review.rules(), eventually)
      .toEqual({ require_at_least_one_approved_review: true });
    await expect.poll(() => ada.screen.mergeButton.isEnabled(), eventually).toBe(true);

    // Meanwhile the space's rules also ask for the approval of a third member: the screen still shows one as enough.
    const third = await anotherMember([author.userId, reviewer.userId]);
    await setSpaceRules(
      spaceId,
      [
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_specific_reviewers', users: [third.id] },
      ],
      'raise the rules',
    );
    await ada.screen.merge();
    await ada.screen.mergeError.waitFor();
    const refusal = await ada.screen.mergeError.innerText();
    expect(refusal).toContain('The request was not merged');
    expect(refusal).toContain(`merge rule is not met: Approval needed from ${third.name}`);
    // The box asks again and lists the rule as unmet; nothing was merged.
    await expect
      .poll(() => ada.review.rules(), eventually)
      .toEqual({ require_at_least_one_approved_review: true, require_specific_reviewers: false });
    expect(await ada.review.rule('require_specific_reviewers').innerText()).toContain(
      `Approval needed from ${third.name}`,
    );
    expect(await ada.screen.mergeButton.isDisabled()).toBe(true);
    expect((await requests(author).get(spaceId, request.id)).status).toBe('open');
    expect(await requests(author).mainPageMarkdown(spaceId, pageId)).toBe('# Guide\n\nHello.\n');
  }, 60_000);

  it('finishes a review with three draft comments on blocks, sent at once', async () => {
    const { author, reviewer } = users();
    const { spaceId, pageId } = await spaceWithRules(
      [],
      '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n',
    );
    const request = await adasRequest(
      spaceId,
      pageId,
      '# Guide\n\nFirst paragraph, edited.\n\nSecond paragraph.\n\nThird paragraph, edited.\n',
    );

    const margaret = await openAs(session.tab, reviewer, spaceId, request.id, 'changes');
    await margaret.review.rendered.waitFor();
    const sent: string[] = [];
    margaret.app.page.on('request', (call) => {
      if (!call.url().endsWith('/bridge/api.request')) return;
      const body = call.postDataJSON() as { method?: string; path?: string };
      if (body.method === 'POST' && /\/(comments|reviews)$/.test(body.path ?? '')) sent.push(body.path!);
    });
    await margaret.review.commentOnBlock(1, 'Why edited?', 'draft');
    await margaret.review.commentOnBlock(2, 'Keep this one.', 'draft');
    await margaret.review.commentOnBlock(3, 'Same question here.', 'draft');
    // Held: nothing is sent, each draft stays at its block.
    for (const [index, text] of [
      [1, 'Why edited?'],
      [2, 'Keep this one.'],
      [3, 'Same question here.'],
    ] as const)
      expect(await margaret.review.notes(index).getByTestId('block-draft').innerText()).toContain(text);
    expect(sent).toEqual([]);
    expect(await margaret.app.page.getByTestId('review-finish').innerText()).toBe('Finish review (3)');

    await margaret.review.finishReview('changes-requested', 'Three questions.');
    expect(sent).toEqual([`${base(spaceId, request.id)}/reviews`]);

    const reviews = ok<{ items: ChangeRequestReview[] }>(
      await author.api.call('GET', `${base(spaceId, request.id)}/reviews`, { query: { format: 'markdown' } }),
      'reviews',
    ).items;
    expect(reviews.map((entry) => [entry.reviewer.id, entry.status])).toEqual([
      [reviewer.userId, 'changes-requested'],
    ]);
    const comments = ok<{ items: Comment[] }>(
      await author.api.call('GET', `${base(spaceId, request.id)}/comments`, {
        query: { format: 'markdown', limit: 100 },
      }),
      'comments',
    ).items;
    const onBlocks = comments.filter((comment) => comment.target.node !== undefined);
    expect(onBlocks).toHaveLength(3);
    for (const comment of onBlocks) {
      expect(comment.target.review).toBe(reviews[0]!.id);
      expect(comment.target.page?.id).toBe(pageId);
      expect(comment.postedBy.id).toBe(reviewer.userId);
    }
    expect(
      onBlocks
        .map((comment) => [
          comment.target.node?.index,
          (comment.body as { markdown?: string }).markdown?.trim(),
        ])
        .sort(),
    ).toEqual([
      [1, 'Why edited?'],
      [2, 'Keep this one.'],
      [3, 'Same question here.'],
    ]);
    // The drafts are gone from the screen; the sent comments sit at their blocks.
    await expect.poll(() => margaret.review.rendered.getByTestId('block-draft').count(), eventually).toBe(0);
    await expect
      .poll(() => margaret.review.notes(2).getByTestId('block-comment').innerText(), eventually)
      .toContain('Keep this one.');
  }, 60_000);

  it("sets a space's own rules on the merge rules screen, asks before leaving them unsaved, and the merge box lists them", async () => {
    const { author, reviewer, orgId } = users();
    const { spaceId, pageId } = await spaceWithRules(undefined);
    const request = await adasRequest(spaceId, pageId, '# Guide\n\nHello, ruled.\n');
    const spaceRules = async () =>
      ok<{ mergeRules: unknown }>(await author.api.call('GET', `/v1/spaces/${spaceId}`), 'space').mergeRules;

    const app = await DocsAdmin.open(
      session.tab.page,
      session.rig.running.url,
      MergeRulesPage.route(orgId, author.profileId, spaceId),
    );
    const screen = new MergeRulesPage(app.page, author.profileId);
    await screen.goto(orgId, spaceId);
    expect(await screen.type('inherit').isChecked()).toBe(true);
    expect(await screen.root.getByTestId('merge-rules-inherited').innerText()).toContain(
      'The organization asks nothing',
    );
    await screen.type('rules').check();
    await screen.rule('require_change_request_subject').check();
    await screen.rule('require_at_least_one_approved_review').check();
    await screen.addPerson('require_specific_reviewers', reviewer.name);
    expect(await screen.dirty.innerText()).toBe('Unsaved changes');

    // Leaving asks first; staying keeps every edit, and nothing was sent.
    const question = new UnsavedDialog(app.page);
    await app.page.getByTestId('nav-people').click();
    expect(await question.text()).toMatch(/merge rules of/);
    await question.answer('stay');
    expect(await screen.rule('require_change_request_subject').isChecked()).toBe(true);
    expect(await spaceRules()).toEqual({ type: 'inherit' });

    await screen.save.click();
    await toastWith(app.page, 'Merge rules of').waitFor();
    expect(await spaceRules()).toEqual({
      type: 'rules',
      rules: [
        { rule: 'require_change_request_subject' },
        { rule: 'require_at_least_one_approved_review' },
        { rule: 'require_specific_reviewers', users: [reviewer.userId] },
      ],
    });
    await expect.poll(() => screen.dirty.innerText(), eventually).toBe('No changes');

    // An edit discarded comes back as saved.
    await screen.rule('require_change_request_subject').uncheck();
    await screen.discard.click();
    expect(await screen.rule('require_change_request_subject').isChecked()).toBe(true);

    // The request's merge box lists the space's rules, each met or not.
    const cr = new ChangeRequestPage(app.page, author.profileId);
    await cr.goto(orgId, spaceId, request.id);
    await expect
      .poll(() => new ReviewPage(app.page).rules(), eventually)
      .toEqual({
        require_change_request_subject: true,
        require_at_least_one_approved_review: false,
        require_specific_reviewers: false,
      });

    // Back to the organization's rules.
    await screen.goto(orgId, spaceId);
    await screen.type('inherit').check();
    await screen.save.click();
    await expect.poll(spaceRules, eventually).toEqual({ type: 'inherit' });
  }, 90_000);
});
