import { describe, expect, it } from 'vitest';
import { addDays, dayInNewYork, isCalendarDay, isWeekend } from '../../src/domain/dates';

describe('calendar days', () => {
  it.each([
    ['2026-01-05', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-5', false],
    ['05/01/2026', false],
  ])('%s is a calendar day: %s', (text, ok) => {
    expect(isCalendarDay(text)).toBe(ok);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('keeps the books on New York time', () => {
    expect(dayInNewYork(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(dayInNewYork(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-21');
  });

  it('knows the weekend', () => {
    expect([isWeekend('2026-11-21'), isWeekend('2026-11-22'), isWeekend('2026-11-23')]).toEqual([true, true, false]);
  });
});
