import type { z } from 'zod';

/** Any input schema of the contract. */
export type Schema = z.ZodType;
export type SchemaInput<S extends Schema> = z.input<S>;
export type SchemaOutput<S extends Schema> = z.output<S>;

/** A message per field, keyed by its path ("email", "purchases.0.qty"); "" for the input as a whole. */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * What the server would say of this input, per field: the first issue of each, in the schema's
 * own words. A form runs its procedure's schema on what it is about to send.
 */
export function checkFields<S extends Schema>(schema: S, input: SchemaInput<S>): Checked<SchemaOutput<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
