import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import type { holdings} from '../../db/schema';
import { ledgerEntries, portfolioState } from '../../db/schema';
import { dayInNewYork } from '../../domain/dates';
import type { Actor } from '../audit';

/** The channel every instance listens on; a notification means "the valuation changed". */
export const PORTFOLIO_CHANNEL = 'portfolio_changed';

export type LedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'actorId' | 'actorEmail' | 'at' | 'bookDate'>;

/**
 * Moves the valuation's version on, inside the writer's transaction: readers on every instance
 * see the change when it commits (the notification is delivered at commit, and not at all on
 * rollback).
 */
export async function portfolioChanged(tx: Queryable): Promise<void> {
  await tx
    .insert(portfolioState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: portfolioState.id, set: { version: sql`${portfolioState.version} + 1` } });
  await tx.execute(sql`select pg_notify(${PORTFOLIO_CHANNEL}, '')`);
}

/** Records entries of the ledger, dated on the New York day of `at`, and moves the version on. */
export async function recordLedger(tx: Queryable, actor: Actor, at: Date, entries: LedgerEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(ledgerEntries)
    .values(entries.map((e) => ({ ...e, actorId: actor.id, actorEmail: actor.email, at, bookDate: dayInNewYork(at) })))
    .returning({ id: ledgerEntries.id });
  await portfolioChanged(tx);
  return rows.map((r) => r.id);
}

/**
 * Lots that were already in the books when the ledger starts (the demo portfolio, lots from
 * before this ledger existed): each gets an opening buy dated on its purchase day, which is not
 * new money, so returns start from them as they are.
 */
export async function recordOpeningLots(
  tx: Queryable,
  lots: readonly (typeof holdings.$inferSelect)[],
  actor: { id: number | null; email: string },
): Promise<void> {
  if (lots.length === 0) return;
  await tx.insert(ledgerEntries).values(
    lots.map((l) => ({
      kind: 'buy' as const,
      source: 'add_investment' as const,
      actorId: actor.id,
      actorEmail: actor.email,
      bookDate: l.purchaseDate,
      symbol: l.symbol,
      assetType: l.assetType,
      qty: l.qty,
      price: l.pricePaid,
      amount: l.costBasis,
      costBasis: l.costBasis,
      settles: false,
      flow: '0',
      details: { lotId: l.id, opening: true },
    })),
  );
  await portfolioChanged(tx);
}
