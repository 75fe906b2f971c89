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
 * A row checked against the contract's row schema (the server's own), and against `more` (a rule
 * the schema cannot check alone: a date after today). The message names every field to fix: docs/product.md
 * §5's sentence with the fields it covers ("… Check Name, Purchase Date."), then each other
 * refusal's own message (a bound, a negative quantity, the books' date rule).
 */
export function rowProblem<Field extends string>(
  schema: RowSchema,
  payload: unknown,
  labels: Record<Field, string>,
  more: Partial<Record<Field, string | null>> = {},
): RowProblem<Field> | null {
  const result = schema.safeParse(payload);
  const issues = result.success ? [] : result.error.issues;
  const fields: Partial<Record<Field, string>> = {};
  const ruled: Field[] = [];
  const others: string[] = [];
  const refuse = (field: Field, message: string) => {
    if (fields[field] !== undefined) return;
    fields[field] = message === ASSET_ROW_RULE ? (RULE_HINTS[field as string] ?? 'Check this field.') : message;
    if (message === ASSET_ROW_RULE) ruled.push(field);
    else if (!others.includes(message)) others.push(message);
  };
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in labels) refuse(key as Field, issue.message);
  }
  for (const [field, message] of Object.entries(more) as [Field, string | null | undefined][]) if (message) refuse(field, message);
  if (ruled.length === 0 && others.length === 0) return result.success ? null : { message: ASSET_ROW_RULE, fields };
  // In the table's order, as the fields were refused.
  const order = Object.keys(labels) as Field[];
  const named = ruled.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((field) => labels[field]);
  const sentences = [...(named.length > 0 ? [`${ASSET_ROW_RULE} Check ${named.join(', ')}.`] : []), ...others];
  return { message: sentences.join(' '), fields };
}

/** Short hints beside an input the row rule refused (the toast carries the product's whole sentence). */
const RULE_HINTS: Record<string, string> = {
  name: 'Enter a name.',
  purchase_date: 'Enter a date as YYYY-MM-DD.',
  qty: 'Enter a number.',
  price_paid: 'Enter a number.',
  last_price_at_date: 'Enter a number.',
};
