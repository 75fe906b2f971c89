import { z } from 'zod';
import { decimal, isoDay } from './common';

/** Per day the net account value, its new money and the time-weighted return. */
export const historyInput = z
  .strictObject({
    days: z.coerce
      .number({ error: 'days must be a number.' })
      .int('days must be a whole number.')
      .min(1, 'days must be between 1 and 3650.')
      .max(3650, 'days must be between 1 and 3650.')
      .default(90),
  })
  .default({ days: 90 });

export const historyOutput = z.object({
  days: z.array(z.object({ date: isoDay, netAccountValue: decimal, netFlow: decimal, returnPct: decimal, sp500Pct: decimal.nullable() })),
});
export type HistoryOutput = z.infer<typeof historyOutput>;
