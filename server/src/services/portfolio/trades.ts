import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { accountBalances, holdings } from '../../db/schema';
import { DEFAULT_EXCHANGE, type AssetType } from '../../contract/asset-rules';
import { costBasisOf, sellFifo, type OpenLot, type Sale } from '../../domain/fifo';
import { amountOf, centsText, dec, plain, sum, ZERO, type Decimal } from '../../domain/money';
import { recordAudit, type Actor, type AuditEntry } from '../../platform/audit';
import { cachedQuotes } from '../market/quote-cache';
import { quoteKey } from '../market/provider';
import { recordLedger, type LedgerEntry } from './ledger';
import { fail } from '../../platform/errors';
import { negativeCashRefusal } from './cash-rules';
import { usd } from '../../platform/format';
import { mayBeExternalFlow } from '../../domain/flows';

/**
 * The one place lots are bought, sold and corrected: the Add Investment form, the Sell action,
 * the trash button and the assistant all come here, inside their own transaction. Each change is
 * a ledger entry; a trade that settles moves Cash Available by its amount, one that does not
 * (recording a purchase made elsewhere) is new money in the books.
 */

export type LotRow = typeof holdings.$inferSelect;

/** The transaction a trade is written in (see writeBooks), and the clock that dates it. */
export interface BooksDeps {
  db: Queryable;
  now: () => Date;
  /** The day the entries belong to in the books, when not today's (an imported line's date, docs/imports.md). */
  bookDate?: string | undefined;
  /** Entries recorded by an import say so (`source: 'import'`), whatever form they would come from. */
  source?: 'import' | undefined;
}
export type TradeSource = 'add_investment' | 'sell_action' | 'trash' | 'assistant' | 'import';

export interface Purchase {
  qty: string;
  price_paid: string;
  purchase_date: string;
  /** A fee or commission paid on the purchase, decimal text at cents: part of the lot's cost basis. */
  fee?: string | undefined;
}

export interface BuyOrder {
  symbol: string;
  assetType: AssetType;
  /** A stock's exchange for quote links; by default the one the symbol already has, else NASDAQ. */
  exchange?: string | null | undefined;
  purchases: Purchase[];
  settles: boolean;
  /** A settling purchase may take Cash Available below zero (margin). */
  allowNegativeCash?: boolean | undefined;
  source: TradeSource;
}

export interface CashMove {
  before: Decimal;
  after: Decimal;
}

/** A lot as the audit log and corrections show it. */
export const lotRecord = (row: LotRow) => ({
  id: row.id,
  symbol: row.symbol,
  asset_type: row.assetType,
  exchange: row.exchange,
  qty: plain(dec(row.qty)),
  price_paid: plain(dec(row.pricePaid)),
  cost_basis: centsText(dec(row.costBasis)),
  purchase_date: row.purchaseDate,
});

/** The cached market price of a symbol, or null before the quote cache has one. */
async function marketPrice(db: Queryable, symbol: string, assetType: AssetType): Promise<Decimal | null> {
  const key = quoteKey({ symbol, kind: assetType });
  const quote = (await cachedQuotes(db, [key])).get(key);
  return quote ? dec(quote.price) : null;
}

/** Cash Available now, with the balances row locked until the caller's transaction ends. */
export async function lockedCash(tx: Queryable): Promise<Decimal> {
  await tx.insert(accountBalances).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(accountBalances).where(eq(accountBalances.id, 1)).for('update');
  return dec(row?.cashAvailable ?? '0');
}

/** Cash Available `before` moved by `delta`; a move below zero is refused (409) unless negative cash is allowed. */
export function cashMove(before: Decimal, delta: Decimal, allowNegativeCash: boolean): CashMove {
  const after = before.plus(delta);
  const refusal = negativeCashRefusal(before, after, allowNegativeCash);
  if (refusal) throw fail.conflict(refusal);
  return { before, after };
}

/**
 * Moves Cash Available by `delta` (locking the balances row), answering it before and after; a
 * move below zero is refused (409) unless negative cash is allowed.
 */
export async function moveCash(tx: Queryable, delta: Decimal, allowNegativeCash: boolean): Promise<CashMove> {
  const { before, after } = cashMove(await lockedCash(tx), delta, allowNegativeCash);
  await tx
    .update(accountBalances)
    .set({ cashAvailable: centsText(after) })
    .where(eq(accountBalances.id, 1));
  return { before, after };
}

export interface Bought {
  lots: LotRow[];
  cost: Decimal;
  cash: CashMove | null;
  /** The ledger entry of each lot, in order. */
  entryIds: number[];
}

