import { describe, expect, it } from 'vitest';
import { fullDate, timeAgo } from './time.ts';

describe('timeAgo', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  it('says "just now" for the last seconds', () => {
    expect(timeAgo('2024-05-10T11:59:40Z', now, 'en')).toBe('just now');
  });
  it('picks the largest whole unit', () => {
    expect(timeAgo('2024-05-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2024-05-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2024-05-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2024-04-10T12:00:00Z', now, 'en')).toBe('last month');
  });
  it('answers nothing for a date it cannot read', () => {
    expect(timeAgo('not a date', now, 'en')).toBe('');
  });
});

describe('fullDate', () => {
  it('says the whole date, or gives back what it cannot read', () => {
    expect(fullDate('2025-01-02T10:00:00Z', 'en')).toContain('2025');
    expect(fullDate('nope', 'en')).toBe('nope');
  });
});
