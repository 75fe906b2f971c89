import { describe, expect, it } from 'vitest';
import { backtest, forecastNext, MIN_CLOSES } from '../../src/domain/forecast';

describe('the next-day close model', () => {
  it('needs MIN_CLOSES positive closes', () => {
    expect(forecastNext(Array.from({ length: MIN_CLOSES - 1 }, () => 100))).toBeNull();
    expect(forecastNext([...Array.from({ length: MIN_CLOSES }, () => 100), 0])).toBeNull();
  });

  it('predicts a flat series flat', () => {
    expect(forecastNext(Array.from({ length: 30 }, () => 50))).toBeCloseTo(50, 10);
  });

  it('follows a steady climb, damped: above the last close, below the full trend', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 * 1.01 ** i);
    const last = closes.at(-1) ?? 0;
    const next = forecastNext(closes) ?? 0;
    expect(next).toBeGreaterThan(last);
    expect(next).toBeLessThan(last * 1.01);
  });

  it('backtests against the naive forecast on the same days', () => {
    const closes = Array.from({ length: 40 }, (_, i) => 100 * 1.01 ** i);
    const result = backtest(closes);
    expect(result.points).toBe(40 - MIN_CLOSES);
    // On a steady trend the model, which learns the drift, beats "tomorrow = today".
    expect(result.modelMae).toBeLessThan(result.naiveMae);
    expect(result.naiveMape).toBeCloseTo((1 - 1 / 1.01) * 100, 6);
  });

  it('scores nothing without enough history', () => {
    expect(backtest([1, 2, 3])).toEqual({ points: 0, modelMae: 0, naiveMae: 0, modelMape: 0, naiveMape: 0 });
  });
});
