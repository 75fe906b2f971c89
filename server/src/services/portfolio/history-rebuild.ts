import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open';
import { dailyCloses, historyRebuild, portfolioSnapshots } from '../../db/schema';
import { addDays, dayInNewYork } from '../../domain/dates';
import type { Background } from '../../platform/background';
import { LoopSlice } from '../../platform/yield';
import { recordAudit, type Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { MARKET_INDICES, quoteKey, type Instrument, type MarketDataProvider } from '../market/provider';
import { readPrivateAssets } from './engine';
import { DayValuer, readCloses } from './day-values';
import { portfolioChanged } from './ledger';
import { eachMoveAfter, LedgerReplay, readLedgerHistory } from './positions-on';

/**
 * History from the first entry (docs/decisions/0018-history-from-the-first-entry.md): after an
 * entry dated in the past, the daily closes of every symbol held since its day are fetched from the
 * provider and a snapshot of every day from then to yesterday is valued again from the ledger, in
 * the background, once across instances, with its progress in `history_rebuild`.
 */

export interface HistoryRebuildDeps {
  db: Db;
  provider: MarketDataProvider;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Namespace of the firm's advisory locks (services/market/jobs.ts), and this job's key in it. */
const LOCK_NAMESPACE = 7_341;
const LOCK_NAME = 'history-rebuild';
/** A run not finished after this long is taken to have died with its instance, and may be run again. */
const STALE_RUN_MS = 30 * 60_000;
/** Snapshots written (and progress stored) per statement. */
const BATCH_DAYS = 250;

type Row = typeof historyRebuild.$inferSelect;

/** Asks for the days from `from` on to be valued again (the earliest of every request wins). */
export async function requestHistoryRebuild(db: Queryable, from: string): Promise<void> {
  await db
    .insert(historyRebuild)
    .values({ id: 1, pendingFrom: from })
    .onConflictDoUpdate({
      target: historyRebuild.id,
      set: { pendingFrom: sql`least(coalesce(${historyRebuild.pendingFrom}, excluded.pending_from), excluded.pending_from)` },
    });
}

/**
 * Looks at the ledger entries recorded since the last look (whoever wrote them: a form, the
 * assistant, a corporate action, an import) and asks for a rebuild from the earliest day before
 * today any of them is effective on (positions-on.ts). Answers that day, or null.
 */
export async function noteBackdatedEntries(db: Db, today: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.insert(historyRebuild).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(historyRebuild).where(eq(historyRebuild.id, 1)).for('update');
    const seen = row?.seenLedgerId ?? 0;
    const found = { newest: seen, earliest: null as string | null };
    await eachMoveAfter(tx, seen, (move) => {
      found.newest = Math.max(found.newest, move.id);
      if (move.day < today && (found.earliest === null || move.day < found.earliest)) found.earliest = move.day;
    });
    const { newest, earliest } = found;
    if (newest === seen) return null;
    const pendingFrom =
      earliest === null ? (row?.pendingFrom ?? null) : row?.pendingFrom && row.pendingFrom < earliest ? row.pendingFrom : earliest;
    await tx.update(historyRebuild).set({ seenLedgerId: newest, pendingFrom }).where(eq(historyRebuild.id, 1));
    return earliest;
  });
}

