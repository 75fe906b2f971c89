import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { inOneSnapshot } from '../../db/snapshot';
import { yieldToLoop } from '../../platform/yield';
import { accountBalances, capitalEntries, ledgerEntries } from '../../db/schema';
import { parseRatio } from '../../domain/corporate-actions';
import { centsText, dec, plain, ZERO, type Decimal } from '../../domain/money';

/**
 * What the books held at the end of a New York day, replayed from the ledger
 * (docs/books.md "History from the first entry", docs/decisions/0018-history-from-the-first-entry.md).
 *
 * Each entry counts from its *effective day*: a buy from its lot's purchase date, a split from its
 * ex-date, a paid dividend's cash from its pay date, the cash of a capital contribution or
 * distribution from the capital entry's date, anything else from its book date.
 *
 * Quantities are in the day's own terms (as a broker's statement of that day shows them); a split
 * recorded later multiplies them from its ex-date on. `splitFactor` turns them into today's terms,
 * the terms of the stored (split-adjusted) closes, for valuing.
 *
 * Cash, margin debit and accounts receivable are anchored to today's balances: a day's figure is
 * today's less what the entries effective after it moved. Balances the books held before their
 * first entry (typed in before this ledger existed) count as held throughout.
 */

export type AssetType = 'stock' | 'crypto';

export interface PositionsOn {
  /** Symbol → quantity held at the end of the day, in that day's terms (8 places); symbols held at zero are left out. */
  quantities: Map<string, { assetType: AssetType; qty: string }>;
  /** Cash Available at the end of the day, cents text. */
  cash: string;
  /** Margin debit and accounts receivable at the end of the day, cents text. */
  marginDebit: string;
  accountsReceivable: string;
}

/** One ledger entry's effect, dated on its effective day. */
export interface LedgerMove {
  id: number;
  day: string;
  symbol: string | null;
  assetType: AssetType | null;
  /** Change of the symbol's quantity, in the day's terms. */
  qty: Decimal;
  cash: Decimal;
  margin: Decimal;
  receivable: Decimal;
  /** A split: new shares ÷ old, from `day` (its ex-date) on. */
  split: { newShares: number; oldShares: number } | null;
  /** When the entry was recorded. */
  at: Date;
}

type EntryRow = typeof ledgerEntries.$inferSelect;

interface LotChange {
  before: { qty: string };
  after: { qty: string };
}

const num = (text: string | null | undefined): Decimal => dec(text ?? '0');
const detailsOf = (row: EntryRow) => (row.details ?? {}) as Record<string, unknown>;
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The effect of one entry (with the date of the capital entry it carries the cash of, if any). */
export function moveOf(row: EntryRow, capitalDate: string | null): LedgerMove {
  const d = detailsOf(row);
  const cash = row.settles ? num(row.cashAfter).minus(num(row.cashBefore)) : ZERO;
  const base: LedgerMove = {
    id: row.id,
    day: capitalDate ?? row.bookDate,
    symbol: row.symbol,
    assetType: row.assetType,
    qty: ZERO,
    cash,
    margin: ZERO,
    receivable: ZERO,
    split: null,
    at: row.at,
  };
  switch (row.kind) {
    case 'buy':
      return { ...base, day: textOf(d.purchaseDate) ?? row.bookDate, qty: num(row.qty) };
    case 'sell':
      return { ...base, qty: num(row.qty).neg() };
    case 'correction': {
      // The trash button: the lot as it was leaves the books on the day it was removed.
      const before = d.before as { qty?: string } | null | undefined;
      return { ...base, qty: num(before?.qty ?? row.qty).neg() };
    }
    case 'split': {
      const lots = (d.lots as LotChange[] | undefined) ?? [];
      const grown = lots.reduce((acc, l) => acc.plus(num(l.after.qty)).minus(num(l.before.qty)), ZERO);
      const lieu = d.cashInLieu as { fraction?: string } | null | undefined;
      const ratio = parseRatio(textOf(d.ratio) ?? '');
      return { ...base, day: textOf(d.exDate) ?? row.bookDate, qty: grown.minus(num(lieu?.fraction)), split: ratio };
    }
    case 'dividend':
      return { ...base, day: textOf(d.payDate) ?? row.bookDate };
    case 'balances': {
      const before = d.before as { margin_debit?: string; accounts_receivable?: string } | null | undefined;
      const after = d.after as { margin_debit?: string; accounts_receivable?: string } | null | undefined;
      return {
        ...base,
        margin: num(after?.margin_debit).minus(num(before?.margin_debit)),
        receivable: num(after?.accounts_receivable).minus(num(before?.accounts_receivable)),
      };
    }
    default:
      // Deposits, withdrawals, interest, margin interest and fees move cash only; a private
      // asset's entry moves nothing here (the books keep no history of those values).
      return base;
  }
}

export interface LedgerHistory {
  /** Every entry's effect, by effective day, then in the order recorded. */
  moves: LedgerMove[];
  /** Today's balances, the anchor of the cash, margin and receivable replay. */
  balances: { cash: Decimal; margin: Decimal; receivable: Decimal };
  /** What every move adds to them, summed as the pages were read (10,000 entries cost tens of milliseconds at once). */
  moved: { cash: Decimal; margin: Decimal; receivable: Decimal };
}

