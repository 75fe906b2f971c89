/**
 * The offline provider: believable prices that are a pure function of the symbol and
 * the minute, so every instance, test and restart agrees without any stored state or network.
 *
 * Daily closes are closed-form in (symbol, day): log price = log base + drift + a few slow waves
 * with per-symbol phases + hashed per-day noise. A quote at minute m of day d moves from the
 * previous close to day d's close through the session, so quotes and dailyCloses agree.
 */
import { MARKET_INDICES, quoteKey } from './provider';
import type { DailyClose, Instrument, InstrumentKind, MarketDataProvider, Quote } from './provider';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;
/** The stock session in UTC minutes of the day: 14:30–21:00 (9:30–16:00 New York, DST ignored). */
const SESSION_OPEN = 14 * 60 + 30;
const SESSION_CLOSE = 21 * 60;
/** Drift is measured from 2025-01-01 so that prices sit near their base price in the present. */
const ANCHOR_DAY = Date.UTC(2025, 0, 1) / MS_PER_DAY;
const ONE_MONTH_DAYS = 30;

// Salts keep the hash streams of one symbol independent of each other.
const SALT = { drift: 2, phase: 3, noise: 4, wiggle: 5 } as const;

interface Wave {
  period: number;
  amplitude: number;
}

interface Volatility {
  /** Standard deviation of the per-day log noise. */
  noise: number;
  waves: readonly Wave[];
  /** Largest drift of the log price per day. */
  drift: number;
  /** Largest intraday deviation from the straight path between closes, in log terms. */
  wiggle: number;
}

const STOCK_WAVES: readonly Wave[] = [
  { period: 173, amplitude: 0.07 },
  { period: 47, amplitude: 0.035 },
  { period: 11, amplitude: 0.012 },
];

const VOLATILITY: Record<InstrumentKind, Volatility> = {
  stock: { noise: 0.012, waves: STOCK_WAVES, drift: 0.0005, wiggle: 0.002 },
  index: { noise: 0.006, waves: scaleWaves(STOCK_WAVES, 0.6), drift: 0.0003, wiggle: 0.001 },
  crypto: { noise: 0.025, waves: scaleWaves(STOCK_WAVES, 2), drift: 0.0008, wiggle: 0.005 },
};

interface Profile {
  base: number;
  /** Percent at the base price; null for non-payers. */
  dividendYield: number | null;
  /** Millions of dollars at the base price. */
  marketCap: number | null;
  /** At the base price. */
  peRatio: number | null;
}

/**
 * The known universe: real tickers at rough late-2024 levels, so the demo looks familiar. Like a
 * live provider, the simulation prices nothing else: an unknown symbol gets no quote and no history.
 */
