import { describe, expect, it } from 'vitest';
import {
  easternDayOf,
  formatAxisDate,
  formatCalendarDate,
  formatCurrency,
  formatEasternDateTime,
  formatIrr,
  formatMarketCap,
  formatMoney,
  formatMultiple,
  formatPercent,
  formatPercentTick,
  formatRate,
  formatPrice,
  formatQuantity,
  formatSignedMoney,
  formatThousandsTick,
  formatUnitValue,
  toNumber,
} from './format';

describe('formatting', () => {
  it('writes money in en-US with two decimals, from numbers or numeric strings', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('98765.432')).toBe('98,765.43');
    expect(formatMoney(null)).toBe('N/A');
    expect(formatCurrency(-1234.5)).toBe('-$1,234.50');
    expect(formatSignedMoney(1.2)).toBe('+1.20');
    expect(formatSignedMoney(-0.4)).toBe('-0.40');
    expect(toNumber('abc')).toBeNull();
  });

  it('writes percentages with two decimals, signed on request', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(1.5, { signed: true })).toBe('+1.50%');
    expect(formatPercent(-0.4, { signed: true })).toBe('-0.40%');
    expect(formatPercent(undefined)).toBe('N/A');
  });

  it('writes a rate kept as a fraction in percent, exactly and half up', () => {
    expect(formatRate('0.012345678901')).toBe('1.23%');
    expect(formatRate('0.111111111111', { signed: true })).toBe('+11.11%');
    expect(formatRate('-0.200000000000')).toBe('-20.00%');
    expect(formatRate('0.00005')).toBe('0.01%');
    expect(formatRate('-0.00004')).toBe('0.00%');
    expect(formatRate('1.5')).toBe('150.00%');
    expect(formatRate('0.1')).toBe('10.00%');
    expect(formatRate(null)).toBe('N/A');
  });

  it('shows market cap, kept in millions, in billions', () => {
    expect(formatMarketCap(2_950_000)).toBe('2,950.00B');
    expect(formatMarketCap(null)).toBe('N/A');
  });

  it('shows a price to the last decimal place it was kept to, exactly', () => {
    expect(formatPrice('150')).toBe('$150.00');
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice('0.00001234')).toBe('$0.00001234');
    // 17 significant digits, more than a float holds
    expect(formatPrice('123456789.12345678')).toBe('$123,456,789.12345678');
    expect(formatPrice(null, '—')).toBe('—');
  });

  it('keeps the fractions of quantities', () => {
    expect(formatQuantity(0.125)).toBe('0.125');
    expect(formatQuantity(1500)).toBe('1,500');
  });

  it('shows moments in US Eastern time, standard and daylight', () => {
    expect(formatEasternDateTime('2026-01-15T14:30:00Z')).toBe('Jan 15, 2026, 9:30 AM EST');
    expect(formatEasternDateTime('2026-07-04T16:00:00Z')).toBe('Jul 4, 2026, 12:00 PM EDT');
    expect(formatEasternDateTime('2026-07-04T16:00:00Z', '', { zone: false })).toBe('Jul 4, 2026, 12:00 PM');
    expect(formatEasternDateTime(null, 'Never')).toBe('Never');
  });

  it('never shifts a calendar date', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
    // 10 PM in New York on the 15th is the 16th in UTC
    expect(easternDayOf('2026-01-16T03:00:00Z')).toBe('2026-01-15');
    expect(easternDayOf('not a time')).toBeNull();
  });

  it('shows a value per unit to four places, half up, from its exact text', () => {
    expect(formatUnitValue('948.42365599')).toBe('$948.4237');
    expect(formatUnitValue('1081.35485913')).toBe('$1,081.3549');
    expect(formatUnitValue('1000.00005')).toBe('$1,000.0001');
    expect(formatUnitValue('1000')).toBe('$1,000.0000');
    expect(formatUnitValue(null, '')).toBe('');
  });

  it("labels a chart's axes: percent to one decimal, money in thousands, days or months", () => {
    expect(formatPercentTick(2.5)).toBe('2.5%');
    expect(formatPercentTick(-1)).toBe('-1.0%');
    expect(formatThousandsTick(1_250_000)).toBe('$1,250k');
    expect(formatThousandsTick(0)).toBe('$0k');
    expect(formatAxisDate('2026-10-06')).toBe('Oct 6');
    expect(formatAxisDate('2026-10-06', { month: true })).toBe('Oct 2026');
  });

  it("writes a capital account's multiples and IRR, N/A where there is none", () => {
    expect(formatMultiple('1.25')).toBe('1.25x');
    expect(formatMultiple(null)).toBe('N/A');
    expect(formatIrr('0.0969')).toBe('9.69% a year');
    expect(formatIrr(null)).toBe('N/A');
  });
});
