/** The kinds of ledger entry: the books' one list, for the schema, the inputs and the answers. */
export const LEDGER_KINDS = ['buy', 'sell', 'correction', 'deposit', 'withdrawal', 'balances', 'asset'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
