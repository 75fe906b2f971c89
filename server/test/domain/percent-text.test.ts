import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random';
import { centsText, dec, fixed, percentOf, percentText, quotientCentsText, toCents } from '../../src/domain/money';

/** The rule percentText replaces (docs/decisions/0022): big.js's quotient at 20 places, × 100, at 2 places, half up. */
const byBigJs = (part: string, whole: string) => {
  const p = percentOf(dec(part), dec(whole));
  return p === null ? null : fixed(p, 2);
};

/** The rule quotientCentsText replaces: big.js's quotient at 20 places, then at cents, half up. */
const centsByBigJs = (part: string, whole: string) => (dec(whole).eq(0) ? null : centsText(toCents(dec(part).div(dec(whole)))));

describe('percentText: part ÷ whole × 100 at 2 places in integers', () => {
  it('gives big.js’s text at halves, signs, zero, tiny and huge figures', () => {
    const cases = [
      ['0', '5'],
      ['1', '3'],
      ['-1', '3'],
      ['2', '-3'],
      ['0', '-3'],
      ['-0.00001', '3'],
      ['-0.00005', '1'],
      ['0.00005', '1'],
      ['-0.00004999', '1'],
      ['123.45', '0.01'],
      ['1e-25', '1'],
      ['-1e-25', '1'],
      ['5', '1000000000000000000000000'],
      ['-5', '1000000000000000000000000'],
      ['1502.50', '1502.50'],
      ['12345678901234567.89', '0.03'],
    ] as const;
    for (const [part, whole] of cases)
      expect([part, whole, percentText(dec(part), dec(whole))]).toEqual([part, whole, byBigJs(part, whole)]);
    expect(percentText(dec('1'), dec('0'))).toBeNull();
  });

  it('gives big.js’s text on 50,000 random cents and decimals', () => {
    const next = seededRandom(20261126);
    const figure = () => {
      const digits = 1 + Math.floor(next() * 12);
      const n = Math.floor((next() - 0.3) * 10 ** digits);
      return dec(n)
        .div(10 ** Math.floor(next() * 5))
        .toFixed();
    };
    for (let i = 0; i < 50_000; i++) {
      const part = figure();
      const whole = figure();
      if (dec(whole).eq(0)) continue;
      const got = percentText(dec(part), dec(whole));
      if (got !== byBigJs(part, whole)) expect([part, whole, got]).toEqual([part, whole, byBigJs(part, whole)]);
    }
  });
});

describe('quotientCentsText: part ÷ whole at cents in integers (the value of units)', () => {
  it('gives big.js’s text at halves, signs, zero, tiny and huge figures', () => {
    const cases = [
      ['0', '5'],
      ['1', '3'],
      ['-1', '3'],
      ['2', '-3'],
      ['0.005', '1'],
      ['-0.005', '1'],
      ['-0.004999', '1'],
      ['-0.001', '1'],
      ['1e-25', '1'],
      ['-1e-25', '1'],
      ['1234567.12345678', '0.00000001'],
      ['250000.00', '948.42'],
      ['12.34567890 ', '1'],
    ] as const;
    for (const [part, whole] of cases)
      expect([part, whole, quotientCentsText(dec(part.trim()), dec(whole))]).toEqual([part, whole, centsByBigJs(part.trim(), whole)]);
    expect(quotientCentsText(dec('1'), dec('0'))).toBeNull();
  });

  it('gives big.js’s text on 50,000 random units × values ÷ units outstanding', () => {
    const next = seededRandom(20261127);
    const units = () => dec(Math.floor((next() - 0.1) * 10 ** (2 + Math.floor(next() * 10)))).div(10 ** 8);
    const value = () => dec(Math.floor((next() - 0.1) * 10 ** (3 + Math.floor(next() * 10)))).div(100);
    for (let i = 0; i < 50_000; i++) {
      const part = units().times(value()).toFixed();
      const whole = units().toFixed();
      const got = quotientCentsText(dec(part), dec(whole));
      if (got !== centsByBigJs(part, whole)) expect([part, whole, got]).toEqual([part, whole, centsByBigJs(part, whole)]);
    }
  });
});
