import type { KeyboardEvent } from 'react';
import { CONTACT_LIMITS, PHONE_HINT, phoneInputValue } from '@contract/contact-rules';
import { TextField } from './text-field';

interface PhoneFieldProps {
  value: string;
  onChange: (digits: string) => void;
  error?: string;
}

/** A key that would type a character other than a digit (editing and shortcut keys pass). */
function typesNonDigit(event: KeyboardEvent<HTMLInputElement>): boolean {
  return event.key.length === 1 && !/[0-9]/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** docs/product.md §5: digits only (other keystrokes are ignored), at most ten, hinted as exactly ten. */
export function PhoneField({ value, onChange, error }: PhoneFieldProps) {
  return (
    <TextField
      label="Phone"
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={CONTACT_LIMITS.phone}
      pattern="[0-9]{10}"
      title={PHONE_HINT}
      hint={`Optional. ${PHONE_HINT}.`}
      value={value}
      error={error}
      onKeyDown={(event) => {
        if (typesNonDigit(event)) event.preventDefault();
      }}
      // The input's maxLength would cut a pasted "(212) 555-0199" before its digits are kept.
      onPaste={(event) => {
        event.preventDefault();
        const input = event.currentTarget;
        const start = input.selectionStart ?? input.value.length;
        const end = input.selectionEnd ?? start;
        onChange(phoneInputValue(input.value.slice(0, start) + event.clipboardData.getData('text') + input.value.slice(end)));
      }}
      onChange={(event) => onChange(phoneInputValue(event.target.value))}
    />
  );
}
