import { describe, expect, it } from 'vitest';
import { daysLeft, timeLeftLabel } from './timeLeft.ts';

const deletedAt = '2025-03-01T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('timeLeftLabel', () => {
  it('counts whole days left of the 7', () => {
    expect(timeLeftLabel(deletedAt, at('2025-03-01T12:00:01.000Z'))).toBe('6 days left');
    expect(timeLeftLabel(deletedAt, at('2025-03-03T11:00:00.000Z'))).toBe('5 days left');
    expect(timeLeftLabel(deletedAt, at('2025-03-07T12:00:00.000Z'))).toBe('1 day left');
  });

  it('says less than a day in the last day, and nothing restorable after', () => {
    expect(timeLeftLabel(deletedAt, at('2025-03-07T12:00:01.000Z'))).toBe('less than a day left');
    expect(timeLeftLabel(deletedAt, at('2025-03-08T11:59:59.000Z'))).toBe('less than a day left');
    expect(timeLeftLabel(deletedAt, at('2025-03-08T12:00:00.000Z'))).toBe('no longer restorable');
    expect(daysLeft(deletedAt, at('2025-04-01T00:00:00.000Z'))).toBe(-1);
  });

  it('gives 7 days to a space deleted this instant', () => {
    expect(timeLeftLabel(deletedAt, at(deletedAt))).toBe('7 days left');
  });
});
