import { describe, expect, it } from 'vitest';
import { toDecimalText } from '../../src/domain/decimal';

describe('toDecimalText', () => {
  it.each([
    [150.25, '150.25'],
    ['150.250', '150.25'],
    ['0150', '150'],
    [0, '0'],
    ['-0.00', '0'],
    [-12.5, '-12.5'],
    [1e-7, '0.0000001'],
    ['  42 ', '42'],
    [0.1 + 0.2, undefined],
  ])('%o → %s with 8 places', (input, expected) => {
    const result = toDecimalText(input, 8, 16);
    if (expected === undefined) expect(result).toEqual({ problem: 'too-many-decimals' });
    else expect(result).toEqual({ text: expected });
  });

  it.each([
    ['abc', 'not-a-number'],
    ['1,000', 'not-a-number'],
    ['1e5', 'not-a-number'],
    ['', 'not-a-number'],
    [Number.NaN, 'not-a-number'],
    [Number.POSITIVE_INFINITY, 'not-a-number'],
    ['10.555', 'too-many-decimals'],
    ['1234567890123456789', 'too-large'],
    [1e20, 'too-large'],
  ] as const)('%o is refused as %s with 2 places', (input, problem) => {
    expect(toDecimalText(input, 2, 18)).toEqual({ problem });
  });
});
