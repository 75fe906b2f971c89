import { describe, expect, it } from 'vitest';
import { lastDigestMoment, newYorkMoment, quarterBefore, quarterOfDay } from '../../src/domain/schedule';

/** When the portal's own documents are due (docs/decisions/0021): quarters and Monday 08:00 in New York. */
describe('the documents’ schedule', () => {
  it('names a day’s quarter and the last quarter that has ended', () => {
    expect(quarterOfDay('2026-11-26')).toBe('2026-Q4');
    expect(quarterOfDay('2026-03-31')).toBe('2026-Q1');
    expect(quarterBefore('2026-11-26')).toBe('2026-Q3');
    expect(quarterBefore('2026-10-01')).toBe('2026-Q3');
    expect(quarterBefore('2027-01-01')).toBe('2026-Q4');
  });

  it('finds 08:00 in New York in winter, in summer and the day after the clocks change', () => {
    expect(newYorkMoment('2026-11-30', 8).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(newYorkMoment('2026-07-06', 8).toISOString()).toBe('2026-07-06T12:00:00.000Z');
    expect(newYorkMoment('2026-03-09', 8).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(newYorkMoment('2026-11-02', 8).toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });

  it('gives the latest Monday 08:00 New York at or before a moment', () => {
    expect(lastDigestMoment(new Date('2026-11-30T13:00:00Z')).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(lastDigestMoment(new Date('2026-11-30T12:59:59Z')).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    // Sunday evening in New York is already Monday in UTC: still the Monday before.
    expect(lastDigestMoment(new Date('2026-12-07T03:00:00Z')).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(lastDigestMoment(new Date('2026-03-12T15:00:00Z')).toISOString()).toBe('2026-03-09T12:00:00.000Z');
  });
});
