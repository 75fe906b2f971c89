import { useCallback, useEffect, useRef, useState } from 'react';
import { checkFields, type FieldErrors, type Schema, type SchemaInput } from '@contract/field-errors';

/** Rules a form checks besides its procedure's schema (docs/product.md §5's matching passwords): a message where one is broken. */
export type ExtraChecks = Readonly<Record<string, string | false | null | undefined>>;

/**
 * A form's per-field errors from the contract's schema for its procedure: `validate` runs the
 * schema on what is about to be sent, shows the first message of each field it refuses, and says
 * whether the input may be sent. The form then sends that input as typed (decimal text stays as
 * the partner wrote it; the server parses it with the same schema). After a refusal the first
 * field refused gets the focus, so its message is read.
 */
export function useFieldErrors<F extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<F>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const validate = useCallback(
    <S extends Schema>(schema: S, input: SchemaInput<S>, extra: ExtraChecks = {}): { ok: true } | { ok: false; errors: FieldErrors } => {
      const checked = checkFields(schema, input);
      const found: Partial<Record<string, string>> = checked.ok ? {} : { ...checked.errors };
      // A form's own rule is the more telling one ("Quantity is required." for a blank decimal).
      for (const [field, message] of Object.entries(extra)) if (message) found[field] = message;
      setErrors(found);
      if (Object.keys(found).length === 0) return { ok: true };
      setRefusals((n) => n + 1);
      return { ok: false, errors: found };
    },
    [],
  );

  /** An edited field's message goes until the next submit. */
  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }, []);

  /**
   * What a field does as it is edited: keeps the new value (an input's change event, or the text a
   * field component hands over) and takes the field's message away until the next submit.
   */
  const edit = useCallback(
    (field: string, set: (value: string) => void) => (change: string | { target: { value: string } }) => {
      set(typeof change === 'string' ? change : change.target.value);
      clear(field);
    },
    [clear],
  );

  const reset = useCallback(() => setErrors({}), []);

  return { formRef, errors, validate, clear, edit, reset };
}
