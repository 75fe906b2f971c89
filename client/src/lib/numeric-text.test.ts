import { describe, expect, it } from 'vitest';
import { acceptNumericText, isNumericText } from './numeric-text';

describe('numeric text fields', () => {
  it('accept an optional minus, digits and one decimal point, dropping commas', () => {
    expect(acceptNumericText('1,234.50')).toBe('1234.50');
    expect(acceptNumericText('-12.5')).toBe('-12.5');
    expect(acceptNumericText('-')).toBe('-');
    expect(acceptNumericText('.5')).toBe('.5');
    expect(acceptNumericText('')).toBe('');
  });

  it('refuse letters, a second point, a minus inside and other signs', () => {
    for (const bad of ['12a', '1.2.3', '12-3', '+5', '$5', '1 000', '1e5']) expect(acceptNumericText(bad)).toBeNull();
  });

  it('tell numbers from partial text', () => {
    expect(isNumericText('3.')).toBe(true);
    expect(isNumericText('-0.25')).toBe(true);
    expect(isNumericText('-')).toBe(false);
    expect(isNumericText('.')).toBe(false);
    expect(isNumericText('abc')).toBe(false);
  });
});
