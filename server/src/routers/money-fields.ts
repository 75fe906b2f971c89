import { z } from 'zod';
import { isCalendarDay } from '../domain/dates';
import { toDecimalText, type DecimalProblem } from '../domain/decimal';

export interface DecimalOptions {
  /** Decimal places the column keeps. */
  scale: number;
  /** Digits before the point the column keeps. */
  maxIntegerDigits: number;
  /** 'positive' refuses zero and below, 'nonNegative' refuses below zero; default any sign. */
  sign?: 'positive' | 'nonNegative';
  /** One message for every problem (SPEC §5's row rule), instead of a message per problem. */
  message?: string;
  /** An empty text counts as zero (SPEC §5: blank becomes 0). */
  blankIsZero?: boolean;
}

/** Quantities and prices: numeric(24, 8). */
export const QUANTITY = { scale: 8, maxIntegerDigits: 16 } as const;
/** Dollar amounts of the books: numeric(20, 2). */
export const MONEY = { scale: 2, maxIntegerDigits: 18 } as const;
/** Percentages: numeric(14, 6). */
export const PERCENT = { scale: 6, maxIntegerDigits: 8 } as const;

function problemText(label: string, problem: DecimalProblem, scale: number): string {
  if (problem === 'too-many-decimals') return `${label} can have at most ${scale} decimal places.`;
  if (problem === 'too-large') return `${label} is too large.`;
  return `${label} must be a number.`;
}

/**
 * A JSON number or numeric text, checked against the column it goes to and handed on as exact
 * decimal text, so what is stored is exactly what was sent.
 */
export function decimalField(label: string, options: DecimalOptions) {
  const { scale, maxIntegerDigits, sign, message, blankIsZero } = options;
  return z
    .union([z.number(), z.string().max(40)], { error: message ?? `${label} must be a number.` })
    .transform((value, ctx) => {
      const input = blankIsZero && typeof value === 'string' && value.trim() === '' ? '0' : value;
      const parsed = toDecimalText(input, scale, maxIntegerDigits);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: message ?? problemText(label, parsed.problem, scale) });
        return z.NEVER;
      }
      const n = Number(parsed.text);
      if (sign === 'positive' && !(n > 0)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be more than 0.` });
        return z.NEVER;
      }
      if (sign === 'nonNegative' && n < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be negative.` });
        return z.NEVER;
      }
      return parsed.text;
    });
}

/** A YYYY-MM-DD calendar day. */
export function dayField(label: string, message = `${label} must be a date in YYYY-MM-DD form.`) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v) && v >= '1900-01-01' && v <= '2100-12-31', message);
}
