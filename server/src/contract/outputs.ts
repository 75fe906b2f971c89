import { z } from 'zod';
import { LEDGER_KINDS, LEDGER_SOURCES } from './ledger';
import { ROLES } from './roles';

/**
 * What the procedures answer, one schema each, attached with `.output(declared(...))`. They
 * describe the API for the OpenAPI document; TypeScript holds each resolver to its schema.
 * Money from the portfolio engine is decimal text; docs/product.md §7's older list paths answer numbers.
 */

const isoTime = z.string().describe('ISO 8601 date and time (UTC)');
const isoDay = z.string().describe('ISO 8601 date, YYYY-MM-DD');
const decimal = z.string().describe('Exact decimal number as text');
const role = z.enum(ROLES);
const authMethod = z.enum(['local', 'google']);
const quoteSource = z.enum(['simulated', 'yahoo']);

export const messageOutput = z.object({ message: z.string() });
export const sessionOutput = z.object({ token: z.string().describe('Bearer token for the Authorization header'), role });
export const clientSettingsOutput = z.object({ googleClientId: z.string().nullable() });
export const changePasswordOutput = z.object({ message: z.string(), token: z.string() });

export const profileOutput = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.string(),
    auth_method: authMethod,
    last_login: isoTime.nullable(),
    last_edit: isoTime.nullable(),
  }),
  lastLogin: isoTime.nullable(),
  lastEdit: isoTime.nullable(),
  mostRecentEdit: z
    .object({ field_changed: z.string(), old_value: z.string().nullable(), new_value: z.string().nullable(), changed_at: isoTime })
    .nullable(),
});

export const inviteLinkOutput = z.object({ link: z.string() });
export const invitesOutput = z.array(
  z.object({ id: z.number().int(), role, created_at: isoTime, created_by: z.string().nullable(), expires_at: isoTime }),
);

export const userInfoOutput = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role,
      auth_method: authMethod,
      last_login: isoTime.nullable(),
      last_edit: isoTime.nullable(),
      created_at: isoTime,
    }),
  ),
  logs: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int().nullable(),
      user_email: z.string(),
      field_changed: z.string(),
      old_value: z.string().nullable(),
      new_value: z.string().nullable(),
      changed_by: z.number().int().nullable(),
      changed_at: isoTime,
    }),
  ),
});

export const contactListOutput = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    created_at: isoTime,
    handled_at: isoTime.nullable().describe('When a general partner marked it handled; null while open'),
  }),
);
export const contactHandledOutput = z.object({ message: z.string(), handled_at: isoTime.nullable() });

const quoteFields = {
  lastPrice: z.number(),
  change: z.number(),
  changePct: z.number(),
  dividendYield: z.number().nullable(),
  marketCap: z.number().nullable(),
  peRatio: z.number().nullable(),
  oneMonthPerf: z.number().nullable(),
  quoteSource,
  quoteAsOf: isoTime,
  quoteStale: z.boolean(),
};
const quote = z.object(quoteFields);
const nullable = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.nullable()])) as { [K in keyof T]: z.ZodNullable<T[K]> };

export const holdingsOutput = z.array(
  z.object({
    id: z.number().int(),
    symbol: z.string(),
    qty: z.number(),
    price_paid: z.number(),
    purchase_date: isoDay,
    asset_type: z.enum(['stock', 'crypto']),
    exchange: z.string().nullable(),
    // Null until the symbol has a quote.
    ...nullable(quoteFields),
  }),
);

export const balancesOutput = z.object({ cash_available: z.number(), margin_debit: z.number(), accounts_receivable: z.number() });
export const cashMovementOutput = z.object({ message: z.string(), cash_available: decimal });
/** What a cash movement would do: Cash Available before and after, whether it needs confirming, and why it would be refused. */
export const cashMovementPreviewOutput = z.object({
  cash_before: decimal,
  cash_after: decimal,
  confirm_above: decimal,
  needs_confirmation: z.boolean(),
  refusal: z.string().nullable(),
});
export const sellOutput = z.object({
  message: z.string(),
  cash_available: decimal.nullable(),
  realized_gain: decimal,
  proceeds: decimal.describe('Net of the fee'),
  fee: decimal,
});

export const marketSummaryOutput = z.array(
  z.object({
    symbol: z.string(),
    name: z.string(),
    price: z.number(),
    change: z.number(),
    changePct: z.number(),
    quoteSource,
    quoteAsOf: isoTime,
    quoteStale: z.boolean(),
  }),
);
export const predictionsOutput = z.array(z.object({ ticker: z.string(), prediction: z.number() }));

/** Fields that are all exact decimals. */
const decimals = <const K extends readonly string[]>(keys: K) =>
  Object.fromEntries(keys.map((k) => [k, decimal])) as { [P in K[number]]: typeof decimal };

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
  quotes: z.record(z.string(), quote),
  asOf: isoTime,
});

