import type { ChangeEvent } from 'react';
import { TextField } from '../../components/text-field';
import type { CodeEntry } from './use-code-entry';

export const CODE_LABEL = 'Authentication code';
export const RECOVERY_LABEL = 'Recovery code';

/**
 * The one field a second factor is typed into: six digits from an authenticator app (the browser
 * may fill it from a text message or a password manager: one-time-code), or a recovery code.
 */
export function CodeField({
  recovery = false,
  value,
  error,
  onChange,
  autoFocus = false,
}: {
  recovery?: boolean;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={recovery ? RECOVERY_LABEL : CODE_LABEL}
      name={recovery ? 'recovery-code' : 'one-time-code'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      required
      autoFocus={autoFocus}
      hint={
        recovery ? 'One of the ten codes you saved when you set up two-factor sign-in.' : 'The 6-digit code from your authenticator app.'
      }
      value={value}
      {...(error ? { error } : {})}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
    />
  );
}

/** The code field of an entry that also takes recovery codes: the field the entry asks for. */
export function EntryCodeField({ entry, autoFocus = false }: { entry: CodeEntry; autoFocus?: boolean }) {
  return (
    <CodeField
      key={entry.recovery ? 'recovery' : 'totp'}
      recovery={entry.recovery}
      value={entry.code}
      error={entry.problem}
      onChange={entry.setCode}
      autoFocus={autoFocus}
    />
  );
}

/** Switches an entry between the authenticator's code and a recovery code. */
export function RecoveryToggle({ entry }: { entry: CodeEntry }) {
  return (
    <button type="button" className="button button--link" onClick={entry.toggleRecovery}>
      {entry.recovery ? 'Use the authenticator app' : 'Use a recovery code'}
    </button>
  );
}
