import { IRR_PLACES, xirr, type DatedFlow } from './capital';
import { addDays, isWeekend } from './dates';
import { dec, fixed, ONE, sum, ZERO, type Decimal } from './money';
import { rate, RATE_PLACES, timeWeightedReturns, type ValueDay } from './returns';

/**
 * The returns panel's measures over a period (docs/decisions/0012-returns.md): time- and
 * money-weighted return, max drawdown, annualized volatility and beta to the S&P 500. Every
 * rate is a fraction kept to 12 places, half up at each step (0.05 is 5 %); the money-weighted
 * return is the capital accounts' XIRR (domain/capital.ts), to its 4 places.
 */

export const PERIOD_KEYS = ['mtd', 'qtd', 'ytd', '1y', 'inception'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export const PERIOD_LABELS: Record<PeriodKey, string> = {
  mtd: 'Month to date',
  qtd: 'Quarter to date',
  ytd: 'Year to date',
  '1y': '1 year',
  inception: 'Since inception',
};

/** Trading days in a year: annualized volatility is the daily one × √252. */
export const TRADING_DAYS_A_YEAR = 252;
const SQRT_TRADING_DAYS = rate(dec(TRADING_DAYS_A_YEAR).sqrt());

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The base day of a period ending today: the day whose close the period's return starts from (the
 * last day of the month, quarter or year before, or the same day a year ago; Feb 29 goes to Feb 28).
 * Null for since inception, which starts at the first day of the books.
 */
export function periodBase(key: PeriodKey, today: string): string | null {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  switch (key) {
    case 'mtd':
      return addDays(`${y}-${pad(m)}-01`, -1);
    case 'qtd':
      return addDays(`${y}-${pad(Math.floor((m - 1) / 3) * 3 + 1)}-01`, -1);
    case 'ytd':
      return `${y - 1}-12-31`;
    case '1y':
      return m === 2 && d === 29 ? `${y - 1}-02-28` : `${y - 1}-${pad(m)}-${pad(d)}`;
    case 'inception':
      return null;
  }
}

export interface GrowthPoint {
  date: string;
  /** Growth factor since the period's start, 12 places. */
  growth: string;
}

export interface Drawdown {
  /** The deepest fall from a peak as a fraction (≤ 0, 12 places): −0.1 is 10 % below the peak. */
  depth: string;
  /** The day of the peak before that fall, and the day it bottomed; null when nothing fell. */
  peak: string | null;
  trough: string | null;
}

/**
 * Max drawdown of the time-weighted growth, so new money neither hides nor makes a fall: the
 * lowest growth ÷ the highest growth before it − 1, with the days of that peak and trough.
 */
export function maxDrawdown(points: readonly GrowthPoint[]): Drawdown {
  let worst = ZERO;
  let result: Drawdown = { depth: fixed(ZERO, RATE_PLACES), peak: null, trough: null };
  let peak: { date: string; growth: Decimal } | null = null;
  for (const p of points) {
    const growth = dec(p.growth);
    if (peak === null || growth.gt(peak.growth)) peak = { date: p.date, growth };
    if (peak.growth.lte(0)) continue;
    const fall = rate(growth.div(peak.growth).minus(ONE));
    if (fall.lt(worst)) {
      worst = fall;
      result = { depth: fixed(fall, RATE_PLACES), peak: peak.date, trough: p.date };
    }
  }
  return result;
}

const mean = (values: readonly Decimal[]) => rate(sum(values).div(values.length));

/** Sample standard deviation (n − 1) of daily returns × √252, 12 places; null with fewer than two returns. */
export function annualizedVolatility(returns: readonly Decimal[]): Decimal | null {
  if (returns.length < 2) return null;
  const m = mean(returns);
  const variance = rate(sum(returns.map((r) => r.minus(m).pow(2))).div(returns.length - 1));
  return rate(rate(variance.sqrt()).times(SQRT_TRADING_DAYS));
}

/** Beta of the portfolio's daily returns to the index's over the same days: cov ÷ var (both n − 1); null if the index did not move. */
export function betaTo(portfolio: readonly Decimal[], index: readonly Decimal[]): Decimal | null {
  if (portfolio.length < 2 || portfolio.length !== index.length) return null;
  const mp = mean(portfolio);
  const mi = mean(index);
  const n = portfolio.length - 1;
  const covariance = rate(sum(portfolio.map((p, i) => p.minus(mp).times(index[i]!.minus(mi)))).div(n));
  const variance = rate(sum(index.map((x) => x.minus(mi).pow(2))).div(n));
  return variance.eq(0) ? null : rate(covariance.div(variance));
}