export const transactionsOutput = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(LEDGER_KINDS),
      source: z.enum(LEDGER_SOURCES),
      at: isoTime,
      book_date: isoDay,
      actor_email: z.string(),
      symbol: z.string().nullable(),
      asset_type: z.enum(['stock', 'crypto']).nullable(),
      qty: decimal.nullable(),
      price: decimal.nullable(),
      amount: decimal.nullable(),
      settles: z.boolean(),
      cash_before: decimal.nullable(),
      cash_after: decimal.nullable(),
      cost_basis: decimal.nullable(),
      realized_gain: decimal.nullable(),
      fee: decimal.nullable(),
      flow: decimal,
      details: z.unknown(),
    }),
  ),
  next: z.number().int().nullable().describe('Pass as `before` for the next page; null on the last page'),
});

export const historyOutput = z.object({
  days: z.array(z.object({ date: isoDay, netAccountValue: decimal, netFlow: decimal, returnPct: decimal, sp500Pct: decimal.nullable() })),
});

export const auditEventsOutput = z.object({
  events: z.array(
    z.object({
      id: z.number().int(),
      at: isoTime,
      actor_email: z.string(),
      via: z.enum(['user', 'assistant']),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  next: z.number().int().nullable(),
});

export const csvOutput = z.string().describe('CSV text with a header row');

const assetRow = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  qty: z.number(),
  price_paid: z.number(),
  purchase_date: isoDay,
  last_price_at_date: z.number(),
  last_price_date: isoDay.nullable(),
  value: z.number(),
};
export const ventureRowOutput = z.object({ ...assetRow, dividend_dollar: z.number(), dividend_pct: z.number() });
export const realEstateRowOutput = z.object({
  ...assetRow,
  total_rental_income: z.number(),
  monthly_rental_income: z.number(),
  annual_rental_income_pct: z.number(),
});

export const assistantOutput = z.object({ message: z.string(), requiresConfirmation: z.boolean() });

const capitalEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string().optional(),
  kind: z.enum(['commitment', 'contribution', 'distribution']),
  amount: decimal,
  date: isoDay,
  units: decimal.describe('Units bought (+) or redeemed (−), to 8 places'),
  unit_value: decimal.nullable().describe('Value per unit the entry was priced at'),
});
const capitalEntryView = capitalEntry.extend({
  recorded_on: isoDay.describe('The New York day the entry was recorded; an entry dated before it is back-dated'),
  provisional: z.boolean().describe('Priced from a snapshot that lacked the cash of an entry recorded before it'),
});
const provisionalMark = z
  .object({
    since: isoDay.describe('The first day whose figures are provisional'),
    figures: z.boolean().describe("Whether today's figures (value, multiples, IRR) are provisional"),
    note: z.string().describe('What provisional means, in words'),
  })
  .nullable()
  .describe('Figures resting on snapshots taken before a back-dated entry was recorded; null when there are none');
const capitalFigures = z.object({
  commitment: decimal,
  contributed: decimal,
  unfunded: decimal,
  distributed: decimal,
  units: decimal,
  value: decimal,
  dpi: decimal.nullable(),
  rvpi: decimal.nullable(),
  tvpi: decimal.nullable(),
  irr: decimal.nullable().describe('Annual IRR (XIRR) as a fraction to 4 places'),
});
const fundState = z.object({
  as_of: isoDay,
  start_date: isoDay.nullable(),
  net_account_value: decimal,
  units_outstanding: decimal,
  unit_value: decimal.nullable(),
});
const partner = { user_id: z.number().int(), name: z.string(), email: z.string() };
export const capitalAccountOutput = z.object({
  ...partner,
  figures: capitalFigures,
  fund: fundState,
  entries: z.array(capitalEntryView),
  history: z.array(z.object({ date: isoDay, value: decimal, provisional: z.boolean() })),
  provisional: provisionalMark,
});
export const capitalAccountsOutput = z.object({
  fund: fundState,
  accounts: z.array(z.object({ ...partner, figures: capitalFigures, provisional: z.boolean() })),
  provisional: provisionalMark,
  gp: z.object({ units: decimal, value: decimal }),
});
export const capitalEntryOutput = z.object({ message: z.string(), entry: capitalEntry });
export const downloadOutput = z.object({
  fileName: z.string(),
  contentType: z.string(),
  encoding: z.enum(['base64', 'utf8']),
  body: z.string().describe('The file, base64 or UTF-8 text as encoding says; over REST the file itself is sent'),
});
export const inviteCheckOutput = z.object({ valid: z.boolean().describe('Whether the invite can still be used; nothing else is said') });
export const symbolCheckOutput = z.object({
  symbol: z.string(),
  status: z
    .enum(['priced', 'unknown', 'unavailable'])
    .describe('unknown: the market-data provider has no such symbol; unavailable: it cannot be asked now'),
  message: z.string().nullable(),
});
