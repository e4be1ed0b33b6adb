import { describe, expect, it } from 'vitest';
import { checkSubject } from './subject.ts';
import { mergeVerdict, statusActions } from './status.ts';

const clean = { outdated: false, mergeable: true, conflicts: [] };
const conflict = {
  page: { id: 'p', title: 'Intro', path: 'intro' },
  kind: 'content' as const,
  message: 'Both sides edited the same lines.',
};

describe('statusActions', () => {
  it('offers the transitions of each status', () => {
    expect(statusActions('draft').map((a) => [a.label, a.to])).toEqual([
      ['Mark ready for review', 'open'],
      ['Archive', 'archived'],
    ]);
    expect(statusActions('open').map((a) => [a.label, a.to])).toEqual([
      ['Convert to draft', 'draft'],
      ['Archive', 'archived'],
    ]);
    expect(statusActions('archived').map((a) => [a.label, a.to])).toEqual([['Reopen', 'open']]);
    expect(statusActions('merged')).toEqual([]);
  });
});

describe('mergeVerdict', () => {
  it('is ready to merge when up to date without conflicts', () => {
    const verdict = mergeVerdict({ status: 'open', outdated: false }, clean);
    expect(verdict.title).toBe('Up to date, no conflicts: ready to merge');
    expect(verdict).toMatchObject({ tone: 'success', canMerge: true, canUpdate: false });
  });

  it('offers the update when the main content moved, and still the merge', () => {
    const verdict = mergeVerdict(
      { status: 'open', outdated: true },
      { outdated: true, mergeable: true, conflicts: [] },
    );
    expect(verdict.title).toBe('The main content has changed since this request started');
    expect(verdict).toMatchObject({ tone: 'warning', canMerge: true, canUpdate: true });
  });

  it('counts the conflicting pages and offers neither', () => {
    const one = mergeVerdict(
      { status: 'open', outdated: true },
      { outdated: true, mergeable: false, conflicts: [conflict] },
    );
    expect(one.title).toBe('1 page conflicts with the main content');
    expect(one).toMatchObject({ tone: 'error', canMerge: false, canUpdate: false });
    const two = mergeVerdict(
      { status: 'open', outdated: true },
      { outdated: true, mergeable: false, conflicts: [conflict, conflict] },
    );
    expect(two.title).toBe('2 pages conflict with the main content');
  });

  it('asks a draft to be marked ready first, and an archived request to be reopened', () => {
    expect(mergeVerdict({ status: 'draft', outdated: false }, { ...clean, mergeable: false })).toMatchObject({
      canMerge: false,
      detail: 'Mark it ready for review before merging.',
    });
    expect(
      mergeVerdict({ status: 'draft', outdated: true }, { outdated: true, mergeable: false, conflicts: [] }),
    ).toMatchObject({ canMerge: false, canUpdate: true });
    expect(mergeVerdict({ status: 'archived', outdated: false }, clean)).toMatchObject({
      title: 'Archived',
      canMerge: false,
    });
  });

  it('says a merged request cannot be undone', () => {
    expect(mergeVerdict({ status: 'merged', outdated: false }, clean).detail).toMatch(/cannot be undone/);
  });
});

describe('checkSubject', () => {
  it('trims and saves a new subject', () => {
    expect(checkSubject('  New words ', 'Old')).toEqual({ kind: 'save', subject: 'New words' });
  });
  it('has nothing to save when unchanged', () => {
    expect(checkSubject('Old ', 'Old')).toEqual({ kind: 'unchanged' });
  });
  it('refuses an empty subject and one over 100 characters, naming the field', () => {
    expect(checkSubject('  ', 'Old')).toEqual({ kind: 'invalid', message: 'Subject cannot be empty.' });
    expect(checkSubject('x'.repeat(101), 'Old')).toEqual({
      kind: 'invalid',
      message: 'Subject can have at most 100 characters.',
    });
    expect(checkSubject('x'.repeat(100), 'Old').kind).toBe('save');
  });
});