/** A new lot's exchange: none for crypto, else the order's, else the one the symbol's oldest lot has, else NASDAQ. */
export function lotExchange(order: Pick<BuyOrder, 'assetType' | 'exchange'>, oldestHeld: Pick<LotRow, 'exchange'> | undefined) {
  return order.assetType === 'crypto' ? null : order.exchange?.toUpperCase() || oldestHeld?.exchange || DEFAULT_EXCHANGE;
}

/** Whether the exchange of an order's lots depends on the lots already held (lotExchange's third answer). */
export const exchangeFromHeld = (order: Pick<BuyOrder, 'assetType' | 'exchange'>) => !(order.assetType === 'crypto' || order.exchange);

/** The rows of an order's new lots, one per purchase: the cost basis is qty × price paid + fee, at cents. */
export function newLots(order: BuyOrder, exchange: string | null, actor: Actor) {
  return order.purchases.map((p) => ({
    symbol: order.symbol,
    assetType: order.assetType,
    exchange,
    qty: p.qty,
    pricePaid: p.price_paid,
    purchaseDate: p.purchase_date,
    costBasis: centsText(costBasisOf(p.qty, p.price_paid, dec(p.fee ?? '0'))),
    createdBy: actor.id,
  }));
}

type BoughtLot = Pick<LotRow, 'id' | 'symbol' | 'assetType' | 'qty' | 'pricePaid' | 'costBasis' | 'purchaseDate'>;

/** The ledger entries of a purchase's lots, Cash Available running down through them when it settles. */
export function buyEntries(order: BuyOrder, lots: readonly BoughtLot[], cash: CashMove | null, price: Decimal | null): LedgerEntry[] {
  let running = cash?.before ?? ZERO;
  return lots.map((lot, i) => {
    const basis = dec(lot.costBasis);
    const fee = order.purchases[i]?.fee;
    const before = running;
    running = running.minus(basis);
    return {
      kind: 'buy' as const,
      source: order.source,
      symbol: lot.symbol,
      assetType: lot.assetType,
      qty: lot.qty,
      price: lot.pricePaid,
      amount: centsText(basis),
      costBasis: centsText(basis),
      fee: centsText(dec(fee ?? '0')),
      settles: order.settles,
      ...(cash ? { cashBefore: centsText(before), cashAfter: centsText(running) } : {}),
      flow: order.settles ? '0' : centsText(price ? amountOf(lot.qty, price) : basis),
      details: { lotId: lot.id, purchaseDate: lot.purchaseDate },
    };
  });
}

/** The audit events of new lots. */
export const addedAudit = (lots: readonly LotRow[]): AuditEntry[] =>
  lots.map((r) => ({ action: 'holding.add', entity: 'holding', entityId: r.id, after: lotRecord(r) }));

export async function buyLots(deps: BooksDeps, actor: Actor, order: BuyOrder): Promise<Bought> {
  const { db: tx } = deps;
  const at = deps.now();
  const [held] = exchangeFromHeld(order) ? await lotsOf(tx, order.symbol) : [];
  const lots = await tx
    .insert(holdings)
    .values(newLots(order, lotExchange(order, held), actor))
    .returning();
  const cost = sum(lots.map((l) => dec(l.costBasis)));
  const cash = order.settles ? await moveCash(tx, cost.neg(), order.allowNegativeCash ?? false) : null;
  // Unsettled, the lots come into the books from outside at what they are worth today.
  const price = order.settles ? null : await marketPrice(tx, order.symbol, order.assetType);
  const entryIds = await recordLedger(tx, actor, at, buyEntries(order, lots, cash, price), deps.bookDate);
  await recordAudit(tx, actor, at, addedAudit(lots));
  return { lots, cost, cash, entryIds };
}

/** The lots of a symbol, oldest first, as a sale takes them; `lock` holds them for the transaction. */
export function lotsOf(db: Queryable, symbol: string, lock = false) {
  const query = db.select().from(holdings).where(eq(holdings.symbol, symbol)).orderBy(asc(holdings.purchaseDate), asc(holdings.id));
  return lock ? query.for('update') : query;
}

export interface SellOrder {
  symbol: string;
  qty: string;
  price: string;
  /** A fee or commission, decimal text at cents: it comes off the proceeds. */
  fee?: string | undefined;
  settles: boolean;
  source: TradeSource;
}

export type SalePlan = { ok: true; sale: Sale } | { ok: false; held: Decimal } | { ok: false; feeAbove: Decimal };

