import type { ChangeEvent } from 'react';
import { TextField } from './text-field';

interface EmailFieldProps {
  value: string;
  /** "username" where the e-mail signs in (the browser offers the saved login), "email" elsewhere. */
  autoComplete: 'username' | 'email';
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The required "Email" input of the sign-in forms, with the server's e-mail rule (TextField's). */
export function EmailField({ value, autoComplete, error, onChange }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      required
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
