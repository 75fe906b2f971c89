import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { dailyCloses, holdings, ledgerEntries } from '../../db/schema';
import { dayInNewYork } from '../../domain/dates';
import { sellFifo } from '../../domain/fifo';
import {
  dividendFigures,
  parseRatio,
  ratioText,
  sharesHeldAt,
  splitPrice,
  splitQuantity,
  wholeAndFraction,
  type HeldPart,
  type SplitRatio,
  type Withholding,
} from '../../domain/corporate-actions';
import { centsText, dec, plain, sum, type Decimal } from '../../domain/money';
import type { Sale } from '../../domain/fifo';
import { bookDateProblem } from '../../contract/book-dates';
import {
  CORPORATE_ACTION_KINDS,
  type CashIncomeInput,
  type CorporateActionEntry,
  type CorporateActionInput,
  type DividendInput,
  type SplitInput,
} from '../../contract/corporate-actions';
import { recordAudit, type Actor, type AuditEntry } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { qty as qtyText, usd } from '../../platform/format';
import { quoteKey } from '../market/provider';
import { recordLedger, writeBooks, portfolioChanged, type LedgerEntry } from './ledger';
import { requestHistoryRebuild } from './history-rebuild';
import { moveOf } from './positions-on';
import { ledgerView } from './activity';
import { applySale, lotsOf, moveCash, moveMoney, type BooksDeps, type CashMove, type LotRow } from './trades';
import { typedSymbol } from './trade-rules';

/**
 * Corporate actions and income as ledger entries (docs/decisions/0011-corporate-actions-and-income.md):
 * a split adjusts the lots bought before its ex-date and the stored closes before it; a cash
 * dividend pays shares held at the ex-date × the amount, less tax, into Cash Available on the pay
 * date; interest, margin interest and fees move Cash Available as income or expense. None of them
 * is new money (flow 0). Removing one puts the books back as they were, in one transaction.
 */

export interface CorporateActionsDeps {
  db: Db;
  now: () => Date;
}

type EntryRow = typeof ledgerEntries.$inferSelect;

export interface LotChange {
  id: number;
  purchaseDate: string;
  exchange: string | null;
  before: { qty: string; pricePaid: string; costBasis: string };
  after: { qty: string; pricePaid: string };
}

export interface SplitDetails {
  ratio: string;
  exDate: string;
  note: string;
  lots: LotChange[];
  /** The closes before the ex-date as they were stored, put back when the split is removed. */
  closes: { key: string; date: string; close: string }[];
  cashInLieu: null | {
    fraction: string;
    price: string;
    proceeds: string;
    cost: string;
    realizedGain: string;
    takes: { lotId: number; qty: string; cost: string; left: string }[];
  };
}

export interface DividendDetails {
  exDate: string;
  payDate: string;
  note: string;
  shares: string;
  perShare: string;
  gross: string;
  tax: string;
  /** The percent withheld when the tax was given as one; null when given as an amount (or none). */
  taxPercent: string | null;
  net: string;
  paidOn: string | null;
}

const CORPORATE_KINDS = [...CORPORATE_ACTION_KINDS];

/** A corporate action or income entry as the list and the answers show it. */
export function corporateActionView(r: EntryRow): CorporateActionEntry {
  const { asset_type: _assetType, cost_basis: _costBasis, fee: _fee, flow: _flow, ...view } = ledgerView(r);
  return { ...view, pending: r.kind === 'dividend' && !r.settles, description: describe(r) };
}

const perShareDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});
/** An amount per share with at least cents and every place it has: "0.50" → "$0.50", "0.2350" → "$0.235". */
const perShare = (text: string): string => perShareDollars.format(text as Intl.StringNumericLiteral);

const INCOME_WORDS = { interest: 'Interest received', margin_interest: 'Margin interest charged', fee: 'Fee charged' } as const;

