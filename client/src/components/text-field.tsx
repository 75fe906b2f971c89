import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '@contract/email';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface TextFieldProps extends InputProps {
  label: string;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
}

/**
 * A labelled input with an optional hint; every control of the site is labelled this way. An
 * e-mail input checks the server's e-mail rule (domain/email.ts) in the browser too.
 */
export function TextField({ label, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-describedby={hint ? hintId : undefined}
        {...(input.type === 'email' ? { pattern: EMAIL_PATTERN, title: EMAIL_MESSAGE } : {})}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
