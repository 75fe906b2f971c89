import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { accountBalances, holdings } from '../../db/schema';

/** The books' positions on a day: each symbol's quantity and kind, and Cash Available. */
export interface BookPositions {
  quantities: Map<string, { assetType: 'stock' | 'crypto'; qty: string }>;
  cash: string;
}

/**
 * The books' side of a reconciliation. For now the books as they stand today (the open lots'
 * quantities summed by symbol, and Cash Available): replaying the ledger to the day asked is
 * docs/reconciliation.md's "Positions on a past day", to be answered by the ledger's replay.
 */
export async function positionsHere(db: Queryable, _day: string): Promise<BookPositions> {
  const lots = await db
    .select({ symbol: holdings.symbol, assetType: holdings.assetType, qty: sql<string>`sum(${holdings.qty})::text` })
    .from(holdings)
    .groupBy(holdings.symbol, holdings.assetType);
  const [balances] = await db.select({ cash: accountBalances.cashAvailable }).from(accountBalances).limit(1);
  return {
    quantities: new Map(lots.map((l) => [l.symbol, { assetType: l.assetType, qty: l.qty }])),
    cash: balances?.cash ?? '0',
  };
}
