import { asc, eq } from 'drizzle-orm';
import { holdings, quotes } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import { DEFAULT_EXCHANGE, type AssetType } from '../../domain/asset-rules';
import { recordAudit, type Actor } from '../audit';
import type { ServiceDeps } from '../deps';
import { fail } from '../errors';
import { liveQuote, NO_QUOTE, type LiveQuote } from '../market/live-quote';
import { cachedQuotes } from '../market/quote-cache';
import { quoteKey } from '../market/provider';

/** One purchase lot with its live fields, as GET /api/holdings returns it. */
export type HoldingView = {
  id: number;
  symbol: string;
  qty: number;
  price_paid: number;
  purchase_date: string;
  asset_type: AssetType;
  exchange: string | null;
} & (LiveQuote | typeof NO_QUOTE);

export interface NewHolding {
  symbol: string;
  asset_type: AssetType;
  exchange?: string | undefined;
  /** Decimal text, as the input fields hand it on. */
  purchases: { qty: string; price_paid: string; purchase_date: string }[];
}

type HoldingRow = Pick<typeof holdings.$inferSelect, 'id' | 'symbol' | 'qty' | 'pricePaid' | 'purchaseDate' | 'assetType' | 'exchange'>;

function lotOf(row: HoldingRow) {
  return {
    id: row.id,
    symbol: row.symbol,
    qty: Number(row.qty),
    price_paid: Number(row.pricePaid),
    purchase_date: row.purchaseDate,
    asset_type: row.assetType,
    exchange: row.exchange,
  };
}

/** Every lot, by symbol and purchase date, with the cached quote of its symbol. */
export async function listHoldings(deps: ServiceDeps): Promise<HoldingView[]> {
  const lots = await deps.db
    .select({
      id: holdings.id,
      symbol: holdings.symbol,
      qty: holdings.qty,
      pricePaid: holdings.pricePaid,
      purchaseDate: holdings.purchaseDate,
      assetType: holdings.assetType,
      exchange: holdings.exchange,
    })
    .from(holdings)
    .orderBy(asc(holdings.symbol), asc(holdings.purchaseDate), asc(holdings.id));
  // One quote per symbol rather than per lot: a symbol often has several lots.
  const keys = [...new Set(lots.map((l) => quoteKey({ symbol: l.symbol, kind: l.assetType })))];
  const cached = await cachedQuotes(deps.db, keys);
  const now = deps.now();
  const live = new Map<string, LiveQuote | typeof NO_QUOTE>();
  for (const key of keys) {
    const quote = cached.get(key);
    live.set(key, quote ? liveQuote(quote, now) : NO_QUOTE);
  }
  // Object.assign rather than spreads: this runs for every lot of every dashboard refresh.
  return lots.map((lot) => Object.assign(lotOf(lot), live.get(quoteKey({ symbol: lot.symbol, kind: lot.assetType })) ?? NO_QUOTE));
}

/** A crypto may be typed as BTC or BTC-USD; the firm's symbol is BTC. */
function firmSymbol(symbol: string, assetType: AssetType): string {
  const upper = symbol.toUpperCase();
  return assetType === 'crypto' ? upper.replace(/-USD$/, '') : upper;
}

/** Adds one lot per purchase, all in one transaction. */
export async function addHolding(deps: ServiceDeps, actor: Actor, input: NewHolding): Promise<HoldingView[]> {
  // A day of grace: a partner east of New York may already be on the next day.
  const latest = addDays(dayInNewYork(deps.now()), 1);
  if (input.purchases.some((p) => p.purchase_date > latest)) throw fail.badRequest('A purchase date cannot be in the future.');
  const symbol = firmSymbol(input.symbol, input.asset_type);
  const exchange = input.asset_type === 'crypto' ? null : (input.exchange?.toUpperCase() || DEFAULT_EXCHANGE);
  const now = deps.now();
  const added = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(holdings)
      .values(
        input.purchases.map((p) => ({
          symbol,
          assetType: input.asset_type,
          exchange,
          qty: p.qty,
          pricePaid: p.price_paid,
          purchaseDate: p.purchase_date,
          createdBy: actor.id,
        })),
      )
      .returning();
    await recordAudit(
      tx,
      actor,
      now,
      rows.map((r) => ({ action: 'holding.add', entity: 'holding', entityId: r.id, after: lotOf(r) })),
    );
    return rows;
  });
  const quote = await deps.db.query.quotes.findFirst({ where: eq(quotes.key, quoteKey({ symbol, kind: input.asset_type })) });
  // A new symbol gets its quote, closes and prediction in the background.
  if (!quote) deps.market.refreshSoon();
  return added.map((r) => ({ ...lotOf(r), ...(quote ? liveQuote(quote, now) : NO_QUOTE) }));
}

/** Deletes one lot (the trash button on a lot's row). */
export async function deleteHolding(deps: ServiceDeps, actor: Actor, id: number): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(holdings).where(eq(holdings.id, id)).returning();
    if (!removed) throw fail.notFound('That purchase lot no longer exists.');
    await recordAudit(tx, actor, deps.now(), [{ action: 'holding.delete', entity: 'holding', entityId: id, before: lotOf(removed) }]);
  });
  return { message: 'Purchase lot deleted.' };
}
