/** docs/product.md §5: the password rule for every path that sets a password, shared by client and server. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be 8–14 characters long and include at least one uppercase letter, one number, and one special character.';

export const PASSWORD_RULES = [
  { id: 'length', text: '8 to 14 characters', test: (p: string) => p.length >= 8 && p.length <= 14 },
  { id: 'uppercase', text: 'At least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'digit', text: 'At least one number', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', text: 'At least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export function meetsPasswordRule(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const NEW_PASSWORDS_DO_NOT_MATCH = 'New passwords do not match!';