const KNOWN: Readonly<Record<string, Profile>> = {
  AAPL: { base: 230, dividendYield: 0.44, marketCap: 3_480_000, peRatio: 35 },
  MSFT: { base: 420, dividendYield: 0.75, marketCap: 3_120_000, peRatio: 35 },
  NVDA: { base: 140, dividendYield: 0.03, marketCap: 3_430_000, peRatio: 55 },
  AMZN: { base: 200, dividendYield: null, marketCap: 2_100_000, peRatio: 42 },
  GOOGL: { base: 170, dividendYield: 0.47, marketCap: 2_090_000, peRatio: 23 },
  GOOG: { base: 172, dividendYield: 0.46, marketCap: 2_090_000, peRatio: 23 },
  META: { base: 580, dividendYield: 0.35, marketCap: 1_460_000, peRatio: 27 },
  TSLA: { base: 250, dividendYield: null, marketCap: 800_000, peRatio: 110 },
  AVGO: { base: 170, dividendYield: 1.3, marketCap: 800_000, peRatio: 140 },
  'BRK-B': { base: 460, dividendYield: null, marketCap: 990_000, peRatio: 9.5 },
  JPM: { base: 220, dividendYield: 2.2, marketCap: 620_000, peRatio: 12 },
  V: { base: 290, dividendYield: 0.75, marketCap: 570_000, peRatio: 31 },
  MA: { base: 520, dividendYield: 0.55, marketCap: 480_000, peRatio: 39 },
  UNH: { base: 560, dividendYield: 1.5, marketCap: 515_000, peRatio: 36 },
  LLY: { base: 800, dividendYield: 0.65, marketCap: 760_000, peRatio: 86 },
  JNJ: { base: 155, dividendYield: 3.2, marketCap: 373_000, peRatio: 24 },
  PG: { base: 170, dividendYield: 2.4, marketCap: 400_000, peRatio: 28 },
  KO: { base: 62, dividendYield: 3.1, marketCap: 267_000, peRatio: 25 },
  PEP: { base: 160, dividendYield: 3.4, marketCap: 220_000, peRatio: 24 },
  XOM: { base: 118, dividendYield: 3.3, marketCap: 515_000, peRatio: 14 },
  CVX: { base: 155, dividendYield: 4.2, marketCap: 280_000, peRatio: 16 },
  HD: { base: 400, dividendYield: 2.3, marketCap: 400_000, peRatio: 27 },
  WMT: { base: 85, dividendYield: 1.0, marketCap: 690_000, peRatio: 37 },
  COST: { base: 900, dividendYield: 0.5, marketCap: 400_000, peRatio: 55 },
  DIS: { base: 110, dividendYield: 0.8, marketCap: 200_000, peRatio: 40 },
  NFLX: { base: 800, dividendYield: null, marketCap: 345_000, peRatio: 45 },
  ORCL: { base: 180, dividendYield: 0.9, marketCap: 500_000, peRatio: 45 },
  CRM: { base: 320, dividendYield: 0.5, marketCap: 310_000, peRatio: 55 },
  ADBE: { base: 500, dividendYield: null, marketCap: 220_000, peRatio: 42 },
  AMD: { base: 140, dividendYield: null, marketCap: 225_000, peRatio: 120 },
  INTC: { base: 22, dividendYield: 2.2, marketCap: 95_000, peRatio: null },
  CSCO: { base: 58, dividendYield: 2.7, marketCap: 230_000, peRatio: 25 },
  BAC: { base: 45, dividendYield: 2.3, marketCap: 345_000, peRatio: 16 },
  WFC: { base: 70, dividendYield: 2.3, marketCap: 235_000, peRatio: 14 },
  GS: { base: 580, dividendYield: 2.0, marketCap: 180_000, peRatio: 17 },
  PFE: { base: 26, dividendYield: 6.5, marketCap: 150_000, peRatio: 35 },
  MRK: { base: 100, dividendYield: 3.1, marketCap: 255_000, peRatio: 21 },
  T: { base: 22, dividendYield: 5.0, marketCap: 160_000, peRatio: 18 },
  VZ: { base: 42, dividendYield: 6.4, marketCap: 175_000, peRatio: 18 },
  NKE: { base: 76, dividendYield: 2.0, marketCap: 115_000, peRatio: 22 },
  MCD: { base: 295, dividendYield: 2.3, marketCap: 210_000, peRatio: 26 },
  SHOP: { base: 105, dividendYield: null, marketCap: 135_000, peRatio: 100 },
  PLTR: { base: 65, dividendYield: null, marketCap: 150_000, peRatio: 330 },
  SPY: { base: 590, dividendYield: 1.2, marketCap: null, peRatio: null },
  QQQ: { base: 510, dividendYield: 0.6, marketCap: null, peRatio: null },
  VOO: { base: 540, dividendYield: 1.25, marketCap: null, peRatio: null },
  BTC: { base: 65_000, dividendYield: null, marketCap: 1_285_000, peRatio: null },
  ETH: { base: 3200, dividendYield: null, marketCap: 385_000, peRatio: null },
  SOL: { base: 150, dividendYield: null, marketCap: 70_000, peRatio: null },
  XRP: { base: 0.6, dividendYield: null, marketCap: 34_000, peRatio: null },
  ADA: { base: 0.45, dividendYield: null, marketCap: 16_000, peRatio: null },
  DOGE: { base: 0.15, dividendYield: null, marketCap: 22_000, peRatio: null },
  LTC: { base: 70, dividendYield: null, marketCap: 5_300, peRatio: null },
  '^DJI': { base: 43_000, dividendYield: null, marketCap: null, peRatio: null },
  '^GSPC': { base: 5900, dividendYield: null, marketCap: null, peRatio: null },
  '^IXIC': { base: 19_000, dividendYield: null, marketCap: null, peRatio: null },
};