/**
 * The held-quantity check of every sale (the Sell action, the assistant's proposal and its
 * confirmation): first in, first out, or what is held when that is less than the quantity.
 */
export function planSale(lots: readonly LotRow[], quantity: string, price: string, fee = '0'): SalePlan {
  return planOpenSale(lots.map(openLot), quantity, price, fee);
}

/** A lot row as a sale sees it. */
export const openLot = (l: Pick<LotRow, 'id' | 'purchaseDate' | 'qty' | 'costBasis'>): OpenLot => ({
  id: l.id,
  purchaseDate: l.purchaseDate,
  qty: dec(l.qty),
  costBasis: dec(l.costBasis),
});

/** planSale on lots already read as a sale sees them (an import's books in memory). */
export function planOpenSale(open: readonly OpenLot[], quantity: string, price: string, fee = '0'): SalePlan {
  const sale = sellFifo(open, dec(quantity), dec(price), dec(fee));
  if (!sale) return { ok: false, held: sum(open.map((l) => l.qty)) };
  // A fee larger than what the sale brings would make the sale take cash: refused.
  return sale.proceeds.lt(0) ? { ok: false, feeAbove: sale.gross } : { ok: true, sale };
}

/** Why a sale's fee is refused. */
export const feeAboveGross = (fee: string, gross: Decimal) =>
  `The fee (${usd(centsText(dec(fee)))}) cannot be more than the sale brings before it (${usd(centsText(gross))}).`;

export type Sold = { ok: true; sale: Sale; lots: LotRow[]; cash: CashMove | null; entryId: number } | Exclude<SalePlan, { ok: true }>;

/** Writes what a FIFO sale leaves of each lot it takes from: a lot taken whole goes, a part leaves the rest. */
export async function applySale(tx: Queryable, sale: Sale): Promise<void> {
  for (const take of sale.takes) {
    const left = leftOfLot(take);
    if (!left) await tx.delete(holdings).where(eq(holdings.id, take.lotId));
    else await tx.update(holdings).set(left).where(eq(holdings.id, take.lotId));
  }
}

/** What a take leaves of its lot, as stored: null when the lot is closed. */
export const leftOfLot = (take: Sale['takes'][number]): { qty: string; costBasis: string } | null =>
  take.remainingQty.eq(0) ? null : { qty: plain(take.remainingQty), costBasis: centsText(take.remainingCost) };

/** The ledger entry of a sale: proceeds, the FIFO basis and gain, the lots it took from. */
export function saleEntry(order: SellOrder, sale: Sale, lots: readonly LotRow[], cash: CashMove | null): LedgerEntry {
  const byId = new Map(lots.map((l) => [l.id, l]));
  return {
    kind: 'sell',
    source: order.source,
    symbol: order.symbol,
    assetType: lots[0]!.assetType,
    qty: order.qty,
    price: order.price,
    amount: centsText(sale.proceeds),
    costBasis: centsText(sale.cost),
    realizedGain: centsText(sale.realizedGain),
    fee: centsText(sale.fee),
    settles: order.settles,
    ...(cash ? { cashBefore: centsText(cash.before), cashAfter: centsText(cash.after) } : {}),
    flow: order.settles ? '0' : centsText(sale.proceeds.neg()),
    details: {
      takes: sale.takes.map((t) => ({
        lotId: t.lotId,
        purchaseDate: byId.get(t.lotId)?.purchaseDate,
        qty: plain(t.qty),
        cost: centsText(t.cost),
        left: plain(t.remainingQty),
      })),
    },
  };
}

/** The audit events of a sale: each lot it closed or took part of, before and after. */
export function saleAudit(sale: Sale, lotById: (id: number) => LotRow): AuditEntry[] {
  return sale.takes.map((t) => {
    const before = lotRecord(lotById(t.lotId));
    const closed = t.remainingQty.eq(0);
    return {
      action: closed ? 'holding.sell' : 'holding.sell-part',
      entity: 'holding',
      entityId: t.lotId,
      before,
      after: closed ? null : { ...before, qty: plain(t.remainingQty), cost_basis: centsText(t.remainingCost) },
    };
  });
}

