import { z } from 'zod';
import { boundText, checkAmount, MAX_SIGNIFICANT_DIGITS, type AmountProblem, type AmountRule } from '../domain/amounts';
import { isCalendarDay } from '../domain/dates';
import { BOOK_DATE_RULE, EARLIEST_BOOK_DAY } from './book-dates';
import { dec } from '../domain/money';

export interface DecimalOptions extends AmountRule {
  /** 'positive' refuses zero and below, 'nonNegative' refuses below zero; default any sign. */
  sign?: 'positive' | 'nonNegative';
  /**
   * One message for a value that is not a number or has too many decimal places (docs/product.md §5's row
   * rule), instead of a message per problem. Bounds keep their own messages, which name them.
   */
  message?: string;
  /** An empty text counts as zero (docs/product.md §5: blank becomes 0). */
  blankIsZero?: boolean;
}

function problemText(label: string, problem: AmountProblem, options: DecimalOptions): string {
  switch (problem) {
    case 'too-large':
      return `${label} must be at most ${boundText(options.max)}.`;
    case 'too-small':
      return `${label} must be at least -${boundText(options.max)}.`;
    case 'too-many-digits':
      return `${label} can have at most ${MAX_SIGNIFICANT_DIGITS} significant digits.`;
    case 'too-many-decimals':
      return options.message ?? `${label} can have at most ${options.scale} decimal places.`;
    case 'not-a-number':
      return options.message ?? `${label} must be a number.`;
  }
}

/**
 * A JSON number or numeric text, checked against its kind's bounds (domain/amounts.ts) and handed
 * on as exact decimal text, so what is stored is exactly what was sent.
 */
export function decimalField(label: string, options: DecimalOptions) {
  const { sign, message, blankIsZero } = options;
  return z.union([z.number(), z.string().max(40)], { error: message ?? `${label} must be a number.` }).transform((value, ctx) => {
    const input = blankIsZero && typeof value === 'string' && value.trim() === '' ? '0' : value;
    const parsed = checkAmount(input, options);
    const refuse = (text: string) => {
      ctx.addIssue({ code: 'custom', message: text });
      return z.NEVER;
    };
    if ('problem' in parsed && (parsed.problem === 'not-a-number' || parsed.problem === 'too-many-decimals')) {
      return refuse(problemText(label, parsed.problem, options));
    }
    // The sign comes before the size, so -5 for a quantity says "more than 0", not a bound.
    const negative = 'text' in parsed ? parsed.text.startsWith('-') : parsed.problem === 'too-small';
    const zero = 'text' in parsed && dec(parsed.text).eq(0);
    if (sign === 'positive' && (negative || zero)) return refuse(`${label} must be more than 0.`);
    if (sign === 'nonNegative' && negative) return refuse(`${label} cannot be negative.`);
    if ('problem' in parsed) return refuse(problemText(label, parsed.problem, options));
    return parsed.text;
  });
}

/** A YYYY-MM-DD calendar day. */
export function dayField(label: string, message = `${label} must be a date in YYYY-MM-DD form.`) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v) && v >= EARLIEST_BOOK_DAY && v <= LATEST_DAY, message);
}

/**
 * The day a purchase or an entry is dated in the books: a YYYY-MM-DD calendar day (`message`
 * otherwise), from 1900-01-01 on, with the books' one message (contract/book-dates.ts) when out of
 * range. Whether it is after today is the service's check, on its own clock.
 */
export function bookDayField(label: string, message = `${label} must be a date in YYYY-MM-DD form.`) {
  return z
    .string({ error: message })
    .trim()
    .check((ctx) => {
      if (!isCalendarDay(ctx.value)) ctx.issues.push({ code: 'custom', message, input: ctx.value });
      else if (ctx.value < EARLIEST_BOOK_DAY || ctx.value > LATEST_DAY)
        ctx.issues.push({ code: 'custom', message: BOOK_DATE_RULE, input: ctx.value });
    });
}

/** No day in the books is later than this, whatever a clock says. */
const LATEST_DAY = '2100-12-31';
