import { z } from 'zod';
import { decimal, decimals, isoDay, isoTime } from './common';
import { quoteOutput } from './market';

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
export const valuationOutput = z.object({
  positions: z.array(
    z.object({
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
      lots: z.array(
        z.object({
          id: z.number().int(),
          qty: decimal,
          pricePaid: decimal,
          purchaseDate: isoDay,
          ...figures,
          dayGain: decimal,
          pctOfPortfolio: decimal.nullable(),
        }),
      ),
    }),
  ),
  ventures: z.array(privateRow),
  properties: z.array(privateRow),
  totals: totals.extend(pcts),
  quotes: z.record(z.string(), quoteOutput),
  asOf: isoTime,
});
export type ValuationOutput = z.infer<typeof valuationOutput>;
