import type { InputHTMLAttributes, ReactNode } from 'react';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '@contract/email';
import { FieldError, useFieldDescription } from './field-parts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid'>;

interface TextFieldProps extends InputProps {
  label: string;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
  /** Why the value was refused: shown under the input, read with it, and the input marked invalid. */
  error?: string;
}

/**
 * A labelled input with an optional hint and error; every control of the site is labelled this
 * way. An e-mail input carries the server's e-mail rule (contract/email.ts) as its pattern too.
 */
export function TextField({ label, hint, error, className, 'aria-describedby': describedBy, ...input }: TextFieldProps) {
  const { id, hintId, errorId, aria } = useFieldDescription({ hint: Boolean(hint), error, describedBy });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        {...(input.type === 'email' ? { pattern: EMAIL_PATTERN, title: EMAIL_MESSAGE } : {})}
        {...input}
        {...aria}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