/** One line in words for an entry. */
export function describe(r: EntryRow): string {
  if (r.kind === 'split') {
    const d = r.details as SplitDetails;
    const lieu = d.cashInLieu ? `; ${qtyText(d.cashInLieu.fraction)} share paid in cash, ${usd(d.cashInLieu.proceeds)}` : '';
    return `${d.ratio} split of ${r.symbol}, ex-date ${d.exDate}${lieu}`;
  }
  if (r.kind === 'dividend') {
    const d = r.details as DividendDetails;
    const tax = dec(d.tax).eq(0) ? '' : `, ${usd(d.tax)} tax withheld${d.taxPercent === null ? '' : ` (${plain(dec(d.taxPercent))}%)`}`;
    const status = r.settles ? `paid ${d.paidOn ?? d.payDate}` : `pending until ${d.payDate}`;
    return (
      `Dividend of ${perShare(d.perShare)} a share on ${qtyText(d.shares)} ${r.symbol} (ex-date ${d.exDate}): ` +
      `${usd(d.gross)} gross${tax}, ${usd(d.net)} net, ${status}`
    );
  }
  const words = INCOME_WORDS[r.kind as keyof typeof INCOME_WORDS] ?? r.kind;
  const note = (r.details as { note?: string } | null)?.note;
  return `${words}: ${usd(centsText(dec(r.amount ?? '0')))}${note ? ` (${note})` : ''}`;
}

/** GET /api/corporate-actions: every split, dividend, interest and fee entry, newest first. */
export async function listCorporateActions(deps: { db: Queryable }): Promise<{ entries: CorporateActionEntry[] }> {
  const rows = await deps.db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.kind, CORPORATE_KINDS))
    .orderBy(desc(ledgerEntries.id))
    .limit(500);
  return { entries: rows.map(corporateActionView) };
}

/** POST /api/corporate-actions: records one action in one transaction (due dividends are settled first). */
export async function recordCorporateAction(
  deps: CorporateActionsDeps,
  actor: Actor,
  input: CorporateActionInput,
): Promise<{ message: string; entry: CorporateActionEntry }> {
  const now = deps.now();
  const books: BooksDeps = { db: deps.db, now: () => now };
  const row = await writeBooks(deps.db, async (tx) => {
    const inTx = { ...books, db: tx };
    await settleDue(inTx, actor);
    if (input.kind === 'split') return recordSplit(inTx, actor, input);
    if (input.kind === 'dividend') return recordDividend(inTx, actor, input);
    return recordCashIncome(inTx, actor, input);
  });
  return { message: `Recorded: ${describe(row)}.`, entry: corporateActionView(row) };
}

async function entryById(tx: Queryable, id: number): Promise<EntryRow> {
  const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
  if (!row) throw new Error(`ledger entry ${id} was just written and cannot be read`);
  return row;
}

export function checkDay(day: string, now: Date, label: string): void {
  const problem = bookDateProblem(day, now);
  if (problem) throw fail.badRequest(`${label}: ${problem}`);
}

/** What a split does to the lots of its symbol (all of them, oldest first), worked out before anything is written. */
export interface SplitPlan {
  symbol: string;
  ratio: SplitRatio;
  /** The lots bought before the ex-date, as they were. */
  before: LotRow[];
  changes: LotChange[];
  /** The fraction of a share sold for cash in lieu (first in, first out, on the lots after the split), if any. */
  sale: Sale | null;
  cashInLieu: SplitDetails['cashInLieu'];
}

