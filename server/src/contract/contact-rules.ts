/** docs/product.md §5: the contact form's rules, shared by client and server. */
export const PHONE_MESSAGE = 'Phone number must be exactly 10 digits.';
export const PHONE_HINT = 'Please enter exactly 10 digits';

export const CONTACT_LIMITS = { name: 200, email: 254, phone: 10, message: 5000 } as const;

/** Empty, or exactly ten digits. */
export function isValidPhone(phone: string): boolean {
  return phone === '' || /^[0-9]{10}$/.test(phone);
}

/** What the phone input keeps of a keystroke or paste: digits only, at most ten. */
export function phoneInputValue(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, CONTACT_LIMITS.phone);
}