/** Reads the whole ledger once, with the dates of the capital entries whose cash it carries. */
export async function readLedgerHistory(db: Queryable): Promise<LedgerHistory> {
  // The entries and the balances in one snapshot, so that today's balances less every move is the start of the books.
  return inOneSnapshot(db, async (tx) => {
    const moves: LedgerMove[] = [];
    const moved = { cash: ZERO, margin: ZERO, receivable: ZERO };
    await eachMoveAfter(tx, 0, (move) => {
      moves.push(move);
      moved.cash = moved.cash.plus(move.cash);
      moved.margin = moved.margin.plus(move.margin);
      moved.receivable = moved.receivable.plus(move.receivable);
    });
    const [balances] = await tx.select().from(accountBalances).limit(1);
    moves.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.id - b.id));
    return {
      moves,
      balances: { cash: num(balances?.cashAvailable), margin: num(balances?.marginDebit), receivable: num(balances?.accountsReceivable) },
      moved,
    };
  });
}

/** Ledger entries read in one statement: 1,000 took 50–60 ms of CPU on the embedded database (most of it reading the answer). */
const LEDGER_PAGE = 250;

/**
 * The move of every ledger entry after the entry `after`, in the order of their ids, a page at a
 * time with the event loop running between two (an import adds 10,000 entries at once). A page is
 * the ledger alone, by its primary key; the capital entries' dates are read once beside it. (On the
 * embedded database a page is quick only once the table has been VACUUMed: without its size the
 * planner scanned and sorted the whole ledger for every page, 60–140 ms each; db/after-bulk-write.ts.)
 */
export async function eachMoveAfter(tx: Queryable, after: number, each: (move: LedgerMove) => void): Promise<void> {
  const capitalDates = new Map(
    (
      await tx
        .select({ entry: capitalEntries.ledgerEntryId, date: capitalEntries.date })
        .from(capitalEntries)
        .where(and(isNotNull(capitalEntries.ledgerEntryId), gt(capitalEntries.ledgerEntryId, after)))
    ).map((c) => [c.entry!, c.date]),
  );
  for (let last = after; ;) {
    const rows = await tx.select().from(ledgerEntries).where(gt(ledgerEntries.id, last)).orderBy(asc(ledgerEntries.id)).limit(LEDGER_PAGE);
    for (const row of rows) each(moveOf(row, capitalDates.get(row.id) ?? null));
    if (rows.length < LEDGER_PAGE) return;
    last = rows[rows.length - 1]!.id;
    await yieldToLoop();
  }
}

/**
 * The forward replay: `advanceTo(day)` applies every move effective on or before `day` (days only
 * go forward), then `positions()` answers the end of that day. One pass over the ledger serves any
 * number of days in order (the history rebuild).
 */
export class LedgerReplay {
  private next = 0;
  private readonly held = new Map<string, { assetType: AssetType; qty: Decimal }>();
  private cash: Decimal;
  private margin: Decimal;
  private receivable: Decimal;

  constructor(private readonly history: LedgerHistory) {
    // Start from today's balances less every move: the balances before the first entry.
    this.cash = history.balances.cash.minus(history.moved.cash);
    this.margin = history.balances.margin.minus(history.moved.margin);
    this.receivable = history.balances.receivable.minus(history.moved.receivable);
  }

  /** The first effective day of the ledger, or null when it is empty. */
  get firstDay(): string | null {
    return this.history.moves[0]?.day ?? null;
  }

  advanceTo(day: string): void {
    const moves = this.history.moves;
    while (this.next < moves.length && moves[this.next]!.day <= day) {
      const m = moves[this.next++]!;
      this.cash = this.cash.plus(m.cash);
      this.margin = this.margin.plus(m.margin);
      this.receivable = this.receivable.plus(m.receivable);
      if (m.symbol && !m.qty.eq(0)) {
        const was = this.held.get(m.symbol);
        this.held.set(m.symbol, { assetType: m.assetType ?? was?.assetType ?? 'stock', qty: (was?.qty ?? ZERO).plus(m.qty) });
      }
    }
  }

  /** Quantities held (day's terms) and the balances, at the end of the last day advanced to. */
  positions(): PositionsOn {
    const quantities = new Map<string, { assetType: AssetType; qty: string }>();
    for (const [symbol, h] of this.held)
      if (!h.qty.eq(0)) quantities.set(symbol, { assetType: h.assetType, qty: plain(h.qty.round(8, 0)) });
    return { quantities, cash: centsText(this.cash), marginDebit: centsText(this.margin), accountsReceivable: centsText(this.receivable) };
  }

  /** Raw quantities, for valuing (no text round trip). */
  heldQuantities(): ReadonlyMap<string, { assetType: AssetType; qty: Decimal }> {
    return this.held;
  }

  balancesNow(): { cash: Decimal; margin: Decimal; receivable: Decimal } {
    return { cash: this.cash, margin: this.margin, receivable: this.receivable };
  }
}

/**
 * What turns a symbol's quantity of `day` into today's terms: the product of the ratios of its
 * splits with an ex-date after the day (1 without any).
 */
export function splitFactor(moves: readonly LedgerMove[], symbol: string, day: string): Decimal {
  let factor = dec(1);
  for (const m of moves) {
    if (m.split && m.symbol === symbol && m.day > day) factor = factor.times(m.split.newShares).div(m.split.oldShares);
  }
  return factor;
}

/** What the books held at the end of a New York day, replayed from the ledger (quantities in the day's terms). */
export async function positionsOn(db: Queryable, day: string): Promise<PositionsOn> {
  const replay = new LedgerReplay(await readLedgerHistory(db));
  replay.advanceTo(day);
  return replay.positions();
}
