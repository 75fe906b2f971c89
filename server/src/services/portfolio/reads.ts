import { and, asc, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { auditEvents, dailyCloses, ledgerEntries, portfolioSnapshots } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { centsText, dec } from '../../domain/money';
import { indexReturns, timeWeightedReturns } from '../../domain/returns';
import type { PortfolioTotals } from '../../domain/valuation';
import { toCsv } from '../csv';
import type { Db } from '../../db/open';
import type { PortfolioEngine } from './engine';
import type { Role } from '../../contract/roles';

export interface PortfolioReadsDeps {
  db: Db;
  /** The valuation of the books, computed once per change. */
  portfolio: PortfolioEngine;
  now: () => Date;
}

/** The reads the engine adds beside SPEC's paths; money is decimal text throughout. */

/** GET /api/portfolio/summary: the stat cards' figures, realized gains and cash. */
export async function summary(deps: PortfolioReadsDeps): Promise<PortfolioTotals & { asOf: string }> {
  const view = await deps.portfolio.current();
  return { ...view.valuation.totals, asOf: view.computedAt.toISOString() };
}

export interface LedgerView {
  id: number;
  kind: (typeof ledgerEntries.$inferSelect)['kind'];
  source: (typeof ledgerEntries.$inferSelect)['source'];
  at: string;
  book_date: string;
  actor_email: string;
  symbol: string | null;
  asset_type: 'stock' | 'crypto' | null;
  qty: string | null;
  price: string | null;
  amount: string | null;
  settles: boolean;
  cash_before: string | null;
  cash_after: string | null;
  cost_basis: string | null;
  realized_gain: string | null;
  flow: string;
  details: unknown;
}

const plainOrNull = (v: string | null) => (v === null ? null : dec(v).toFixed());
const centsOrNull = (v: string | null) => (v === null ? null : centsText(dec(v)));

function ledgerView(r: typeof ledgerEntries.$inferSelect): LedgerView {
  return {
    id: r.id,
    kind: r.kind,
    source: r.source,
    at: r.at.toISOString(),
    book_date: r.bookDate,
    actor_email: r.actorEmail,
    symbol: r.symbol,
    asset_type: r.assetType,
    qty: plainOrNull(r.qty),
    price: plainOrNull(r.price),
    amount: centsOrNull(r.amount),
    settles: r.settles,
    cash_before: centsOrNull(r.cashBefore),
    cash_after: centsOrNull(r.cashAfter),
    cost_basis: centsOrNull(r.costBasis),
    realized_gain: centsOrNull(r.realizedGain),
    flow: centsText(dec(r.flow)),
    details: r.details,
  };
}

/** GET /api/transactions: the ledger, newest first, a page at a time (`before` is the last id seen). */
export async function transactions(
  deps: PortfolioReadsDeps,
  input: { limit: number; before?: number | undefined; symbol?: string | undefined; kind?: LedgerView['kind'] | undefined },
): Promise<{ entries: LedgerView[]; next: number | null }> {
  const rows = await deps.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        input.before === undefined ? undefined : lt(ledgerEntries.id, input.before),
        // A blank symbol (an emptied search box, `?symbol=`) is no filter, not a search for no symbol.
        input.symbol ? eq(ledgerEntries.symbol, input.symbol.toUpperCase()) : undefined,
        input.kind === undefined ? undefined : eq(ledgerEntries.kind, input.kind),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return { entries: page.map(ledgerView), next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null };
}

export interface HistoryDay {
  date: string;
  netAccountValue: string;
  /** New money in (+) or out (−) that day. */
  netFlow: string;
  /** Time-weighted return since the first day shown, in percent. */
  returnPct: string;
  /** The S&P 500's change over the same days, in percent; null before it has a close. */
  sp500Pct: string | null;
}

/**
 * GET /api/portfolio/history: per day the net account value, the day's new money and the
 * time-weighted return since the first day, beside the S&P 500 over the same days.
 */
export async function portfolioHistory(deps: PortfolioReadsDeps, days: number): Promise<{ days: HistoryDay[] }> {
  const today = dayInNewYork(deps.now());
  const from = addDays(today, -days);
  const [snapshots, flows, closes] = await Promise.all([
    deps.db
      .select({ date: portfolioSnapshots.date, value: portfolioSnapshots.netAccountValue })
      .from(portfolioSnapshots)
      .where(gte(portfolioSnapshots.date, from))
      .orderBy(asc(portfolioSnapshots.date)),
    deps.db
      .select({ date: ledgerEntries.bookDate, flow: sql<string>`sum(${ledgerEntries.flow})` })
      .from(ledgerEntries)
      .where(gte(ledgerEntries.bookDate, from))
      .groupBy(ledgerEntries.bookDate),
    deps.db
      .select({ date: dailyCloses.date, close: dailyCloses.close })
      .from(dailyCloses)
      .where(and(eq(dailyCloses.key, '^GSPC'), gte(dailyCloses.date, addDays(from, -10))))
      .orderBy(asc(dailyCloses.date)),
  ]);
  const flowOf = new Map(flows.map((f) => [f.date, centsText(dec(f.flow))]));
  const linked = timeWeightedReturns(snapshots.map((s) => ({ date: s.date, value: s.value, flow: flowOf.get(s.date) ?? '0' })));
  // Weekends and holidays carry the last close before them.
  let c = 0;
  let last: string | null = null;
  const sp500 = snapshots.map((s) => {
    while (c < closes.length && closes[c]!.date <= s.date) last = closes[c++]!.close;
    return last;
  });
  const index = indexReturns(sp500);
  return {
    days: linked.map((d, i) => ({
      date: d.date,
      netAccountValue: centsText(dec(d.value)),
      netFlow: d.flow === '0' ? '0.00' : d.flow,
      returnPct: d.cumulativeReturnPct,
      sp500Pct: index[i] ?? null,
    })),
  };
}

const CSV_COLUMNS: (keyof LedgerView)[] = [
  'id',
  'book_date',
  'at',
  'kind',
  'source',
  'actor_email',
  'symbol',
  'asset_type',
  'qty',
  'price',
  'amount',
  'settles',
  'cash_before',
  'cash_after',
  'cost_basis',
  'realized_gain',
  'flow',
];

/** GET /api/export/transactions.csv: the whole ledger, oldest first. */
export async function transactionsCsv(deps: PortfolioReadsDeps): Promise<string> {
  const rows = await deps.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
  const columns = CSV_COLUMNS.map((c) => ({ header: c, value: (v: LedgerView) => v[c] as string | number | boolean | null }));
  return toCsv(columns, rows.map(ledgerView));
}

export interface AuditView {
  id: number;
  at: string;
  actor_email: string;
  via: 'user' | 'assistant';
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/** Administration events (invites) and capital accounts (each LP's own) that only general partners see in the audit log. */
const GP_ONLY_ENTITIES = ['invite', 'capital_entry'];

/**
 * GET /api/audit-events: who changed what (before → after), newest first, a page at a time. A
 * limited partner sees the portfolio's events, not the administration's.
 */
export async function auditEventsPage(
  deps: PortfolioReadsDeps,
  input: { limit: number; before?: number | undefined; entity?: string | undefined },
  reader: { role: Role },
): Promise<{ events: AuditView[]; next: number | null }> {
  const rows = await deps.db
    .select()
    .from(auditEvents)
    .where(
      and(
        input.before === undefined ? undefined : lt(auditEvents.id, input.before),
        input.entity ? eq(auditEvents.entity, input.entity) : undefined,
        reader.role === 'GP' ? undefined : notInArray(auditEvents.entity, GP_ONLY_ENTITIES),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    events: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_email: r.actorEmail,
      via: r.via,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
    })),
    next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