/** The split's rule: the lots before the ex-date × new ÷ old, and the fraction left sold at the cash-in-lieu price. */
export function planSplit(lots: readonly LotRow[], input: SplitInput): SplitPlan {
  const ratio = parseRatio(input.ratio)!;
  const symbol = typedSymbol(input.symbol);
  const before = lots.filter((l) => l.purchaseDate < input.ex_date);
  if (before.length === 0)
    throw fail.badRequest(`The firm held no ${symbol} bought before ${input.ex_date}, so there is nothing to split.`);
  const changes: LotChange[] = before.map((l) => ({
    id: l.id,
    purchaseDate: l.purchaseDate,
    exchange: l.exchange,
    before: { qty: plain(dec(l.qty)), pricePaid: plain(dec(l.pricePaid)), costBasis: centsText(dec(l.costBasis)) },
    after: { qty: plain(splitQuantity(dec(l.qty), ratio)), pricePaid: plain(splitPrice(dec(l.pricePaid), ratio)) },
  }));
  if (changes.some((c) => dec(c.after.qty).eq(0))) {
    throw fail.badRequest(`A ${ratioText(ratio)} split would leave a lot of ${symbol} with less than 0.00000001 share.`);
  }
  // Cash in lieu: the fraction of a share left after the split is sold at the stated price, first in, first out.
  let cashInLieu: SplitDetails['cashInLieu'] = null;
  let sale: Sale | null = null;
  const total = sum(changes.map((c) => dec(c.after.qty)));
  const { fraction } = wholeAndFraction(total);
  if (input.cash_in_lieu_price !== undefined && fraction.gt(0)) {
    const open = changes.map((c) => {
      const lot = before.find((l) => l.id === c.id)!;
      return { id: c.id, purchaseDate: c.purchaseDate, qty: dec(c.after.qty), costBasis: dec(lot.costBasis) };
    });
    sale = sellFifo(open, fraction, dec(input.cash_in_lieu_price))!;
    cashInLieu = {
      fraction: plain(fraction),
      price: input.cash_in_lieu_price,
      proceeds: centsText(sale.proceeds),
      cost: centsText(sale.cost),
      realizedGain: centsText(sale.realizedGain),
      takes: sale.takes.map((t) => ({ lotId: t.lotId, qty: plain(t.qty), cost: centsText(t.cost), left: plain(t.remainingQty) })),
    };
  }
  return { symbol, ratio, before, changes, sale, cashInLieu };
}

/** The ledger entry and audit event of a split, once its lots, closes and cash have moved. */
export function splitRecords(
  plan: SplitPlan,
  input: SplitInput,
  closes: SplitDetails['closes'],
  cash: CashMove | null,
  source: BooksDeps['source'],
): { entry: LedgerEntry; audit: (id: number) => AuditEntry } {
  const { symbol, changes, cashInLieu } = plan;
  const details: SplitDetails = {
    ratio: ratioText(plan.ratio),
    exDate: input.ex_date,
    note: input.note,
    lots: changes,
    closes,
    cashInLieu,
  };
  return {
    entry: {
      kind: 'split',
      source: source ?? 'corporate_action',
      symbol,
      assetType: plan.before[0]!.assetType,
      qty: cashInLieu?.fraction ?? null,
      price: cashInLieu?.price ?? null,
      amount: cashInLieu?.proceeds ?? null,
      costBasis: cashInLieu?.cost ?? null,
      realizedGain: cashInLieu?.realizedGain ?? null,
      settles: cash !== null,
      ...(cash ? { cashBefore: centsText(cash.before), cashAfter: centsText(cash.after) } : {}),
      flow: '0',
      details,
    },
    audit: (id) => ({
      action: 'corporate-action.split',
      entity: 'ledger_entry',
      entityId: id,
      after: { symbol, ratio: details.ratio, ex_date: input.ex_date, lots: changes.length, cash_in_lieu: cashInLieu?.proceeds ?? null },
    }),
  };
}

export async function recordSplit(deps: BooksDeps, actor: Actor, input: SplitInput): Promise<EntryRow> {
  const { db: tx } = deps;
  const at = deps.now();
  checkDay(input.ex_date, at, 'Ex-date');
  const plan = planSplit(await lotsOf(tx, typedSymbol(input.symbol), true), input);
  for (const c of plan.changes) {
    await tx.update(holdings).set({ qty: c.after.qty, pricePaid: c.after.pricePaid }).where(eq(holdings.id, c.id));
  }
  const closes = await adjustCloses(tx, quoteKey({ symbol: plan.symbol, kind: plan.before[0]!.assetType }), input.ex_date, plan.ratio);
  let cash: CashMove | null = null;
  if (plan.sale) {
    await applySale(tx, plan.sale);
    cash = await moveCash(tx, plan.sale.proceeds, false);
  }
  const records = splitRecords(plan, input, closes, cash, deps.source);
  const [id] = await recordLedger(tx, actor, at, [records.entry], deps.bookDate);
  await recordAudit(tx, actor, at, [records.audit(id!)]);
  return entryById(tx, id!);
}