/** Sells first in, first out; refuses (ok: false) when less than the quantity is held. */
export async function sellLots(deps: BooksDeps, actor: Actor, order: SellOrder): Promise<Sold> {
  const { db: tx } = deps;
  const at = deps.now();
  // Locked, so two sales (or a sale and a trash click) cannot take the same shares twice.
  const lots = await lotsOf(tx, order.symbol, true);
  const plan = planSale(lots, order.qty, order.price, order.fee);
  if (!plan.ok) return plan;
  const { sale } = plan;
  const byId = new Map(lots.map((l) => [l.id, l]));
  await applySale(tx, sale);
  // Proceeds only add cash: never refused.
  const cash = order.settles ? await moveCash(tx, sale.proceeds, false) : null;
  const [entryId] = await recordLedger(tx, actor, at, [saleEntry(order, sale, lots, cash)], deps.bookDate);
  await recordAudit(
    tx,
    actor,
    at,
    saleAudit(sale, (id) => byId.get(id)!),
  );
  return { ok: true, sale, lots, cash, entryId: entryId! };
}

/**
 * The trash button: a lot recorded by mistake leaves the books. Its value today (or its cost,
 * unpriced) leaves with it as money out, and the ledger keeps the lot as it was. Null when the
 * lot no longer exists.
 */
export async function correctLot(deps: BooksDeps, actor: Actor, lotId: number): Promise<LotRow | null> {
  const { db: tx } = deps;
  const at = deps.now();
  const [removed] = await tx.delete(holdings).where(eq(holdings.id, lotId)).returning();
  if (!removed) return null;
  const price = await marketPrice(tx, removed.symbol, removed.assetType);
  const value = price ? amountOf(removed.qty, price) : dec(removed.costBasis);
  await recordLedger(tx, actor, at, [
    {
      kind: 'correction',
      source: 'trash',
      symbol: removed.symbol,
      assetType: removed.assetType,
      qty: removed.qty,
      price: removed.pricePaid,
      amount: centsText(dec(removed.costBasis)),
      settles: false,
      flow: centsText(value.neg()),
      details: { before: lotRecord(removed), after: null },
    },
  ]);
  await recordAudit(tx, actor, at, [{ action: 'holding.delete', entity: 'holding', entityId: lotId, before: lotRecord(removed) }]);
  return removed;
}

export interface CashMovement {
  /** New money in or out, or the portfolio's own income (interest) or expense (margin interest, a fee). */
  kind: 'deposit' | 'withdrawal' | 'interest' | 'margin_interest' | 'fee';
  /** Decimal text at cents, above zero. */
  amount: string;
  /** What it was, in a few words (a capital call, a distribution, fees). */
  note: string;
  /** A withdrawal may take Cash Available below zero (margin). */
  allowNegativeCash?: boolean | undefined;
}

/**
 * Money paid into or taken out of the firm's Cash Available: a ledger entry of its own. A deposit or
 * withdrawal is new money in (or out) for the returns; interest received, margin interest and fees
 * are income and expense, never new money (docs/decisions/0011-corporate-actions-and-income.md).
 */
export async function moveMoney(deps: BooksDeps, actor: Actor, movement: CashMovement): Promise<CashMove & { entryId: number }> {
  const { db: tx } = deps;
  const at = deps.now();
  const cash = await moveCash(tx, signedAmount(movement), movement.allowNegativeCash ?? false);
  const [entryId] = await recordLedger(tx, actor, at, [moneyEntry(movement, cash, deps.source)], deps.bookDate);
  await recordAudit(tx, actor, at, [moneyAudit(movement, cash)]);
  return { ...cash, entryId: entryId! };
}

/** What a movement does to Cash Available: money in and interest add, the rest takes. */
export function signedAmount(movement: Pick<CashMovement, 'kind' | 'amount'>): Decimal {
  const amount = dec(movement.amount);
  return movement.kind === 'deposit' || movement.kind === 'interest' ? amount : amount.neg();
}

/** The ledger entry of a movement of money: new money for deposits and withdrawals, income or expense for the rest. */
export function moneyEntry(movement: CashMovement, cash: CashMove, source?: 'import'): LedgerEntry {
  const external = mayBeExternalFlow(movement.kind);
  return {
    kind: movement.kind,
    source: source ?? (external ? 'cash' : 'corporate_action'),
    amount: centsText(dec(movement.amount)),
    settles: true,
    cashBefore: centsText(cash.before),
    cashAfter: centsText(cash.after),
    flow: external ? centsText(signedAmount(movement)) : '0',
    details: { note: movement.note },
  };
}

export const moneyAudit = (movement: CashMovement, cash: CashMove): AuditEntry => ({
  action: `cash.${movement.kind}`,
  entity: 'account_balance',
  entityId: 1,
  before: { cash_available: centsText(cash.before) },
  after: { cash_available: centsText(cash.after), note: movement.note },
});
