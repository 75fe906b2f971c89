import { z } from 'zod';
import { PERIOD_KEYS } from '../domain/return-measures';
import { decimal, isoDay } from './common';

/** The returns panel (docs/product.md §10, docs/decisions/0012-returns.md): inputs and answers. */

const fraction = z.string().describe('A rate as a fraction, exact decimal text (0.05 is 5 %)');
const datedAmount = z.object({ date: isoDay, amount: decimal });

export const returnsInput = z
  .strictObject({
    /** Also answer this period's daily rows (the disclosure's "Show the daily rows"). */
    period: z.enum(PERIOD_KEYS, { error: `period must be one of ${PERIOD_KEYS.join(', ')}.` }).optional(),
  })
  .default({});
export type ReturnsInput = z.infer<typeof returnsInput>;

export const returnDayOutput = z.object({
  date: isoDay,
  value: decimal.describe('Net account value at the close, in dollars'),
  flow: decimal.describe('External flows that day: new money in (+) or out (−)'),
  dayReturn: fraction.nullable().describe('close ÷ (previous close + flow) − 1, 12 places; null on the first day'),
  growth: fraction.describe('Growth since the period’s base day: the product of 1 + each day’s return, 12 places'),
  sp500: decimal.nullable().describe('The S&P 500’s close on the day, or the last one before it'),
  sampled: z.boolean().describe('A weekday: one of the days volatility and beta use'),
});

export const returnPeriodOutput = z.object({
  key: z.enum(PERIOD_KEYS),
  label: z.string(),
  from: isoDay.describe('The base day: the period starts at its close'),
  to: isoDay,
  startValue: decimal,
  endValue: decimal,
  flows: z.array(datedAmount).describe('External flows after the base day: in (+), out (−)'),
  twr: fraction.describe('Time-weighted return over the period, 12 places'),
  mwr: fraction.nullable().describe('Money-weighted return: XIRR of mwrFlows, an annual rate to 4 places'),
  mwrFlows: z.array(datedAmount).describe('What XIRR is given: the start value (−), the flows (in −, out +), the end value (+)'),
  drawdown: z.object({ depth: fraction, peak: isoDay.nullable(), trough: isoDay.nullable() }),
  volatility: fraction.nullable().describe('Sample standard deviation of weekday returns × √252, 12 places'),
  beta: fraction.nullable().describe('Covariance with the S&P 500’s weekday returns ÷ their variance, 12 places'),
  volatilityDays: z.number().int(),
  betaDays: z.number().int(),
});

export const returnsOutput = z.object({
  asOf: isoDay,
  /** Empty until the books have a second day. */
  periods: z.array(returnPeriodOutput),
  /** The asked period's daily rows, or null. */
  days: z.array(returnDayOutput).nullable(),
});
export type ReturnsOutput = z.infer<typeof returnsOutput>;
export type ReturnPeriod = z.infer<typeof returnPeriodOutput>;
export type ReturnDayRow = z.infer<typeof returnDayOutput>;