/** A stored close before a split's ex-date, divided by its ratio. */
export const splitClose = (close: string, ratio: SplitRatio): string => plain(splitPrice(dec(close), ratio));

/** Divides the stored closes of a key before the ex-date by the ratio; answers them as they were. */
async function adjustCloses(tx: Queryable, key: string, exDate: string, ratio: SplitRatio): Promise<SplitDetails['closes']> {
  const rows = await tx
    .select()
    .from(dailyCloses)
    .where(and(eq(dailyCloses.key, key), lt(dailyCloses.date, exDate)))
    .orderBy(asc(dailyCloses.date));
  for (const r of rows) {
    await tx
      .update(dailyCloses)
      .set({ close: splitClose(r.close, ratio) })
      .where(and(eq(dailyCloses.key, key), eq(dailyCloses.date, r.date)));
  }
  return rows.map((r) => ({ key, date: r.date, close: r.close }));
}

/**
 * Shares of a symbol held at the start of the ex-date, from the lots (first in, first out): the
 * open lots bought before it, and what sales recorded since took from such lots, each with the
 * splits recorded after it (and with an ex-date after the dividend's) undone.
 */
export async function sharesAt(tx: Queryable, symbol: string, exDate: string): Promise<string> {
  const [lots, entries] = await Promise.all([
    lotsOf(tx, symbol),
    tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.symbol, symbol), inArray(ledgerEntries.kind, SHARES_KINDS)))
      .orderBy(asc(ledgerEntries.id)),
  ]);
  return sharesFrom(lots, entries, exDate);
}

/** The entries of a symbol sharesAt reads, besides its lots. */
export const SHARES_KINDS: ('sell' | 'split' | 'correction')[] = ['sell', 'split', 'correction'];

/** sharesAt's rule on the lots of the symbol and its sell, split and correction entries (oldest first). */
export function sharesFrom(
  lots: readonly Pick<LotRow, 'qty' | 'purchaseDate'>[],
  entries: readonly Pick<EntryRow, 'id' | 'kind' | 'bookDate' | 'details'>[],
  exDate: string,
): string {
  const splits = entries
    .filter((e) => e.kind === 'split' && (e.details as SplitDetails).exDate > exDate)
    .map((e) => ({ id: e.id, ratio: parseRatio((e.details as SplitDetails).ratio)! }));
  const splitsAfter = (entryId: number) => splits.filter((s) => s.id > entryId).map((s) => s.ratio);
  const parts: HeldPart[] = lots.map((l) => ({ qty: dec(l.qty), purchaseDate: l.purchaseDate, laterSplits: splits.map((s) => s.ratio) }));
  for (const e of entries) {
    if (e.bookDate < exDate) continue;
    if (e.kind === 'sell') {
      const takes = (e.details as { takes?: { purchaseDate?: string; qty: string }[] } | null)?.takes ?? [];
      for (const t of takes) parts.push({ qty: dec(t.qty), purchaseDate: t.purchaseDate ?? exDate, laterSplits: splitsAfter(e.id) });
    }
    if (e.kind === 'split' && (e.details as SplitDetails).cashInLieu) {
      const d = e.details as SplitDetails;
      for (const t of d.cashInLieu!.takes) {
        const lot = d.lots.find((l) => l.id === t.lotId);
        parts.push({ qty: dec(t.qty), purchaseDate: lot?.purchaseDate ?? exDate, laterSplits: splitsAfter(e.id - 1) });
      }
    }
  }
  return plain(sharesHeldAt(exDate, parts));
}

