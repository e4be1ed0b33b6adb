import { describe, expect, it } from 'vitest';
import type { MergeRule } from '../../../../shared/contract/resources/mergeRules.ts';
import { configurationOf, draftOf, toggled, usersOf, withUsers } from './draft.ts';

const bypass: MergeRule = { rule: 'allow_bypass', users: ['admin'] };
const custom: MergeRule = { rule: 'custom', expression: 'true', message: 'Kept' };

describe('a merge-rules draft', () => {
  it('keeps its rules while another kind of configuration is picked, and saves only what the kind asks', () => {
    const draft = { ...draftOf({ type: 'rules', rules: [custom] }), type: 'inherit' as const };
    expect(configurationOf(draft)).toEqual({ type: 'inherit' });
    expect(configurationOf({ ...draft, type: 'rules' })).toEqual({ type: 'rules', rules: [custom] });
    expect(draftOf({ type: 'none' })).toEqual({ type: 'none', rules: [] });
  });

  it('adds a rule before `allow_bypass`, which stays last, and removes it again', () => {
    const added = toggled([custom, bypass], 'require_change_request_subject', true);
    expect(added).toEqual([custom, { rule: 'require_change_request_subject' }, bypass]);
    expect(toggled(added, 'require_change_request_subject', true)).toEqual(added);
    expect(toggled(added, 'require_change_request_subject', false)).toEqual([custom, bypass]);
  });

  it('sets the people of a rule in place, adds it with the first, removes it with the last', () => {
    const one = withUsers([bypass], 'require_specific_reviewers', ['ada']);
    expect(one).toEqual([{ rule: 'require_specific_reviewers', users: ['ada'] }, bypass]);
    const two = withUsers(one, 'require_specific_reviewers', ['ada', 'bob']);
    expect(two).toEqual([{ rule: 'require_specific_reviewers', users: ['ada', 'bob'] }, bypass]);
    expect(usersOf(two, 'require_specific_reviewers')).toEqual(['ada', 'bob']);
    expect(usersOf(two, 'require_one_of_specific_reviewers')).toEqual([]);
    expect(withUsers(two, 'require_specific_reviewers', [])).toEqual([bypass]);
    expect(withUsers(two, 'allow_bypass', ['admin', 'ada']).at(-1)).toEqual({
      rule: 'allow_bypass',
      users: ['admin', 'ada'],
    });
  });
});
