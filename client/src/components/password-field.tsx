import { useState, type InputHTMLAttributes } from 'react';
import { FieldError, useFieldDescription } from './field-parts';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'aria-invalid'> {
  label: string;
  /** Why the value was refused: shown under the input, read with it, and the input marked invalid. */
  error?: string;
}

/** A password input with its own show/hide eye toggle (the reset and change-password forms). */
export function PasswordField({ label, error, className, 'aria-describedby': describedBy, ...input }: PasswordFieldProps) {
  const { id, errorId, aria } = useFieldDescription({ hint: false, error, describedBy });
  const [visible, setVisible] = useState(false);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="password-input">
        <input id={id} className="field__input" type={visible ? 'text' : 'password'} {...input} {...aria} />
        <button
          type="button"
          className="password-input__toggle"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}
