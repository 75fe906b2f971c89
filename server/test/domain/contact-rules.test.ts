import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneInputValue } from '../../src/contract/contact-rules';

describe('the contact phone rule (docs/product.md §5)', () => {
  it.each([
    ['', true],
    ['5551234567', true],
    ['555123456', false],
    ['55512345678', false],
    ['555-123-4567', false],
    ['555123456a', false],
  ])('%j is valid: %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });

  it('keeps only digits, at most ten, of what is typed or pasted', () => {
    expect(phoneInputValue('(555) 123-4567')).toBe('5551234567');
    expect(phoneInputValue('555123456789')).toBe('5551234567');
    expect(phoneInputValue('abc')).toBe('');
  });
});
