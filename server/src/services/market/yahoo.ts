/**
 * The Yahoo Finance provider on the `yahoo-finance2` package: quotes from
 * /v7/finance/quote, history from /v8/finance/chart. It reports what Yahoo says and nothing else:
 * a symbol without a price is left out, a missing metric is null, and a failed call throws so
 * the quote cache keeps its last value and marks it stale.
 *
 * Every HTTP request, the library's cookie/crumb requests included, goes through the `fetch`
 * given here (per call, as the library's `moduleOptions.fetch`), with the call's deadline.
 */
import type YahooFinance from 'yahoo-finance2';
import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import type { Quote as LibraryQuote } from 'yahoo-finance2/modules/quote';
import { dayInNewYork } from '../../domain/dates';
import { quoteKey } from './provider';
import type { DailyClose, Instrument, MarketDataProvider, Quote } from './provider';

/** The fields of a Yahoo quote this module reads (the library types them loosely, through an index signature). */
type YahooQuote = LibraryQuote & { symbol: string; shortName?: string; longName?: string; regularMarketTime?: Date };

export interface YahooProviderOptions {
  /** The HTTP layer for every request. Default: the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Bound on one whole quotes() or dailyCloses() call, in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /** Where the library and this adapter log (validation failures, unavailable history). */
  logger?: YahooLogger;
}

export type YahooLogger = Pick<Console, 'info' | 'warn' | 'error' | 'debug' | 'dir'>;

type Fetch = typeof fetch;
type YahooClient = InstanceType<typeof YahooFinance>;

const DEFAULT_TIMEOUT_MS = 10_000;
const MS_PER_DAY = 86_400_000;
const HOUR_MS = 3_600_000;
/** Extra history before "a month ago" so a weekend or holiday there still has a close. */
const MONTH_MARGIN_DAYS = 7;

export function createYahooProvider(options: YahooProviderOptions = {}): MarketDataProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const logger = options.logger ?? console;
  // The library (with its own dependencies) is loaded on the first call, so a server on the
  // simulated provider never loads it.
  let loading: Promise<YahooClient> | undefined;
  const yahoo = () =>
    (loading ??= loadClient(logger).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const monthBase = createMonthBaseCache();
  const call = <T>(what: string, run: (fetch: Fetch) => Promise<T>) =>
    runWithDeadline(baseFetch, timeoutMs, run).catch((error: unknown) => {
      throw new Error(`Yahoo Finance ${what} failed: ${errorMessage(error)}`, { cause: error });
    });

  return {
    source: 'yahoo',
    quotes(instruments, now) {
      return call('quotes', async (fetch) => fetchQuotes({ client: await yahoo(), fetch, logger, monthBase }, instruments, now));
    },
    dailyCloses(instrument, from, to) {
      return call('history', async (fetch) => {
        const client = await yahoo();
        return instrument.kind === 'crypto'
          ? fetchNewYorkCloses(client, fetch, quoteKey(instrument), from, to)
          : fetchDailyCloses(client, fetch, quoteKey(instrument), from, to);
      });
    },
  };
}

async function loadClient(logger: YahooLogger): Promise<YahooClient> {
  const [{ default: Yahoo }, { ExtendedCookieJar }] = await Promise.all([import('yahoo-finance2'), import('yahoo-finance2/lib/cookieJar')]);
  return new Yahoo({
    // Our own jar instead of the library's process-wide default one (the library still keeps
    // The crumb itself process-wide).
    cookieJar: new ExtendedCookieJar(),
    // The version check fetches registry.npmjs.org with the global fetch, bypassing ours.
    versionCheck: false,
    suppressNotices: ['yahooSurvey'],
    logger,
  });
}

interface CallContext {
  client: YahooClient;
  fetch: Fetch;
  logger: YahooLogger;
  monthBase: MonthBaseCache;
}

async function fetchQuotes(context: CallContext, instruments: readonly Instrument[], now: Date): Promise<Map<string, Quote>> {
  const keys = [...new Set(instruments.map(quoteKey))];
  if (keys.length === 0) return new Map();
  const wanted = new Set(keys);
  const results = (await context.client.quote(keys, { return: 'array' }, { fetch: context.fetch })) as YahooQuote[];
  const priced = results.filter((result) => wanted.has(result.symbol)).flatMap((result) => toQuote(result, now) ?? []);
  const perfs = await Promise.all(priced.map((quote) => oneMonthPerf(context, quote, now)));
  return new Map(priced.map((quote, i) => [quote.key, { ...quote, oneMonthPerf: perfs[i] ?? null }]));
}

/** Null when Yahoo gives no price, or no way to tell the day's change. */
function toQuote(result: YahooQuote, now: Date): Quote | null {
  const price = finite(result.regularMarketPrice);
  if (price === null) return null;
  const previousClose = finite(result.regularMarketPreviousClose);
  const change = finite(result.regularMarketChange) ?? (previousClose === null ? null : price - previousClose);
  if (change === null) return null;
  const changePct = finite(result.regularMarketChangePercent) ?? percentChange(price, price - change);
  if (changePct === null) return null;
  const marketCap = finite(result.marketCap);
  return {
    key: result.symbol,
    name: result.shortName ?? result.longName ?? null,
    price,
    change,
    changePct,
    dividendYield: dividendYieldPercent(result),
    marketCap: marketCap === null ? null : marketCap / 1_000_000,
    peRatio: finite(result.trailingPE),
    oneMonthPerf: null,
    asOf: result.regularMarketTime ?? now,
    source: 'yahoo',
  };
}

