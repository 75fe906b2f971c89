import { describe, expect, it } from 'vitest';
import { checkAmount, MONEY, PERCENT, PRICE, QUANTITY, significantDigits } from '../../src/domain/amounts';
import { hasControlCharacters } from '../../src/domain/text';

describe('checkAmount', () => {
  it.each([
    ['1000000000000', QUANTITY, '1000000000000'],
    ['999999999999.999', QUANTITY, '999999999999.999'],
    ['0.00000001', QUANTITY, '0.00000001'],
    ['10000000000', PRICE, '10000000000'],
    ['9999999.12345678', PRICE, '9999999.12345678'],
    ['-1000000000000', MONEY, '-1000000000000'],
    ['999999999999.99', MONEY, '999999999999.99'],
    ['-10000', PERCENT, '-10000'],
    [1e-7, QUANTITY, '0.0000001'],
  ] as const)('accepts %o at its bound', (value, rule, text) => {
    expect(checkAmount(value, rule)).toEqual({ text });
  });

  it.each([
    ['9999999999999999', QUANTITY, 'too-large'],
    ['1000000000000.00000001', QUANTITY, 'too-large'],
    [1e21, QUANTITY, 'too-large'],
    [1e300, PRICE, 'too-large'],
    ['-1000000000000.01', MONEY, 'too-small'],
    [-1e300, MONEY, 'too-small'],
    ['10000.000001', PERCENT, 'too-large'],
    ['999999999999.12345678', QUANTITY, 'too-many-digits'],
    ['1234567890.1234567', PRICE, 'too-many-digits'],
    ['1.123456789', QUANTITY, 'too-many-decimals'],
    ['ten', QUANTITY, 'not-a-number'],
  ] as const)('refuses %o as %s', (value, rule, problem) => {
    expect(checkAmount(value, rule)).toEqual({ problem });
  });

  it('accepts only values a JSON number carries exactly: the number read back is the same decimal', () => {
    for (const text of ['999999999999.999', '9999999.12345678', '999999999999.99', '0.00000001', '123456.789012']) {
      expect(checkAmount(JSON.parse(JSON.stringify(Number(text))) as number, QUANTITY)).toEqual({ text });
    }
  });
});

describe('significantDigits', () => {
  it.each([
    ['0', 0],
    ['0.00012', 2],
    ['1200', 2],
    ['100.5', 4],
    ['-999999999999.999', 15],
  ])('%s has %i', (text, digits) => {
    expect(significantDigits(text)).toBe(digits);
  });
});

describe('hasControlCharacters', () => {
  it('finds NUL and every other C0 control character', () => {
    for (let code = 0; code < 0x20; code += 1) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`)).toBe(true);
    expect(hasControlCharacters('Ann Lee, O’Brien & Co. — 日本')).toBe(false);
  });

  it('keeps tab, line feed and carriage return in multi-line text only', () => {
    expect(hasControlCharacters('one\r\n\ttwo', true)).toBe(false);
    expect(hasControlCharacters('one\r\n\ttwo')).toBe(true);
    expect(hasControlCharacters('one\u0000two', true)).toBe(true);
  });
});
