import { useId } from 'react';

interface DescriptionOptions {
  /** The field shows a hint under its input. */
  hint: boolean;
  error: string | undefined;
  /** Other elements the caller wants read with the input (the sign-up password rules). */
  describedBy: string | undefined;
}

/**
 * The ids of a field and the ARIA of its input: the hint and the error are read with it, and an
 * error marks it invalid. Every field component of the site uses this, so each form's errors are
 * tied to their inputs the same way.
 */
export function useFieldDescription({ hint, error, describedBy }: DescriptionOptions) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    id,
    hintId,
    errorId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids === '' ? undefined : ids },
  } as const;
}

/** A field's refusal, under its input; announced as it appears. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}
