import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, meetsPasswordRule } from '../../src/contract/password-rules';

describe('the sign-up password rule (docs/product.md §5)', () => {
  it.each([
    ['Passw0rd!', true],
    ['Aa1!aaaa', true], // 8 characters
    ['Aa1!aaaaaaaaaa', true], // 14 characters
    ['Aa1!aaa', false], // 7
    ['Aa1!aaaaaaaaaaa', false], // 15
    ['passw0rd!', false], // no uppercase
    ['Password!', false], // no digit
    ['Passw0rdd', false], // no special character
    ['PASSW0RD ', true], // A space is a special character
    ['', false],
  ])('%j meets the rule: %s', (password, ok) => {
    expect(meetsPasswordRule(password)).toBe(ok);
  });

  it('lists each rule with a text the sign-up page shows', () => {
    expect(PASSWORD_RULES.map((r) => r.text)).toEqual([
      '8 to 14 characters',
      'At least one uppercase letter',
      'At least one number',
      'At least one special character',
    ]);
  });
});