/** What a dividend pays on `shares` held at its ex-date: the figures, and whether its pay date has come (New York day of `at`). */
export function planDividend(
  symbol: string,
  input: DividendInput,
  shares: string,
  at: Date,
): { details: DividendDetails; net: Decimal; paid: boolean } {
  if (dec(shares).eq(0)) throw fail.badRequest(`The firm held no ${symbol} at the start of ${input.ex_date}, so no dividend is due.`);
  const withholding: Withholding =
    input.tax_withheld_percent !== undefined
      ? { percent: input.tax_withheld_percent }
      : input.tax_withheld_amount !== undefined
        ? { amount: input.tax_withheld_amount }
        : null;
  const figures = dividendFigures(dec(shares), dec(input.amount_per_share), withholding);
  if (!figures) throw fail.badRequest('The tax withheld cannot be more than the dividend.');
  const today = dayInNewYork(at);
  const paid = input.pay_date <= today;
  const details: DividendDetails = {
    exDate: input.ex_date,
    payDate: input.pay_date,
    note: input.note,
    shares,
    perShare: input.amount_per_share,
    gross: centsText(figures.gross),
    tax: centsText(figures.tax),
    taxPercent: input.tax_withheld_percent ?? null,
    net: centsText(figures.net),
    paidOn: paid ? today : null,
  };
  return { details, net: figures.net, paid };
}

/** The ledger entry and audit event of a dividend. */
export function dividendRecords(
  symbol: string,
  assetType: 'stock' | 'crypto' | null,
  input: DividendInput,
  details: DividendDetails,
  cash: CashMove | null,
  source: BooksDeps['source'],
): { entry: LedgerEntry; audit: (id: number) => AuditEntry } {
  return {
    entry: {
      kind: 'dividend',
      source: source ?? 'corporate_action',
      symbol,
      assetType,
      qty: details.shares,
      price: input.amount_per_share,
      amount: details.net,
      settles: cash !== null,
      ...(cash ? { cashBefore: centsText(cash.before), cashAfter: centsText(cash.after) } : {}),
      flow: '0',
      details,
    },
    audit: (id) => ({ action: 'corporate-action.dividend', entity: 'ledger_entry', entityId: id, after: { symbol, ...details } }),
  };
}

export async function recordDividend(deps: BooksDeps, actor: Actor, input: DividendInput): Promise<EntryRow> {
  const { db: tx } = deps;
  const at = deps.now();
  checkDay(input.ex_date, at, 'Ex-date');
  const symbol = typedSymbol(input.symbol);
  const lots = await lotsOf(tx, symbol, true);
  const shares = await sharesAt(tx, symbol, input.ex_date);
  const { details, net, paid } = planDividend(symbol, input, shares, at);
  const cash = paid ? await moveCash(tx, net, false) : null;
  const assetType = lots[0]?.assetType ?? (await assetTypeFromLedger(tx, symbol));
  const records = dividendRecords(symbol, assetType, input, details, cash, deps.source);
  const [id] = await recordLedger(tx, actor, at, [records.entry], deps.bookDate);
  await recordAudit(tx, actor, at, [records.audit(id!)]);
  return entryById(tx, id!);
}

async function assetTypeFromLedger(tx: Queryable, symbol: string): Promise<'stock' | 'crypto' | null> {
  const [row] = await tx
    .select({ assetType: ledgerEntries.assetType })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.symbol, symbol))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.assetType ?? null;
}

async function recordCashIncome(deps: BooksDeps, actor: Actor, input: CashIncomeInput): Promise<EntryRow> {
  const moved = await moveMoney(deps, actor, {
    kind: input.kind,
    amount: input.amount,
    note: input.note,
    allowNegativeCash: input.allow_negative_cash,
  });
  return entryById(deps.db, moved.entryId);
}

/**
 * Dividends whose pay date has come settle into Cash Available (the scheduled refresh and every
 * corporate-action write run this); answers how many did.
 */
async function settleDue(deps: BooksDeps, actor: Actor | null): Promise<number> {
  const { db: tx } = deps;
  const at = deps.now();
  const today = dayInNewYork(at);
  const pending = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'dividend'), eq(ledgerEntries.settles, false)))
    .orderBy(asc(ledgerEntries.id))
    .for('update');
  const due = pending.filter((e) => (e.details as DividendDetails).payDate <= today);
  for (const e of due) {
    const d = e.details as DividendDetails;
    const cash = await moveCash(tx, dec(d.net), false);
    await tx
      .update(ledgerEntries)
      .set({ settles: true, cashBefore: centsText(cash.before), cashAfter: centsText(cash.after), details: { ...d, paidOn: today } })
      .where(eq(ledgerEntries.id, e.id));
    // Paid by the schedule (no one signed in) or on a partner's write: the partner who recorded it is named.
    await recordAudit(tx, actor ?? { id: e.actorId, email: e.actorEmail }, at, [
      {
        action: 'corporate-action.dividend-paid',
        entity: 'ledger_entry',
        entityId: e.id,
        before: { cash_available: centsText(cash.before) },
        after: { cash_available: centsText(cash.after), net: d.net },
      },
    ]);
  }
  if (due.length > 0) await portfolioChanged(tx);
  return due.length;
}

