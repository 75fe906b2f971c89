import { describe, expect, it } from 'vitest';
import { arcPath, dayAxisLabels, linear, linePath, niceTicks, valueLabelsWidth } from './chart-scale';

describe('the charts’ arithmetic', () => {
  it.each([
    // About five ticks, 1, 2, 2.5 or 5 times a power of ten apart.
    [-7.13, 3.9, [-10, -5, 0, 5]],
    [0.3, 0.9, [0.2, 0.4, 0.6, 0.8, 1]],
    [100, 1000, [0, 250, 500, 750, 1000]],
  ])('ticks for %s..%s are round values covering the range', (min, max, expected) => {
    const ticks = niceTicks(min, max);
    expect(ticks).toEqual(expected);
    expect(ticks[0]).toBeLessThanOrEqual(min);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
  });

  it('gives a flat series a range around its value, and no data a single tick', () => {
    const ticks = niceTicks(2, 2);
    expect(ticks[0]).toBeLessThan(2);
    expect(ticks.at(-1)).toBeGreaterThan(2);
    expect(niceTicks(Infinity, -Infinity)).toEqual([0]);
  });

  it('maps linearly, also downwards (screen y grows down)', () => {
    const y = linear(-10, 10, 200, 0);
    expect([y(-10), y(0), y(10)]).toEqual([200, 100, 0]);
  });

  it('leaves a gap where a value is missing', () => {
    expect(linePath([{ x: 0, y: 1 }, { x: 1, y: 2 }, null, { x: 3, y: 4 }])).toBe('M0.0,1.0L1.0,2.0M3.0,4.0');
  });

  it('draws a whole ring as two halves (one arc cannot close a circle)', () => {
    const ring = arcPath(90, 90, 88, 54, 0, Math.PI * 2);
    expect(ring.match(/M/g)).toHaveLength(2);
    const quarter = arcPath(90, 90, 88, 54, 0, Math.PI / 2);
    expect(quarter.startsWith('M90.00,2.00A88,88 0 0 1 178.00,90.00')).toBe(true);
  });

  it('labels a month of days with days, each label once, and years of days with months', () => {
    const days = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
    const labels = dayAxisLabels(days, 700).map((l) => l.text);
    expect(labels[0]).toBe('Oct 1');
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThan(3);
    const years = Array.from({ length: 800 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
    const monthly = dayAxisLabels(years, 700).map((l) => l.text);
    expect(monthly[0]).toBe('Jan 2024');
    expect(new Set(monthly).size).toBe(monthly.length);
  });

  it('leaves room left of the plot for the longest value label', () => {
    expect(valueLabelsWidth(['-1000.0%', '0.0%'])).toBeGreaterThanOrEqual(8 * 7);
    expect(valueLabelsWidth(['1%'])).toBe(40);
  });
});
