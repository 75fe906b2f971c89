import { z } from 'zod';
import { decimal, decimals, isoDay, isoTime } from './common';
import { quoteOutput } from './market';
import { symbolField } from './holdings';

/** Every figure of the dashboards, computed once by the portfolio engine, as decimal text. */

const totals = z.object(
  decimals([
    'cashAvailable',
    'marginDebit',
    'accountsReceivable',
    'netAccountValue',
    'liquidValue',
    'ventureValue',
    'realEstateValue',
    'dayGain',
    'liquidCost',
    'liquidGain',
    'liquidTableTotal',
    'ventureCost',
    'ventureGain',
    'ventureDividendDollar',
    'realEstateCost',
    'realEstateTotalValue',
    'realEstateGain',
    'annualRentalIncome',
    'totalRentalIncome',
    'monthlyRentalIncome',
    'totalUnrealizedGain',
    'realizedGainYearToDate',
    'realizedGainAllTime',
    'dividendIncomeYearToDate',
    'dividendIncomeAllTime',
    'dividendTaxYearToDate',
    'dividendTaxAllTime',
  ]),
);
const pcts = {
  liquidGainPct: decimal.nullable(),
  ventureGainPct: decimal.nullable(),
  ventureDividendPct: decimal.nullable(),
  realEstateGainPct: decimal.nullable(),
};
export const summaryOutput = totals.extend({ ...pcts, asOf: isoTime });
export type SummaryOutput = z.infer<typeof summaryOutput>;

const figures = { cost: decimal, value: decimal, gain: decimal, gainPct: decimal.nullable() };
const privateRow = z.object({ id: z.number().int(), ...figures, totalValue: decimal });

/** One purchase lot of a position, with its figures. */
export const lotOutput = z.object({
  id: z.number().int(),
  qty: decimal,
  pricePaid: decimal,
  purchaseDate: isoDay,
  ...figures,
  dayGain: decimal,
  pctOfPortfolio: decimal.nullable(),
});

/** A position's own fields: everything but its lots. */
const positionFields = {
  symbol: z.string(),
  assetType: z.enum(['stock', 'crypto']),
  exchange: z.string().nullable(),
  qty: decimal,
  lastPrice: decimal.nullable(),
  priced: z.boolean(),
  avgPricePaid: decimal,
  ...figures,
  dayGain: decimal,
  pctOfPortfolio: decimal.nullable(),
};

/** The valuation's other parts, after its positions. */
const rest = {
  ventures: z.array(privateRow),
  properties: z.array(privateRow),
  totals: totals.extend(pcts),
  quotes: z.record(z.string(), quoteOutput),
  asOf: isoTime,
};

export const valuationOutput = z.object({
  positions: z.array(z.object({ ...positionFields, lots: z.array(lotOutput) })),
  ...rest,
});
export type ValuationOutput = z.infer<typeof valuationOutput>;

/**
 * The dashboards' figures without the lots (docs/decisions/0025, "Later: lots sent on open"): the
 * valuation with each position's number of lots in place of its lots.
 */
export const positionsOutput = z.object({
  positions: z.array(z.object({ ...positionFields, lotCount: z.number().int() })),
  ...rest,
});
export type PositionsOutput = z.infer<typeof positionsOutput>;

/** One symbol's lots, as the valuation has them (oldest first); none for a symbol not held. */
export const lotsInput = z.strictObject({ symbol: symbolField });
export const lotsOutput = z.array(lotOutput);