/** Which kinds a known symbol is priced as: the indices as indices, the coins as crypto, the rest as stocks. */
const INDEX_SYMBOLS: ReadonlySet<string> = new Set(['^DJI', '^GSPC', '^IXIC']);
const CRYPTO_SYMBOLS: ReadonlySet<string> = new Set(['BTC', 'ETH', 'SOL', 'XRP', 'ADA', 'DOGE', 'LTC']);

function kindOfKnown(symbol: string): InstrumentKind {
  if (INDEX_SYMBOLS.has(symbol)) return 'index';
  return CRYPTO_SYMBOLS.has(symbol) ? 'crypto' : 'stock';
}

/** Whether the simulation prices this instrument: a known symbol, asked for as its own kind. */
export function simulates(instrument: Instrument): boolean {
  const symbol = instrument.symbol.toUpperCase();
  return Object.hasOwn(KNOWN, symbol) && kindOfKnown(symbol) === instrument.kind;
}

const INDEX_NAMES: ReadonlyMap<string, string> = new Map(MARKET_INDICES.map((index) => [index.symbol, index.name]));

export function createSimulatedProvider(): MarketDataProvider {
  return {
    source: 'simulated',
    async quotes(instruments, now) {
      const minute = Math.floor(now.getTime() / MS_PER_MINUTE);
      return new Map(instruments.filter(simulates).map((instrument) => [quoteKey(instrument), quoteAt(instrument, minute)]));
    },
    async dailyCloses(instrument, from, to) {
      const [first, last] = [parseDay(from), parseDay(to)];
      return simulates(instrument) ? closesBetween(instrument, first, last) : [];
    },
  };
}

function quoteAt(instrument: Instrument, minute: number): Quote {
  const series = seriesOf(instrument);
  const session = sessionAt(instrument.kind, minute);
  const previousClose = series.close(previousTradingDay(instrument.kind, session.day));
  const price = priceAt(series, session, previousClose, minute);
  const change = round(price - previousClose, 2);
  const monthAgo = series.close(tradingDayOnOrBefore(instrument.kind, session.day - ONE_MONTH_DAYS));
  const { profile } = series;
  const scale = price / profile.base;
  return {
    key: quoteKey(instrument),
    name: instrument.kind === 'index' ? (INDEX_NAMES.get(series.symbol) ?? series.symbol) : series.symbol,
    price,
    change,
    changePct: round((change / previousClose) * 100, 4),
    // A yield falls as the price rises; market cap and P/E rise with it.
    dividendYield: mapNullable(profile.dividendYield, (value) => round(value / scale, 2)),
    marketCap: mapNullable(profile.marketCap, (value) => Math.round(value * scale)),
    peRatio: mapNullable(profile.peRatio, (value) => round(value * scale, 2)),
    oneMonthPerf: round((price / monthAgo - 1) * 100, 2),
    asOf: new Date(session.asOfMinute * MS_PER_MINUTE),
    source: 'simulated',
  };
}

interface Session {
  /** The trading day whose session the minute belongs to (the last one when the market is shut). */
  day: number;
  /** How far through that session, from just above 0 to 1 (closed). */
  progress: number;
  /** When the price was set: the minute itself, or the last close while the market is shut. */
  asOfMinute: number;
}

function sessionAt(kind: InstrumentKind, minute: number): Session {
  const day = Math.floor(minute / MINUTES_PER_DAY);
  const minuteOfDay = minute - day * MINUTES_PER_DAY;
  if (kind === 'crypto') return { day, progress: (minuteOfDay + 1) / MINUTES_PER_DAY, asOfMinute: minute };
  if (isTradingDay(kind, day) && minuteOfDay >= SESSION_OPEN) {
    const progress = Math.min(1, (minuteOfDay - SESSION_OPEN + 1) / (SESSION_CLOSE - SESSION_OPEN));
    return { day, progress, asOfMinute: Math.min(minute, day * MINUTES_PER_DAY + SESSION_CLOSE) };
  }
  // Before the open and on weekends the market shows the last completed session, as Yahoo does;
  // dating it at that close keeps a weekend quote from passing for a weekend close.
  const last = previousTradingDay(kind, day);
  return { day: last, progress: 1, asOfMinute: last * MINUTES_PER_DAY + SESSION_CLOSE };
}

