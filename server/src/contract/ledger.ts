/** The kinds of ledger entry: the books' one list, for the schema, the inputs and the answers. */
export const LEDGER_KINDS = [
  'buy',
  'sell',
  'correction',
  'deposit',
  'withdrawal',
  'balances',
  'asset',
  'split',
  'dividend',
  'interest',
  'margin_interest',
  'fee',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Where an entry was recorded from. */
export const LEDGER_SOURCES = [
  'add_investment',
  'sell_action',
  'trash',
  'assistant',
  'balances',
  'cash',
  'venture',
  'real_estate',
  'corporate_action',
  'import',
] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];
