import { ASSET_ROW_RULE } from '@contract/asset-rules';

/** The part of a zod schema this needs (the contract's row schemas). */
export interface RowSchema {
  safeParse(
    input: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Why a row cannot be saved: the message to show, and each refused field's own hint for its input. */
export interface RowProblem<Field extends string> {
  message: string;
  fields: Partial<Record<Field, string>>;
}

/**
 * A row checked against the contract's row schema (the server's own). SPEC §5's message names the
 * fields to fix after its sentence ("… Check Purchase Date."); a refusal of another rule (a bound,
 * a negative quantity) is the schema's own message.
 */
export function rowProblem<Field extends string>(
  schema: RowSchema,
  payload: unknown,
  labels: Record<Field, string>,
): RowProblem<Field> | null {
  const result = schema.safeParse(payload);
  if (result.success) return null;
  const fields: Partial<Record<Field, string>> = {};
  const ruled: Field[] = [];
  let other: string | null = null;
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key !== 'string' || !(key in labels)) continue;
    const field = key as Field;
    if (fields[field] !== undefined) continue;
    fields[field] = issue.message === ASSET_ROW_RULE ? (RULE_HINTS[field as string] ?? 'Check this field.') : issue.message;
    if (issue.message === ASSET_ROW_RULE) ruled.push(field);
    else other ??= issue.message;
  }
  const message =
    ruled.length > 0 ? `${ASSET_ROW_RULE} Check ${ruled.map((field) => labels[field]).join(', ')}.` : (other ?? ASSET_ROW_RULE);
  return { message, fields };
}

/** Short hints beside an input the row rule refused (the toast carries SPEC's whole sentence). */
const RULE_HINTS: Record<string, string> = {
  name: 'Enter a name.',
  purchase_date: 'Enter a date as YYYY-MM-DD.',
  qty: 'Enter a number.',
  price_paid: 'Enter a number.',
  last_price_at_date: 'Enter a number.',
};