function priceAt(series: Series, session: Session, previousClose: number, minute: number): number {
  const from = Math.log(previousClose);
  const to = Math.log(series.close(session.day));
  // sin(π·progress) is 0 at the open and the close, so the wiggle never moves a close.
  const wiggle = series.volatility.wiggle * Math.sin(Math.PI * session.progress) * (2 * unit(series.seed, SALT.wiggle, minute) - 1);
  return round(Math.exp(from + (to - from) * session.progress + wiggle), 2);
}

function closesBetween(instrument: Instrument, from: number, to: number): DailyClose[] {
  const series = seriesOf(instrument);
  const closes: DailyClose[] = [];
  for (let day = from; day <= to; day++) {
    if (isTradingDay(instrument.kind, day)) closes.push({ date: formatDay(day), close: series.close(day) });
  }
  return closes;
}

interface Series {
  symbol: string;
  seed: number;
  profile: Profile;
  volatility: Volatility;
  close(day: number): number;
}

function seriesOf(instrument: Instrument): Series {
  const symbol = instrument.symbol.toUpperCase();
  const seed = hashString(symbol);
  const profile = KNOWN[symbol];
  if (!profile) throw new RangeError(`The simulation does not price ${symbol}`);
  const volatility = VOLATILITY[instrument.kind];
  const driftPerDay = (unit(seed, SALT.drift) * 1.4 - 0.4) * volatility.drift; // mostly upward
  const logBase = Math.log(profile.base);
  return {
    symbol,
    seed,
    profile: withKindNulls(profile, instrument.kind),
    volatility,
    close(day) {
      const t = day - ANCHOR_DAY;
      const waves = volatility.waves.reduce(
        (sum, wave, i) => sum + wave.amplitude * Math.sin((2 * Math.PI * t) / wave.period + 2 * Math.PI * unit(seed, SALT.phase, i)),
        0,
      );
      const noise = volatility.noise * gaussian(seed, day);
      return round(Math.exp(logBase + driftPerDay * t + waves + noise), 2);
    },
  };
}

/** Crypto pays no dividend and has no earnings; an index has neither, nor a market cap. */
function withKindNulls(profile: Profile, kind: InstrumentKind): Profile {
  if (kind === 'stock') return profile;
  return { ...profile, dividendYield: null, peRatio: null, marketCap: kind === 'index' ? null : profile.marketCap };
}

function isTradingDay(kind: InstrumentKind, day: number): boolean {
  if (kind === 'crypto') return true;
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 (day 0) was a Thursday; 0 = Sunday
  return weekday !== 0 && weekday !== 6;
}

function previousTradingDay(kind: InstrumentKind, day: number): number {
  return tradingDayOnOrBefore(kind, day - 1);
}

function tradingDayOnOrBefore(kind: InstrumentKind, day: number): number {
  let candidate = day;
  while (!isTradingDay(kind, candidate)) candidate--;
  return candidate;
}

function parseDay(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || formatDay(ms / MS_PER_DAY) !== text) throw new RangeError(`Not a YYYY-MM-DD date: ${text}`);
  return ms / MS_PER_DAY;
}

function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** FNV-1a over UTF-16 code units. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in (0, 1) from integers, via murmur3's finaliser per part. */
function unit(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part | 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return ((hash >>> 0) + 0.5) / 2 ** 32;
}

/** A standard normal draw for (seed, day) by Box–Muller, clipped at ±3 so no day is absurd. */
function gaussian(seed: number, day: number): number {
  const radius = Math.sqrt(-2 * Math.log(unit(seed, SALT.noise, day, 1)));
  const value = radius * Math.cos(2 * Math.PI * unit(seed, SALT.noise, day, 2));
  return Math.max(-3, Math.min(3, value));
}

function scaleWaves(waves: readonly Wave[], factor: number): Wave[] {
  return waves.map((wave) => ({ period: wave.period, amplitude: wave.amplitude * factor }));
}

function mapNullable<T, U>(value: T | null, map: (value: T) => U): U | null {
  return value === null ? null : map(value);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