/**
 * `dividendYield` is the forward yield Yahoo shows on its quote page and is already a percent
 * (0.44 = 0.44 %); `trailingAnnualDividendYield` (last 12 months) is a fraction (0.0044) and is
 * only a fallback for quotes without the former. A yield of 0 means the instrument pays none.
 */
function dividendYieldPercent(result: YahooQuote): number | null {
  const forward = finite(result.dividendYield);
  const trailing = finite(result.trailingAnnualDividendYield);
  const percent = forward ?? (trailing === null ? null : trailing * 100);
  return percent === null || percent <= 0 ? null : percent;
}

/**
 * Percent change from the last close on or before the same day a month ago to the current
 * price. That base close only changes once a day, so it is fetched once a day per symbol.
 */
async function oneMonthPerf(context: CallContext, quote: Quote, now: Date): Promise<number | null> {
  const monthAgo = isoDay(subtractMonth(now));
  try {
    const base = await context.monthBase.get(quote.key, monthAgo, async () => {
      const from = isoDay(new Date(dayStart(monthAgo) - MONTH_MARGIN_DAYS * MS_PER_DAY));
      const closes = await fetchDailyCloses(context.client, context.fetch, quote.key, from, monthAgo);
      return closes.at(-1)?.close ?? null;
    });
    return base === null ? null : percentChange(quote.price, base);
  } catch (error) {
    // The price is still good without it; the month's history is an optional metric.
    context.logger.warn(`[market] no Yahoo history for ${quote.key}: ${errorMessage(error)}`);
    return null;
  }
}

async function fetchDailyCloses(client: YahooClient, fetch: Fetch, key: string, from: string, to: string): Promise<DailyClose[]> {
  // A day's margin each side: Yahoo stamps a daily bar with the session's opening instant, which
  // falls on the previous UTC day for exchanges east of Greenwich.
  const period1 = new Date(dayStart(from) - MS_PER_DAY);
  const period2 = new Date(dayStart(to) + 2 * MS_PER_DAY);
  const chart = await client.chart(key, { period1, period2, interval: '1d', return: 'array' }, { fetch });
  return closesInRange(chart, from, to);
}

/**
 * Crypto trades around the clock and Yahoo's daily bars turn at 00:00 UTC, but the books' day is
 * New York's: a day's close is the price at New York midnight, the close of the hourly bar that
 * ends then. Hourly history reaches back two years, far more than the backfill asks.
 */
async function fetchNewYorkCloses(client: YahooClient, fetch: Fetch, key: string, from: string, to: string): Promise<DailyClose[]> {
  const period1 = new Date(dayStart(from) - MS_PER_DAY);
  const period2 = new Date(dayStart(to) + 2 * MS_PER_DAY);
  const chart = await client.chart(key, { period1, period2, interval: '1h', return: 'array' }, { fetch });
  const byDate = new Map<string, number>();
  for (const bar of chart.quotes) {
    // The bar's close is the price at its end; the last instant inside it names its day.
    const date = dayInNewYork(new Date(bar.date.getTime() + HOUR_MS - 1));
    const close = finite(bar.close);
    if (close !== null && date >= from && date <= to) byDate.set(date, close);
  }
  return [...byDate].map(([date, close]) => ({ date, close })).sort((a, b) => a.date.localeCompare(b.date));
}

function closesInRange(chart: ChartResultArray, from: string, to: string): DailyClose[] {
  const byDate = new Map<string, number>();
  for (const bar of chart.quotes) {
    const date = isoDay(new Date(bar.date.getTime() + chart.meta.gmtoffset * 1000));
    const close = finite(bar.close);
    // Later bars win: Yahoo sometimes repeats today's bar with the live price.
    if (close !== null && date >= from && date <= to) byDate.set(date, close);
  }
  return [...byDate].map(([date, close]) => ({ date, close })).sort((a, b) => a.date.localeCompare(b.date));
}

type MonthBaseCache = ReturnType<typeof createMonthBaseCache>;

function createMonthBaseCache() {
  const entries = new Map<string, { day: string; close: number | null }>();
  return {
    async get(key: string, day: string, load: () => Promise<number | null>): Promise<number | null> {
      const cached = entries.get(key);
      if (cached?.day === day) return cached.close;
      const close = await load();
      entries.set(key, { day, close });
      return close;
    },
  };
}

/**
 * Runs one provider call against a single deadline shared by all of its requests. The race
 * also covers a fetch that ignores its signal, so the call settles in time whatever happens.
 */
async function runWithDeadline<T>(baseFetch: Fetch, timeoutMs: number, run: (fetch: Fetch) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timedOut = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => reject(controller.signal.reason instanceof Error ? controller.signal.reason : new Error('aborted')),
      { once: true },
    );
  });
  const timer = setTimeout(() => controller.abort(new Error(`Yahoo Finance did not answer within ${timeoutMs} ms`)), timeoutMs);
  const fetchWithDeadline: Fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal });
  try {
    return await Promise.race([run(fetchWithDeadline), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function percentChange(value: number, base: number): number | null {
  return base === 0 ? null : (value / base - 1) * 100;
}

/** The same day a month earlier, or that month's last day (31 March → 28/29 February). */
function subtractMonth(date: Date): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - 1);
  if (result.getUTCDate() !== date.getUTCDate()) result.setUTCDate(0);
  return result;
}

/** Milliseconds at 00:00 UTC of a YYYY-MM-DD day. */
function dayStart(day: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(day) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return ms;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