/** One day of the period as the disclosure lists it. */
export interface PeriodDay extends ValueDay {
  dayReturn: string | null;
  growth: string;
  /** The S&P 500's close that day (the last one on or before it); null before the first. */
  sp500: string | null;
  /** Whether the day is one of the weekdays volatility and beta use. */
  sampled: boolean;
}

export interface PeriodFigures {
  key: PeriodKey;
  /** The base day (its close is where the period starts) and the last day. */
  from: string;
  to: string;
  startValue: string;
  endValue: string;
  /** External flows in the period, after its base day: new money in (+) or out (−). */
  flows: { date: string; amount: string }[];
  /** The time-weighted return over the period, a fraction (12 places). */
  twr: string;
  /** The money-weighted return: XIRR of the flows below, an annual rate to 4 places; null when there is none. */
  mwr: string | null;
  /** What XIRR is given: the start value paid in (−), the flows (in −, out +) and the end value (+). */
  mwrFlows: { date: string; amount: string }[];
  drawdown: Drawdown;
  volatility: string | null;
  beta: string | null;
  /** The daily returns volatility used, and those beta used (both ends with an S&P 500 close). */
  volatilityDays: number;
  betaDays: number;
  days: PeriodDay[];
}

/**
 * A period's figures from the books' days (oldest first, the last one today) and the S&P 500's
 * close on each (carried over weekends and holidays). The period starts at the close of its base
 * day (the latest day of the books on or before it; the first day when the books start later);
 * null when no day follows it (a new portfolio has no returns yet).
 */
export function periodFigures(key: PeriodKey, days: readonly ValueDay[], sp500: readonly (string | null)[]): PeriodFigures | null {
  const last = days.length - 1;
  if (last < 1) return null;
  const base = periodBase(key, days[last]!.date);
  let b = 0;
  if (base !== null) for (let i = 0; i <= last && days[i]!.date <= base; i += 1) b = i;
  if (b >= last) return null;
  // The base day's own flow is in its close already: the period starts after it.
  const slice = days.slice(b).map((d, i) => (i === 0 ? { ...d, flow: '0' } : d));
  const linked = timeWeightedReturns(slice);
  const closes = sp500.slice(b);
  const sampled = linked.map((d, i) => i === 0 || !isWeekend(d.date));
  // Weekday to weekday returns (the first from the base day): Monday's includes the weekend's moves.
  const returns: Decimal[] = [];
  const pairs: { p: Decimal; m: Decimal }[] = [];
  let from = 0;
  for (let i = 1; i < linked.length; i += 1) {
    if (!sampled[i]) continue;
    const g0 = dec(linked[from]!.growth);
    if (g0.gt(0)) {
      const p = rate(dec(linked[i]!.growth).div(g0).minus(ONE));
      returns.push(p);
      const c0 = closes[from];
      const c1 = closes[i];
      if (c0 != null && c1 != null && !dec(c0).eq(0)) pairs.push({ p, m: rate(dec(c1).div(dec(c0)).minus(ONE)) });
    }
    from = i;
  }
  const flows = slice.slice(1).filter((d) => !dec(d.flow).eq(0));
  const start = slice[0]!;
  const end = slice.at(-1)!;
  const mwrFlows: DatedFlow[] = [
    { date: start.date, amount: dec(start.value).neg() },
    ...flows.map((f) => ({ date: f.date, amount: dec(f.flow).neg() })),
    { date: end.date, amount: dec(end.value) },
  ];
  const mwr = xirr(mwrFlows);
  const volatility = annualizedVolatility(returns);
  const beta = betaTo(
    pairs.map((x) => x.p),
    pairs.map((x) => x.m),
  );
  return {
    key,
    from: start.date,
    to: end.date,
    startValue: start.value,
    endValue: end.value,
    flows: flows.map((f) => ({ date: f.date, amount: f.flow })),
    twr: fixed(dec(linked.at(-1)!.growth).minus(ONE), RATE_PLACES),
    mwr: mwr === null ? null : fixed(mwr, IRR_PLACES),
    mwrFlows: mwrFlows.map((f) => ({ date: f.date, amount: fixed(f.amount, 2) })),
    drawdown: maxDrawdown(linked),
    volatility: volatility === null ? null : fixed(volatility, RATE_PLACES),
    beta: beta === null ? null : fixed(beta, RATE_PLACES),
    volatilityDays: returns.length,
    betaDays: pairs.length,
    days: linked.map((d, i) => ({
      date: d.date,
      value: d.value,
      flow: d.flow,
      dayReturn: d.dayReturn,
      growth: d.growth,
      sp500: closes[i] ?? null,
      sampled: sampled[i]!,
    })),
  };
}