/** Claims the waiting rebuild for this instance (none while another instance runs one): its first day, or null. */
async function claimRebuild(db: Db, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${LOCK_NAME}))` })
      .from(sql`(select 1) as one`);
    if (!lock?.locked) return null;
    const [row] = await tx.select().from(historyRebuild).where(eq(historyRebuild.id, 1)).for('update');
    if (!row?.pendingFrom) return null;
    if (row.startedAt && !row.finishedAt && at.getTime() - row.startedAt.getTime() < STALE_RUN_MS) return null;
    await tx
      .update(historyRebuild)
      .set({
        pendingFrom: null,
        fromDay: row.pendingFrom,
        toDay: null,
        daysDone: 0,
        daysTotal: 0,
        startedAt: at,
        finishedAt: null,
        error: null,
      })
      .where(eq(historyRebuild.id, 1));
    return row.pendingFrom;
  });
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Fetches from the provider the closes of the instruments that have fewer stored than half their trading days. */
async function fetchMissingCloses(deps: HistoryRebuildDeps, instruments: readonly Instrument[], from: string, to: string): Promise<void> {
  const { db, provider } = deps;
  const keys = instruments.map(quoteKey);
  if (keys.length === 0) return;
  const have = await db
    .select({ key: dailyCloses.key, n: count() })
    .from(dailyCloses)
    .where(and(inArray(dailyCloses.key, keys), gte(dailyCloses.date, from), lte(dailyCloses.date, to)))
    .groupBy(dailyCloses.key);
  const counts = new Map(have.map((h) => [h.key, h.n]));
  // Trading days are about 5 in 7; half of those stored is taken as the history being there.
  const enough = Math.floor(((daysBetween(from, to) + 1) * 5) / 14);
  for (const instrument of instruments) {
    const key = quoteKey(instrument);
    if ((counts.get(key) ?? 0) > enough) continue;
    try {
      const closes = await provider.dailyCloses(instrument, from, to);
      if (closes.length === 0) continue;
      for (let i = 0; i < closes.length; i += 1000) {
        await db
          .insert(dailyCloses)
          .values(closes.slice(i, i + 1000).map((c) => ({ key, date: c.date, close: String(c.close), source: provider.source })))
          .onConflictDoNothing();
      }
    } catch (err) {
      // One symbol's history does not hold up the others'; its days are valued without it.
      deps.log.warn({ err }, `history rebuild: the daily closes of ${key} could not be fetched`);
    }
  }
}

/**
 * Values every day from `from` (not before the ledger's first) to yesterday again and stores the
 * snapshots, with the progress in the history_rebuild row. Answers the number of days valued.
 */
export async function rebuildHistoryFrom(deps: HistoryRebuildDeps, from: string, at: Date): Promise<number> {
  const { db } = deps;
  const today = dayInNewYork(at);
  const to = addDays(today, -1);
  const history = await readLedgerHistory(db);
  const first = history.moves[0]?.day;
  const start = first === undefined || first < from ? from : first;
  const total = first === undefined || start > to ? 0 : daysBetween(start, to) + 1;
  await db
    .insert(historyRebuild)
    .values({ id: 1, fromDay: start, toDay: to, daysDone: 0, daysTotal: total, startedAt: at })
    .onConflictDoUpdate({ target: historyRebuild.id, set: { fromDay: start, toDay: to, daysDone: 0, daysTotal: total } });
  if (total === 0) return 0;

  // The symbols held on any day from the start: those held at its beginning and those moved since.
  const before = new LedgerReplay(history);
  before.advanceTo(addDays(start, -1));
  const instruments = new Map<string, Instrument>();
  for (const [symbol, held] of before.heldQuantities()) if (!held.qty.eq(0)) instruments.set(symbol, { symbol, kind: held.assetType });
  for (const m of history.moves)
    if (m.day >= start && m.symbol && m.assetType) instruments.set(m.symbol, { symbol: m.symbol, kind: m.assetType });
  const indices = MARKET_INDICES.map((i): Instrument => ({ symbol: i.symbol, kind: 'index' }));
  await fetchMissingCloses(deps, [...instruments.values(), ...indices], addDays(start, -10), today);

  const [closes, privateAssets] = await Promise.all([
    readCloses(db, [...instruments.values()].map(quoteKey), start, to),
    readPrivateAssets(db),
  ]);
  const valuer = new DayValuer(history, closes, privateAssets);
  let done = 0;
  let batch: (typeof portfolioSnapshots.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insert(portfolioSnapshots)
      .values(batch)
      .onConflictDoUpdate({
        target: portfolioSnapshots.date,
        set: {
          netAccountValue: sql`excluded.net_account_value`,
          liquidValue: sql`excluded.liquid_value`,
          ventureValue: sql`excluded.venture_value`,
          realEstateValue: sql`excluded.real_estate_value`,
          cashAvailable: sql`excluded.cash_available`,
          marginDebit: sql`excluded.margin_debit`,
          accountsReceivable: sql`excluded.accounts_receivable`,
          takenAt: sql`excluded.taken_at`,
        },
      });
    done += batch.length;
    batch = [];
    await db.update(historyRebuild).set({ daysDone: done }).where(eq(historyRebuild.id, 1));
  };
  const slice = new LoopSlice();
  for (let day = start; day <= to; day = addDays(day, 1)) {
    if (slice.over()) await slice.pause();
    batch.push({ date: day, ...valuer.valueOn(day), takenAt: at });
    if (batch.length >= BATCH_DAYS) await flush();
  }
  await flush();
  // The history, returns and capital accounts are kept per version of the books (decision 0014).
  await portfolioChanged(db);
  return done;
}

/** Notes new back-dated entries, then runs the waiting rebuild if this instance can claim it; loops while more waits. */
export async function runHistoryRebuild(deps: HistoryRebuildDeps): Promise<number> {
  let valued = 0;
  for (;;) {
    const at = deps.now();
    await noteBackdatedEntries(deps.db, dayInNewYork(at));
    const from = await claimRebuild(deps.db, at);
    if (from === null) return valued;
    try {
      valued += await rebuildHistoryFrom(deps, from, at);
      await deps.db.update(historyRebuild).set({ finishedAt: deps.now() }).where(eq(historyRebuild.id, 1));
    } catch (err) {
      deps.log.error({ err }, 'history rebuild failed');
      const message = err instanceof Error ? err.message : String(err);
      await deps.db
        .update(historyRebuild)
        .set({ finishedAt: deps.now(), error: message.slice(0, 500) })
        .where(eq(historyRebuild.id, 1));
      return valued;
    }
  }
}

export interface HistoryRebuildStatus {
  state: 'idle' | 'waiting' | 'running' | 'failed';
  /** The days of the latest (or current) run, and how many are done. */
  from: string | null;
  to: string | null;
  day: number;
  days: number;
  started_at: string | null;
  finished_at: string | null;
  /** The earliest day waiting for the next run, if any. */
  pending_from: string | null;
  error: string | null;
}

export function statusOf(row: Row | undefined): HistoryRebuildStatus {
  const running = !!row?.startedAt && !row.finishedAt;
  const state = running ? 'running' : row?.pendingFrom ? 'waiting' : row?.error ? 'failed' : 'idle';
  return {
    state,
    from: row?.fromDay ?? null,
    to: row?.toDay ?? null,
    day: row?.daysDone ?? 0,
    days: row?.daysTotal ?? 0,
    started_at: row?.startedAt?.toISOString() ?? null,
    finished_at: row?.finishedAt?.toISOString() ?? null,
    pending_from: row?.pendingFrom ?? null,
    error: row?.error ?? null,
  };
}

export interface HistoryStatusDeps {
  db: Queryable;
}

/** GET /api/portfolio/history/rebuild: the rebuild's state, "day n of N" while it runs. */
export async function historyRebuildStatus(deps: HistoryStatusDeps): Promise<HistoryRebuildStatus> {
  const [row] = await deps.db.select().from(historyRebuild).where(eq(historyRebuild.id, 1));
  return statusOf(row);
}

export interface HistoryRebuilder {
  /** Looks for back-dated entries and rebuilds in the background (after the current answer); never waits. */
  poke(): void;
  start(everyMs: number): void;
  stop(): void;
}

/**
 * This instance's runner: poked after every write of this process (ledger.ts observeLocalVersions),
 * and on a schedule for the entries other instances wrote. One run at a time per process; the
 * claim keeps it to one across instances.
 */
export function createHistoryRebuilder(deps: HistoryRebuildDeps & { background: Background; enabled: boolean }): HistoryRebuilder {
  let queued = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async (): Promise<void> => {
    do {
      again = false;
      await runHistoryRebuild(deps);
    } while (again);
    queued = false;
  };
  const poke = () => {
    if (!deps.enabled) return;
    if (queued) {
      again = true;
      return;
    }
    queued = true;
    deps.background.run('history rebuild', () => run().finally(() => (queued = false)));
  };
  return {
    poke,
    start(everyMs) {
      if (!deps.enabled || everyMs <= 0) return;
      timer = setInterval(poke, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

export interface RebuildRequestDeps {
  db: Db;
  now: () => Date;
  history: Pick<HistoryRebuilder, 'poke'>;
}

/** POST /api/portfolio/history/rebuild (GP): values the days from `from` on again, in the background. */
export async function requestRebuild(deps: RebuildRequestDeps, actor: Actor, from: string): Promise<{ message: string }> {
  const now = deps.now();
  if (from >= dayInNewYork(now)) throw fail.badRequest('The history can only be rebuilt from a day before today.');
  await deps.db.transaction(async (tx) => {
    await requestHistoryRebuild(tx, from);
    await recordAudit(tx, actor, now, [{ action: 'history.rebuild', entity: 'history_rebuild', entityId: 1, after: { from } }]);
  });
  deps.history.poke();
  return { message: `The history from ${from} on will be rebuilt in the background.` };
}
