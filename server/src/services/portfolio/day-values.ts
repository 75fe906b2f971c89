import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dailyCloses } from '../../db/schema';
import { addDays } from '../../domain/dates';
import { dec, ZERO, type Decimal } from '../../domain/money';
import { quoteKeyOf, valuePortfolio, type PortfolioInput, type QuoteInput } from '../../domain/valuation';
import { quoteKey } from '../market/provider';
import { readPrivateAssets } from './engine';
import { LedgerReplay, readLedgerHistory, splitFactor, type LedgerHistory, type LedgerMove } from './positions-on';

/**
 * A past day's net account value and its parts, from the ledger replayed to that day
 * (positions-on.ts) at the day's closes (the latest on or before it): the history rebuild's and the
 * capital accounts' one computation (docs/decisions/0018-history-from-the-first-entry.md). The
 * books keep no history of venture and real estate values, so those are today's, as in the
 * snapshots taken before; Cash Available, margin debit and accounts receivable are the day's.
 */

export interface DayTotals {
  netAccountValue: string;
  liquidValue: string;
  ventureValue: string;
  realEstateValue: string;
  cashAvailable: string;
  marginDebit: string;
  accountsReceivable: string;
}

/** A symbol's stored closes, oldest first, walked forward day by day. */
export class CloseSeries {
  private readonly rows = new Map<string, { date: string; close: string }[]>();
  private readonly at = new Map<string, number>();

  constructor(rows: readonly { key: string; date: string; close: string }[]) {
    for (const r of rows) {
      const list = this.rows.get(r.key) ?? [];
      list.push({ date: r.date, close: r.close });
      this.rows.set(r.key, list);
    }
  }

  /** The latest close of `key` on or before `day`; days asked of one key must not go backwards. */
  closeOn(key: string, day: string): string | null {
    const list = this.rows.get(key);
    if (!list) return null;
    let i = this.at.get(key) ?? -1;
    while (i + 1 < list.length && list[i + 1]!.date <= day) i += 1;
    this.at.set(key, i);
    return i >= 0 ? list[i]!.close : null;
  }
}

/** The stored closes of the keys from ten days before `from` (a weekend carries Friday's) to `to`. */
export async function readCloses(db: Queryable, keys: readonly string[], from: string, to: string): Promise<CloseSeries> {
  if (keys.length === 0) return new CloseSeries([]);
  const rows = await db
    .select({ key: dailyCloses.key, date: dailyCloses.date, close: dailyCloses.close })
    .from(dailyCloses)
    .where(and(inArray(dailyCloses.key, [...keys]), gte(dailyCloses.date, addDays(from, -10)), lte(dailyCloses.date, to)))
    .orderBy(asc(dailyCloses.date));
  return new CloseSeries(rows);
}

/** Every quote key the ledger has held a position in. */
export function heldKeys(moves: readonly LedgerMove[]): string[] {
  const keys = new Set<string>();
  for (const m of moves) if (m.symbol && m.assetType) keys.add(quoteKey({ symbol: m.symbol, kind: m.assetType }));
  return [...keys];
}

/**
 * Values the days in order: `valueOn(day)` advances the replay to the end of `day` and values it.
 * Quantities are turned into today's terms (the closes are split-adjusted); a symbol with no close
 * on or before a day is valued at nothing that day.
 */
export class DayValuer {
  readonly replay: LedgerReplay;
  private readonly splits: LedgerMove[];

  constructor(
    history: LedgerHistory,
    private readonly closes: CloseSeries,
    private readonly privateAssets: Pick<PortfolioInput, 'ventures' | 'properties'>,
  ) {
    this.replay = new LedgerReplay(history);
    this.splits = history.moves.filter((m) => m.split !== null);
  }

  valueOn(day: string): DayTotals {
    this.replay.advanceTo(day);
    const lots: PortfolioInput['lots'][number][] = [];
    const quotes = new Map<string, QuoteInput>();
    let id = 0;
    for (const [symbol, held] of this.replay.heldQuantities()) {
      if (held.qty.eq(0)) continue;
      const qty = held.qty.times(splitFactor(this.splits, symbol, day));
      id += 1;
      const lot = {
        id,
        symbol,
        assetType: held.assetType,
        exchange: null,
        qty: qty.toFixed(),
        pricePaid: '0',
        costBasis: '0',
        purchaseDate: day,
      };
      lots.push(lot);
      const close = this.closes.closeOn(quoteKeyOf(lot), day);
      if (close !== null) quotes.set(quoteKeyOf(lot), { lastPrice: close, change: '0' });
    }
    const b = this.replay.balancesNow();
    const t = valuePortfolio({
      lots,
      quotes,
      ventures: this.privateAssets.ventures,
      properties: this.privateAssets.properties,
      balances: { cashAvailable: b.cash.toFixed(2), marginDebit: b.margin.toFixed(2), accountsReceivable: b.receivable.toFixed(2) },
      realized: { yearToDate: '0', allTime: '0' },
    }).totals;
    return {
      netAccountValue: t.netAccountValue,
      liquidValue: t.liquidValue,
      ventureValue: t.ventureValue,
      // The real estate part counts its rental income, as the net account value does (snapshots.ts).
      realEstateValue: t.realEstateTotalValue,
      cashAvailable: t.cashAvailable,
      marginDebit: t.marginDebit,
      accountsReceivable: t.accountsReceivable,
    };
  }
}

/** A valuer over the whole ledger, with the stored closes from `from` to `to`. */
export async function dayValuer(db: Queryable, from: string, to: string): Promise<DayValuer> {
  const history = await readLedgerHistory(db);
  const [closes, privateAssets] = await Promise.all([readCloses(db, heldKeys(history.moves), from, to), readPrivateAssets(db)]);
  return new DayValuer(history, closes, privateAssets);
}

/** One past day's net account value from the ledger (null when the ledger starts after it). */
export async function netAccountValueFromLedger(db: Queryable, day: string): Promise<Decimal | null> {
  const valuer = await dayValuer(db, day, day);
  const first = valuer.replay.firstDay;
  if (first === null || first > day) return null;
  return dec(valuer.valueOn(day).netAccountValue);
}

/**
 * What the entries recorded after a snapshot was taken, effective on or before its day, add to its
 * net account value: their cash, less margin, plus receivables, and their quantities at the day's
 * closes (a back-dated entry the snapshot lacks).
 */
export async function missingFromSnapshot(db: Queryable, day: string, takenAt: Date): Promise<Decimal> {
  const history = await readLedgerHistory(db);
  const late = history.moves.filter((m) => m.day <= day && m.at > takenAt);
  if (late.length === 0) return ZERO;
  const closes = await readCloses(db, heldKeys(late), day, day);
  let total = ZERO;
  for (const m of late) {
    total = total.plus(m.cash).minus(m.margin).plus(m.receivable);
    if (m.symbol && m.assetType && !m.qty.eq(0)) {
      const close = closes.closeOn(quoteKey({ symbol: m.symbol, kind: m.assetType }), day);
      if (close !== null)
        total = total.plus(
          m.qty
            .times(splitFactor(history.moves, m.symbol, day))
            .times(dec(close))
            .round(2, 1),
        );
    }
  }
  return total;
}
