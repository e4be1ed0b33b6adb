import { describe, expect, it } from 'vitest';
import { emptyListTitle, isStatus, nextRow, rowBadges } from './inbox.ts';

describe('nextRow', () => {
  it('moves one row with the arrows, stopping at the ends', () => {
    expect(nextRow('ArrowDown', 0, 3)).toBe(1);
    expect(nextRow('ArrowDown', 2, 3)).toBe(2);
    expect(nextRow('ArrowUp', 1, 3)).toBe(0);
    expect(nextRow('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps with Home, End and the page keys', () => {
    expect(nextRow('Home', 7, 20)).toBe(0);
    expect(nextRow('End', 0, 20)).toBe(19);
    expect(nextRow('PageDown', 15, 20)).toBe(19);
    expect(nextRow('PageUp', 15, 20)).toBe(5);
  });

  it('ignores other keys and empty lists', () => {
    expect(nextRow('Enter', 0, 3)).toBeUndefined();
    expect(nextRow('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('rowBadges', () => {
  const clean = { outdated: true, mergeable: true, conflicts: [] };
  const conflicting = {
    outdated: true,
    mergeable: false,
    conflicts: [
      { page: { id: 'p', title: 'Intro', path: 'intro' }, kind: 'content' as const, message: 'both edited' },
    ],
  };
  it('shows nothing for an up-to-date request', () => {
    expect(rowBadges({ outdated: false, status: 'open' }, undefined)).toEqual([]);
  });
  it('marks an outdated request, checking its merge until the check answers', () => {
    expect(rowBadges({ outdated: true, status: 'open' }, undefined)).toEqual(['outdated', 'checking']);
    expect(rowBadges({ outdated: true, status: 'open' }, clean)).toEqual(['outdated']);
    expect(rowBadges({ outdated: true, status: 'open' }, conflicting)).toEqual(['outdated', 'conflicts']);
  });
  it('stops saying "checking" when the check failed', () => {
    expect(rowBadges({ outdated: true, status: 'draft' }, undefined, true)).toEqual(['outdated']);
  });
});

describe('status words', () => {
  it('names the empty list after the filter', () => {
    expect(emptyListTitle('open')).toBe('No open change requests');
    expect(emptyListTitle('merged')).toBe('No merged change requests');
  });
  it('knows the statuses', () => {
    expect(isStatus('archived')).toBe(true);
    expect(isStatus('closed')).toBe(false);
  });
});
