import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** The ledger and the audit log, as the server's procedures answer them. */
export type LedgerEntry = Outputs['portfolio']['activity']['transactions']['entries'][number];
export type TransactionsPage = Outputs['portfolio']['activity']['transactions'];
export type AuditEvent = Outputs['portfolio']['activity']['auditEvents']['events'][number];
export type AuditPage = Outputs['portfolio']['activity']['auditEvents'];
export type LedgerKind = LedgerEntry['kind'];
export type LedgerSource = LedgerEntry['source'];
export type TransactionsInput = NonNullable<Inputs['portfolio']['activity']['transactions']>;

/** A page of either list; the server answers at most this many at a time. */
export const PAGE_SIZE = 50;
/** Rows a phone shows at a time: each is a tall card there. */
export const PHONE_PAGE_SIZE = 10;

/** Every kind the ledger records, in the order the filter offers them (a Record, so none is missed). */
export const KIND_LABELS: Record<LedgerKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  correction: 'Correction',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  balances: 'Balances edit',
  asset: 'Private asset',
  split: 'Split',
  dividend: 'Dividend',
  interest: 'Interest received',
  margin_interest: 'Margin interest',
  fee: 'Fee',
};

export const KINDS = Object.keys(KIND_LABELS) as LedgerKind[];

export function isLedgerKind(value: string): value is LedgerKind {
  return Object.hasOwn(KIND_LABELS, value);
}

export const SOURCE_LABELS: Record<LedgerSource, string> = {
  add_investment: 'Add Investment',
  sell_action: 'Sell action',
  trash: 'Trash button',
  assistant: 'AI assistant',
  balances: 'Balances panel',
  cash: 'Cash',
  venture: 'Venture Investments',
  real_estate: 'Real Estate',
  corporate_action: 'Corporate Actions',
  import: 'Import',
};
