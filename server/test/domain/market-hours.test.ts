import { describe, expect, it } from 'vitest';
import { isUsMarketOpen } from '../../src/domain/market-hours';

describe('US market hours on New York time', () => {
  it.each([
    ['2026-01-09T14:29:00Z', false], // Friday 9:29 New York (winter, UTC-5)
    ['2026-01-09T14:30:00Z', true], // 9:30
    ['2026-01-09T20:59:00Z', true], // 15:59
    ['2026-01-09T21:00:00Z', false], // 16:00
    ['2026-01-11T16:00:00Z', false], // Sunday
    ['2026-01-10T16:00:00Z', false], // Saturday
    ['2026-07-08T13:30:00Z', true], // Wednesday 9:30 in summer (UTC-4)
    ['2026-07-08T13:29:00Z', false],
  ])('%s is open: %s', (at, open) => {
    expect(isUsMarketOpen(new Date(at))).toBe(open);
  });
});