/** The scheduled step: settles the dividends whose pay date has come, in one transaction. */
export function settleDueDividends(deps: CorporateActionsDeps): Promise<number> {
  return writeBooks(deps.db, (tx) => settleDue({ db: tx, now: deps.now }, null));
}

/**
 * DELETE /api/corporate-actions/:id: a correction. The entry goes and the books are put back as they
 * were: a split's lots and closes (and its cash in lieu), a dividend's cash once paid, interest's or a
 * fee's cash. A split is removed only while no later sale, correction or split of the symbol relies on it.
 */
export async function removeCorporateAction(deps: CorporateActionsDeps, actor: Actor, id: number): Promise<{ message: string }> {
  const at = deps.now();
  const description = await writeBooks(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, id), inArray(ledgerEntries.kind, CORPORATE_KINDS)))
      .for('update');
    if (!row) throw fail.notFound('That corporate action or income entry no longer exists.');
    if (row.kind === 'split') await undoSplit(tx, row);
    // A correction undoes money that was there: it may take Cash Available below zero.
    else if (row.settles) {
      const amount = dec(row.amount ?? '0');
      await moveCash(tx, row.kind === 'dividend' || row.kind === 'interest' ? amount.neg() : amount, true);
    }
    await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, row.id));
    // The days from its effective day on are valued again without it (docs/decisions/0018).
    const effective = moveOf(row, null).day;
    if (effective < dayInNewYork(at)) await requestHistoryRebuild(tx, effective);
    await portfolioChanged(tx);
    await recordAudit(tx, actor, at, [
      { action: 'corporate-action.delete', entity: 'ledger_entry', entityId: row.id, before: corporateActionView(row) },
    ]);
    return describe(row);
  });
  return { message: `Removed: ${description}.` };
}

async function undoSplit(tx: Queryable, row: EntryRow): Promise<void> {
  const later = await tx
    .select({ id: ledgerEntries.id, kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.symbol, row.symbol!),
        gt(ledgerEntries.id, row.id),
        inArray(ledgerEntries.kind, ['sell', 'correction', 'split']),
      ),
    );
  if (later.length > 0) {
    throw fail.conflict(
      `Later entries of ${row.symbol} rely on this split (${later.map((l) => `${l.kind} #${l.id}`).join(', ')}). Remove them first, newest first.`,
    );
  }
  const d = row.details as SplitDetails;
  const existing = new Map(
    (
      await tx
        .select()
        .from(holdings)
        .where(
          inArray(
            holdings.id,
            d.lots.map((l) => l.id),
          ),
        )
        .for('update')
    ).map((l) => [l.id, l] as const),
  );
  for (const lot of d.lots) {
    const values = { qty: lot.before.qty, pricePaid: lot.before.pricePaid, costBasis: lot.before.costBasis };
    if (existing.has(lot.id)) await tx.update(holdings).set(values).where(eq(holdings.id, lot.id));
    else
      await tx.insert(holdings).values({
        id: lot.id,
        symbol: row.symbol!,
        assetType: row.assetType ?? 'stock',
        exchange: lot.exchange,
        purchaseDate: lot.purchaseDate,
        ...values,
      });
  }
  for (const c of d.closes) {
    await tx
      .update(dailyCloses)
      .set({ close: c.close })
      .where(and(eq(dailyCloses.key, c.key), eq(dailyCloses.date, c.date)));
  }
  if (row.settles) await moveCash(tx, dec(row.amount ?? '0').neg(), true);
}
