import { z } from 'zod';
import { ROLES } from './roles';

/**
 * The pieces the procedures' answers are built of. Each feature's contract file holds its inputs and
 * its answers (attached with `.output(declared(...))`), which describe the API for the OpenAPI
 * document and hold each resolver to its schema. Money from the portfolio engine is decimal text;
 * docs/product.md §7's older list paths answer numbers.
 */
export const isoTime = z.string().describe('ISO 8601 date and time (UTC)');
export const isoDay = z.string().describe('ISO 8601 date, YYYY-MM-DD');
export const decimal = z.string().describe('Exact decimal number as text');
export const role = z.enum(ROLES);
export const authMethod = z.enum(['local', 'google']);

/** Fields that are all exact decimals. */
export const decimals = <const K extends readonly string[]>(keys: K) =>
  Object.fromEntries(keys.map((k) => [k, decimal])) as { [P in K[number]]: typeof decimal };

/** The answer of a call that only says what it did. */
export const messageOutput = z.object({ message: z.string() });
export type MessageOutput = z.infer<typeof messageOutput>;
