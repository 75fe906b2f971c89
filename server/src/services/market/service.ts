import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import { dayInNewYork } from '../../domain/dates';
import { takeSnapshot } from '../portfolio/snapshots';
import { claimJob } from './jobs';
import { liveQuote, type LiveQuote } from './live-quote';
import { updatePredictions } from './predictions';
import { MARKET_INDICES, quoteKey, type MarketDataProvider } from './provider';
import { backfillCloses, cachedQuotes, instrumentsToPrice, recordCloses, refreshQuotes, type RefreshReport } from './quote-cache';

/** Days of daily closes kept filled for charts and predictions. */
export const HISTORY_DAYS = 120;
const PREDICTIONS_EVERY_MS = 60 * 60_000;

export interface MarketService {
  readonly source: MarketDataProvider['source'];
  /** One scheduled round: quotes, closes and today's snapshot; predictions hourly. Skips what another instance just did. */
  runScheduled(): Promise<void>;
  /** Refreshes now, without the schedule's claim (a new symbol was bought; tests; the CLI). */
  refreshNow(): Promise<RefreshReport>;
  /** Starts refreshNow in the background; the caller never waits on the provider. */
  refreshSoon(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export interface MarketServiceDeps {
  db: Db;
  provider: MarketDataProvider;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

export function createMarketService({ db, provider, now, log }: MarketServiceDeps): MarketService {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let intervalMs = 60_000;

  /** One piece of market work at a time in this process. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  }

  async function refresh(): Promise<RefreshReport> {
    const at = now();
    const instruments = await instrumentsToPrice(db);
    await backfillCloses(db, provider, instruments, dayInNewYork(at), HISTORY_DAYS);
    const report = await refreshQuotes(db, provider, instruments, at);
    if (report.failed.length > 0) log.warn({ failed: report.failed }, 'market data: some quotes could not be refreshed');
    await recordCloses(db, report.quotes);
    const cached = await cachedQuotes(db, instruments.map(quoteKey));
    await takeSnapshot(db, dayInNewYork(at), (key) => (cached.has(key) ? Number(cached.get(key)?.price) : null), at);
    return { updated: report.updated, failed: report.failed };
  }

  async function scheduled(): Promise<void> {
    if (await claimJob(db, 'market-refresh', intervalMs * 0.9, now())) await refresh();
    if (await claimJob(db, 'predictions', PREDICTIONS_EVERY_MS, now())) await updatePredictions(db, now());
  }

  const logFailure = (what: string) => (err: unknown) => log.error({ err }, `market data: ${what} failed`);

  return {
    source: provider.source,
    runScheduled: () => serially(scheduled),
    refreshNow: () => serially(refresh),
    refreshSoon() {
      void serially(async () => {
        await refresh();
        await updatePredictions(db, now());
      }).catch(logFailure('refresh'));
    },
    start(everyMs) {
      intervalMs = everyMs;
      void serially(scheduled).catch(logFailure('scheduled refresh'));
      timer = setInterval(() => void serially(scheduled).catch(logFailure('scheduled refresh')), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export interface IndexTile extends Pick<LiveQuote, 'change' | 'changePct' | 'quoteSource' | 'quoteAsOf' | 'quoteStale'> {
  name: string;
  symbol: string;
  price: number;
}

/** GET /api/market/summary: the indices' cached quotes, in the market bar's order. */
export async function marketSummary(db: Db, at: Date): Promise<IndexTile[]> {
  const cached = await cachedQuotes(db, MARKET_INDICES.map((i) => i.symbol));
  return MARKET_INDICES.flatMap((index) => {
    const row = cached.get(index.symbol);
    if (!row) return [];
    const { lastPrice, change, changePct, quoteSource, quoteAsOf, quoteStale } = liveQuote(row, at);
    return [{ name: index.name, symbol: index.symbol, price: lastPrice, change, changePct, quoteSource, quoteAsOf, quoteStale }];
  });
}
