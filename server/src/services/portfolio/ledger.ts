import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Queryable, Tx } from '../../db/open';
import type { holdings } from '../../db/schema';
import { ledgerEntries, portfolioState } from '../../db/schema';
import { dayInNewYork } from '../../domain/dates';
import type { Actor } from '../../platform/audit';

/** The channel every instance listens on; a notification means "the valuation changed". */
export const PORTFOLIO_CHANNEL = 'portfolio_changed';

export type LedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'actorId' | 'actorEmail' | 'at' | 'bookDate'>;

/** The engines of this process, told of each version of the books a write of this process committed. */
const localObservers = new Set<(version: number) => void>();
/** The version a transaction moved the books to, until writeBooks sees it commit. */
const versionOfTransaction = new WeakMap<object, number>();

export function observeLocalVersions(observer: (version: number) => void): () => void {
  localObservers.add(observer);
  return () => localObservers.delete(observer);
}

function announce(version: number): void {
  for (const observer of localObservers) observer(version);
}

/**
 * Moves the valuation's version on. Inside a transaction (see writeBooks), other instances hear
 * of it when it commits (the notification is delivered at commit, and not at all on rollback);
 * outside one it is committed at once and this process's engines are told straight away.
 */
export async function portfolioChanged(db: Queryable): Promise<number> {
  const [row] = await db
    .insert(portfolioState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: portfolioState.id, set: { version: sql`${portfolioState.version} + 1` } })
    .returning({ version: portfolioState.version });
  const version = row?.version ?? 0;
  await db.execute(sql`select pg_notify(${PORTFOLIO_CHANNEL}, ${String(version)})`);
  if (db instanceof PgTransaction) versionOfTransaction.set(db, version);
  else announce(version);
  return version;
}

/**
 * A write to the books in one transaction; once it has committed, this process's engines know the
 * new version before the caller answers, so the writer's next read sees its own write.
 */
export async function writeBooks<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let transaction: Tx | undefined;
  const result = await db.transaction((tx) => {
    transaction = tx;
    return work(tx);
  });
  const version = transaction && versionOfTransaction.get(transaction);
  if (version !== undefined) announce(version);
  return result;
}

/** Transactions that move the version on once, at their end, however many entries they record (an import). */
const versionOnceAtEnd = new WeakSet<object>();

/** From now on in this transaction, recordLedger leaves the version to the caller's one portfolioChanged at its end. */
export function deferVersion(tx: Queryable): void {
  versionOnceAtEnd.add(tx);
}

/** An entry as stored: who, when, and its day in the books (`bookDate`, else the New York day of `at`). */
export const ledgerRow = (actor: Actor, at: Date, entry: LedgerEntry, bookDate?: string) => ({
  ...entry,
  actorId: actor.id,
  actorEmail: actor.email,
  at,
  bookDate: bookDate ?? dayInNewYork(at),
});

/**
 * Records entries of the ledger, dated on `bookDate` (an imported line's own day, docs/imports.md) or
 * else the New York day of `at`, and moves the version on.
 */
export async function recordLedger(tx: Queryable, actor: Actor, at: Date, entries: LedgerEntry[], bookDate?: string): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(ledgerEntries)
    .values(entries.map((e) => ledgerRow(actor, at, e, bookDate)))
    .returning({ id: ledgerEntries.id });
  if (!versionOnceAtEnd.has(tx)) await portfolioChanged(tx);
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
