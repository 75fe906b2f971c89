import type { Logger } from '../../log';
import type { PortfolioTotals } from '../../domain/valuation';
import type { Db, Queryable } from '../../db/open';
import { dayInNewYork } from '../../domain/dates';
import { portfolioChanged } from '../portfolio/ledger';
import { storeSnapshot, takeSnapshot } from '../portfolio/snapshots';
import { settleDueDividends } from '../portfolio/corporate-actions';
import { claimJob } from './jobs';
import { liveQuote, type LiveQuote } from './live-quote';
import { updatePredictions } from './predictions';
import { symbolStatus, type SymbolStatus } from './lookup';
import { MARKET_INDICES, quoteKey, type Instrument, type MarketDataProvider } from './provider';
import {
  backfillCloses,
  cachedQuotes,
  instrumentsToPrice,
  recordCloses,
  refreshQuotes,
  type OnFailure,
  type RefreshReport,
} from './quote-cache';

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
  /** Whether a symbol has market data: the cache, else the provider asked now (services/market/lookup.ts). */
  lookup(instrument: Instrument): Promise<SymbolStatus>;
}

export interface MarketServiceDeps {
  db: Db;
  provider: MarketDataProvider;
  now: () => Date;
  log: Pick<Logger, 'warn' | 'error' | 'info'>;
  /**
   * Today's totals as the dashboards show them (the app's portfolio engine, which revalues only
   * what changed). Without it (the command line), today's snapshot reads and values every lot.
   */
  todaysTotals?: () => Promise<PortfolioTotals>;
}

export function createMarketService({ db, provider, now, log, todaysTotals }: MarketServiceDeps): MarketService {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let intervalMs = 60_000;

  /** One piece of market work at a time in this process. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  }

  /** One item of a step (a symbol's quote, closes or prediction) failed; the step goes on with the others. */
  const onFailure: OnFailure = (what, err) => log.warn({ err }, `market data: ${what} failed`);

  /** Runs one step of a job; a failure is logged and the job goes on with its next step. */
  async function step<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (err) {
      log.error({ err }, `market data: ${what} failed`);
      return undefined;
    }
  }

  /** Closes, quotes, today's closes, today's snapshot: each step runs whatever became of the one before. */
  async function refresh(): Promise<RefreshReport> {
    const at = now();
    const today = dayInNewYork(at);
    const instruments = await instrumentsToPrice(db);
    const keys = instruments.map(quoteKey);
    await step('backfilling daily closes', () => backfillCloses(db, provider, instruments, today, HISTORY_DAYS, onFailure));
    const report = (await step('refreshing quotes', () => refreshQuotes(db, provider, instruments, at, onFailure))) ?? {
      updated: 0,
      failed: keys,
      quotes: [],
    };
    if (report.failed.length > 0) log.warn({ failed: report.failed }, 'market data: some quotes could not be refreshed');
    await step("recording today's closes", () => recordCloses(db, report.quotes, onFailure));
    // New quotes are a new valuation: every instance's engine recomputes on its next read.
    await step('announcing the new quotes', () => portfolioChanged(db));
    await step('settling the dividends due', () => settleDueDividends({ db, now: () => at }));
    await step("taking today's snapshot", async () =>
      todaysTotals ? storeSnapshot(db, today, at, await todaysTotals()) : takeSnapshot(db, today, at),
    );
    return { updated: report.updated, failed: report.failed };
  }

  const predict = () => updatePredictions({ db, now }, onFailure);

  /** The two scheduled jobs, each claimed on its own: one failing never keeps the other from running. */
  async function scheduled(): Promise<void> {
    await step('the scheduled refresh', async () => {
      if (await claimJob(db, 'market-refresh', intervalMs * 0.9, now())) await refresh();
    });
    await step('the scheduled predictions', async () => {
      if (await claimJob(db, 'predictions', PREDICTIONS_EVERY_MS, now())) await predict();
    });
  }

  return {
    source: provider.source,
    runScheduled: () => serially(scheduled),
    refreshNow: () => serially(refresh),
    refreshSoon() {
      void serially(async () => {
        await step('the refresh', refresh);
        await step('the predictions', predict);
      });
    },
    start(everyMs) {
      intervalMs = everyMs;
      void serially(scheduled);
      timer = setInterval(() => void serially(scheduled), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
    lookup: (instrument) => symbolStatus(db, provider, instrument, now()),
  };
}

export interface IndexTile extends Pick<LiveQuote, 'change' | 'changePct' | 'quoteSource' | 'quoteAsOf' | 'quoteStale'> {
  name: string;
  symbol: string;
  price: number;
}

export interface MarketSummaryDeps {
  db: Queryable;
  now: () => Date;
}

/** GET /api/market/summary: the indices' cached quotes, in the market bar's order. */
export async function marketSummary(deps: MarketSummaryDeps): Promise<IndexTile[]> {
  const at = deps.now();
  const cached = await cachedQuotes(
    deps.db,
    MARKET_INDICES.map((i) => i.symbol),
  );
  return MARKET_INDICES.flatMap((index) => {
    const row = cached.get(index.symbol);
    if (!row) return [];
    const { lastPrice, change, changePct, quoteSource, quoteAsOf, quoteStale } = liveQuote(row, at);
    return [{ name: index.name, symbol: index.symbol, price: lastPrice, change, changePct, quoteSource, quoteAsOf, quoteStale }];
  });
}
