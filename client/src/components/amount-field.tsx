import { acceptNumericText } from '../lib/numeric-text';
import { TextField } from './text-field';

interface AmountFieldProps {
  /** The field's label; "Amount" unless said. */
  label?: string;
  /** The input's name; "amount" unless said. */
  name?: string;
  value: string;
  /** Why the amount was refused, shown under it and read with it. */
  error?: string | undefined;
  /** The amount as typed: digits, one point and commas only; a minus sign is dropped (the kind says which way money goes). */
  onChange: (amount: string) => void;
}

/** The "Amount" input of a money movement (a cash movement, a capital account entry). */
export function AmountField({ label = 'Amount', name = 'amount', value, error, onChange }: AmountFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      required
      value={value}
      error={error}
      onChange={(event) => {
        const accepted = acceptNumericText(event.target.value);
        if (accepted !== null) onChange(accepted.replace(/^-/, ''));
      }}
    />
  );
}
