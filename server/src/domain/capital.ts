import BigBase from 'big.js';
import { dec, fixed, quotientCentsText, ZERO, type Decimal } from './money';

/**
 * Capital accounts, unitized like a fund's share class (README "Capital accounts"): pure rules on
 * exact decimals. Units are kept to 8 places, ratios and the IRR to 4 (the IRR's rate found to 12,
 * decision 0013), money to cents, each rounded half up once, where it is stored or shown.
 */

export const START_UNIT_VALUE = dec('1000');
export const UNIT_PLACES = 8;
export const RATIO_PLACES = 4;
export const IRR_PLACES = 4;
/** The IRR's rate is found to this many places before it is shown to IRR_PLACES (decision 0013). */
export const IRR_ROOT_PLACES = 12;

/** Calendar days from one YYYY-MM-DD day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const round8 = (value: Decimal): Decimal => dec(fixed(value, UNIT_PLACES));

/** The GP side's units when capital accounts start: the firm's net account value at 1,000.00 a unit. */
export function startUnits(netAccountValue: Decimal): Decimal {
  return round8(netAccountValue.div(START_UNIT_VALUE));
}

/**
 * Units an amount buys (a contribution) or redeems (a distribution) at the day's value per unit,
 * net account value ÷ units outstanding: amount × units ÷ value, to 8 places.
 */
export function unitsFor(amount: Decimal, netAccountValue: Decimal, unitsOutstanding: Decimal): Decimal {
  return round8(amount.times(unitsOutstanding).div(netAccountValue));
}

/** Value per unit, net account value ÷ units outstanding, to 8 places; null with no units. */
export function unitValue(netAccountValue: Decimal, unitsOutstanding: Decimal): Decimal | null {
  return unitsOutstanding.eq(0) ? null : round8(netAccountValue.div(unitsOutstanding));
}

/** What units are worth: units × net account value ÷ units outstanding, at cents (the quotient in integers: money.ts). */
export function valueOfUnits(units: Decimal, netAccountValue: Decimal, unitsOutstanding: Decimal): Decimal {
  const cents = quotientCentsText(units.times(netAccountValue), unitsOutstanding);
  return cents === null ? ZERO : dec(cents);
}

export interface UnitMove {
  /** YYYY-MM-DD. */
  date: string;
  /** Units bought (+) or redeemed (−). */
  units: Decimal;
}

/**
 * The fewest units an account holds at the end of any day from `from` on, and the first day it
 * holds that few: units only change on the days of entries, so those days and `from` are the ones
 * to look at. A distribution dated `from` may redeem at most this many units, or the account would
 * be short of units on that day, even if it holds more on the distribution's own day.
 */
export function fewestUnitsFrom(moves: readonly UnitMove[], from: string): { units: Decimal; date: string } {
  const byDay = new Map<string, Decimal>();
  for (const m of moves) byDay.set(m.date, (byDay.get(m.date) ?? ZERO).plus(m.units));
  let held = ZERO;
  for (const [day, units] of byDay) if (day <= from) held = held.plus(units);
  let fewest = { units: held, date: from };
  for (const day of [...byDay.keys()].filter((d) => d > from).sort()) {
    held = held.plus(byDay.get(day)!);
    if (held.lt(fewest.units)) fewest = { units: held, date: day };
  }
  return fewest;
}

export interface Multiples {
  /** Distributed ÷ contributed. */
  dpi: string | null;
  /** Value ÷ contributed. */
  rvpi: string | null;
  /** (Distributed + value) ÷ contributed, DPI + RVPI before rounding. */
  tvpi: string | null;
}

/** DPI, RVPI and TVPI to 4 places; null before anything is contributed. */
export function multiples(contributed: Decimal, distributed: Decimal, value: Decimal): Multiples {
  if (contributed.lte(0)) return { dpi: null, rvpi: null, tvpi: null };
  const of = (part: Decimal) => fixed(part.div(contributed), RATIO_PLACES);
  return { dpi: of(distributed), rvpi: of(value), tvpi: of(distributed.plus(value)) };
}

export interface DatedFlow {
  /** YYYY-MM-DD. */
  date: string;
  /** The partner's view: money paid in is negative, money received (and the value today) positive. */
  amount: Decimal;
}

/** Decimals with more room for the powers of the IRR search. */
const X = BigBase();
X.DP = 40;
X.RM = BigBase.roundHalfUp;
type XBig = InstanceType<typeof X>;
const xOf = (value: Decimal | string | number): XBig => new X(value.toString());

/** ln(x) for x > 0: square roots bring x near 1, then 2·atanh((x − 1) ÷ (x + 1)). */
function ln(x: XBig): XBig {
  let scale = 1;
  let v = x;
  while (v.gt(1.1) || v.lt(0.9)) {
    v = v.sqrt();
    scale *= 2;
  }
  const y = v.minus(1).div(v.plus(1));
  const y2 = y.times(y);
  let term = y;
  let total = new X(0);
  for (let k = 1; k < 200; k += 2) {
    const next = term.div(k);
    total = total.plus(next);
    if (next.abs().lt('1e-38')) break;
    term = term.times(y2).round(45);
  }
  return total.times(2 * scale).round(45);
}

/** e^z: halved until small, the Taylor series, then squared back. */
function exp(z: XBig): XBig {
  let halvings = 0;
  let v = z;
  while (v.abs().gt('0.001')) {
    v = v.div(2);
    halvings += 1;
  }
  let term = new X(1);
  let total = new X(1);
  for (let k = 1; k < 60; k += 1) {
    term = term.times(v).div(k);
    total = total.plus(term);
    if (term.abs().lt('1e-38')) break;
  }
  for (let i = 0; i < halvings; i += 1) total = total.times(total).round(45);
  return total;
}

/** Net present value at rate r of flows whose times are years from the first (actual days ÷ 365), in 40 digits. */
function npv(flows: { years: XBig; amount: XBig }[], rate: XBig): XBig {
  const logBase = ln(rate.plus(1));
  let total = new X(0);
  // Times (1 + r)^−years rather than divided by (1 + r)^years, which rounds to zero near r = −1 over years.
  for (const f of flows) total = total.plus(f.amount.times(exp(f.years.times(logBase).neg())));
  return total;
}

/** The exact check's fixed point: integers in units of 10^-40. */
const ONE_40 = 10n ** 40n;
const mul40 = (a: bigint, b: bigint): bigint => (a * b) / ONE_40;
/** A decimal's text as a 10^-40 fixed-point integer. */
function fixed40(value: Decimal): bigint {
  const [whole, fraction = ''] = value.abs().toFixed(40).split('.');
  const units = BigInt(whole!) * ONE_40 + BigInt(fraction.padEnd(40, '0'));
  return value.lt(0) ? -units : units;
}

/** base^n for a whole n ≥ 0 by squaring, with the squares kept for the next call on the same base. */
function powerOf(squares: bigint[], n: number): bigint {
  let result = ONE_40;
  for (let bit = 0; n > 0; bit += 1, n = Math.floor(n / 2)) {
    while (squares.length <= bit) squares.push(mul40(squares.at(-1)!, squares.at(-1)!));
    if (n % 2 === 1) result = mul40(result, squares[bit]!);
  }
  return result;
}

/**
 * The exact check of a rate found in floating point: is Σ amount ÷ (1 + rate)^(days ÷ 365) within
 * `tolerance` of zero, computed in 40-digit fixed point (integers)? With q = (1 + rate)^(1/365) (a
 * float seed, then Newton's method on q^365 = 1 + rate) and D the last flow's day, the sum times q^D
 * is Σ amount × q^(D − days): multiplications only, the powers of q shared by the flows.
 */
function nearRoot(days: readonly number[], flows: readonly DatedFlow[], rate: Decimal, tolerance: number): boolean {
  const at = exactTotal(days, flows, rate);
  return at !== null && (at.total < 0n ? -at.total : at.total) <= mul40(fixed40(dec(tolerance.toPrecision(17))), at.growth);
}

/**
 * Whether the total changes sign (or is zero) between `rate` less and plus half a unit of the 12th
 * place: the root is then within half a unit, so `rate` is it rounded. Where the float sums' error
 * is larger than the total's change over a unit (rates of thousands of percent, where the total is
 * flat), the tolerance alone let a rate 2 units off pass (2567.705241096907 for …909).
 */
function bracketsRoot(days: readonly number[], flows: readonly DatedFlow[], rate: Decimal): boolean {
  const half = dec(10).pow(-IRR_ROOT_PLACES).div(2);
  const below = exactTotal(days, flows, rate.minus(half));
  const above = exactTotal(days, flows, rate.plus(half));
  if (below === null || above === null) return false;
  return below.total === 0n || above.total === 0n || below.total < 0n !== above.total < 0n;
}

/** Σ amount × (1 + r)^(days from the flow to the last), in 40-digit fixed point, and (1 + r)^(all the days); null where 1 + r ≤ 0. */
function exactTotal(days: readonly number[], flows: readonly DatedFlow[], rate: Decimal): { total: bigint; growth: bigint } | null {
  const base = fixed40(rate.plus(1));
  let q = fixed40(dec((Number(rate.toString()) + 1) ** (1 / 365)));
  for (let i = 0; i < 2; i += 1) {
    const below = powerOf([q], 364);
    q -= ((mul40(below, q) - base) * ONE_40) / (365n * below);
  }
  if (q <= 0n) return null;
  const squares = [q];
  const last = Math.max(...days);
  let total = 0n;
  flows.forEach((f, i) => {
    total += mul40(fixed40(f.amount), powerOf(squares, last - days[i]!));
  });
  return { total, growth: powerOf(squares, last) };
}

/** The IRR's search range: (1 + r) must stay above zero, and no fund doubles a million times a year. */
const LOWEST_RATE = -0.9999;
const HIGHEST_RATE = 1_000_000;

/** Σ amount ÷ (1 + r)^years and its derivative in r, in floating point. */
function npvFloat(years: readonly number[], amounts: readonly number[], rate: number): { value: number; slope: number; scale: number } {
  let value = 0;
  let slope = 0;
  let scale = 0;
  for (let i = 0; i < years.length; i += 1) {
    const discounted = amounts[i]! / (1 + rate) ** years[i]!;
    value += discounted;
    slope -= (years[i]! * discounted) / (1 + rate);
    scale += Math.abs(discounted);
  }
  return { value, slope, scale };
}

/** Newton's method from 10 %, kept inside the range; NaN when it does not settle within 100 steps. */
function newtonRoot(years: readonly number[], amounts: readonly number[]): number {
  let rate = 0.1;
  for (let i = 0; i < 100; i += 1) {
    const { value, slope } = npvFloat(years, amounts, rate);
    if (value === 0) return rate;
    if (!Number.isFinite(slope) || slope === 0) return NaN;
    let next = rate - value / slope;
    // A step past −100 % goes halfway to the bound instead.
    if (next <= LOWEST_RATE) next = (rate + LOWEST_RATE) / 2;
    if (!Number.isFinite(next) || next > HIGHEST_RATE) return NaN;
    if (Math.abs(next - rate) <= 1e-15 * Math.max(1, Math.abs(next))) return next;
    rate = next;
  }
  return NaN;
}

/** How often the flows' sign changes in time (flows of one day summed). */
function signChanges(days: readonly number[], amounts: readonly number[]): number {
  const byDay = new Map<number, number>();
  days.forEach((d, i) => byDay.set(d, (byDay.get(d) ?? 0) + amounts[i]!));
  const signs = [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => Math.sign(v))
    .filter((v) => v !== 0);
  return signs.filter((v, i) => i > 0 && v !== signs[i - 1]).length;
}

/** Bisection in floating point where Newton does not settle: the same search the exact fallback makes. */
function bisectFloat(years: readonly number[], amounts: readonly number[]): number {
  let lo = LOWEST_RATE;
  let hi = 1;
  const atLo = npvFloat(years, amounts, lo).value;
  if (atLo === 0) return lo;
  const loSign = atLo > 0;
  while (npvFloat(years, amounts, hi).value > 0 === loSign) {
    if (hi >= HIGHEST_RATE) return NaN;
    lo = hi;
    hi *= 10;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i += 1) {
    const mid = (lo + hi) / 2;
    const value = npvFloat(years, amounts, mid).value;
    if (value === 0) return mid;
    if (value > 0 === loSign) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The internal rate of return of dated flows, XIRR's convention: the annual rate r at which
 * Σ amount ÷ (1 + r)^(days from the first flow ÷ 365) = 0, in (−0.9999, 10^6), rounded half up at
 * IRR_ROOT_PLACES (12) places (decision 0013). Found in floating point by Newton's method (bisection
 * where Newton does not settle), then checked exactly: the net present value at the rounded rate,
 * in 40 digits, must be no more than one unit of the 12th place times its slope away from zero.
 * Should the check fail, the rate is found by bisection on 40-digit decimals instead. Null when
 * there is no such rate: no flows, all of one sign, all on one day, or no change of sign within the range.
 */
export function irrRoot(flows: readonly DatedFlow[]): Decimal | null {
  const used = flows.filter((f) => !f.amount.eq(0));
  if (!used.some((f) => f.amount.gt(0)) || !used.some((f) => f.amount.lt(0))) return null;
  const first = used.reduce((a, f) => (f.date < a ? f.date : a), used[0]!.date);
  // Money in and out on one day has no rate: every rate discounts nothing.
  if (used.every((f) => f.date === first)) return null;
  const days = used.map((f) => daysBetween(first, f.date));
  const years = days.map((d) => d / 365);
  const amounts = used.map((f) => Number(f.amount.toString()));
  // Flows that change sign more than once in time may have several rates: bisection over the
  // range, as the exact search brackets it, picks the same one the exact search would.
  let root = signChanges(days, amounts) > 1 ? NaN : newtonRoot(years, amounts);
  if (Number.isNaN(root)) root = bisectFloat(years, amounts);
  if (!Number.isNaN(root)) {
    const rounded = dec(fixed(dec(root.toPrecision(17)), IRR_ROOT_PLACES));
    if (rounded.gt(LOWEST_RATE) && rounded.lt(HIGHEST_RATE)) {
      const { slope, scale } = npvFloat(years, amounts, Number(rounded.toString()));
      // One unit of the 12th place moves the value by about |slope| × 10^-12; the float sums' own
      // error (a few parts in 10^15 of their size) is allowed for where the slope is flat.
      const tolerance = Math.abs(slope) * 10 ** -IRR_ROOT_PLACES + scale * 1e-13;
      // Where the float sums' error is the larger part of the tolerance (a flat total), it could let a
      // root a few units off pass: the exact totals either side must then bracket it too.
      const flat = scale * 1e-13 > Math.abs(slope) * 10 ** -IRR_ROOT_PLACES;
      if (nearRoot(days, used, rounded, tolerance) && (!flat || bracketsRoot(days, used, rounded))) return rounded;
    }
  }
  return bisection(used.map((f, i) => ({ years: new X(days[i]!).div(365), amount: xOf(f.amount) })));
}

/** The rate by bisection on 40-digit decimals to 10^-13, rounded at 12 places; null without a change of sign. */
function bisection(timed: { years: XBig; amount: XBig }[]): Decimal | null {
  let lo = new X(LOWEST_RATE);
  let hi = new X(1);
  const atLo = npv(timed, lo);
  if (atLo.eq(0)) return dec(fixed(dec(lo.toString()), IRR_ROOT_PLACES));
  const loSign = atLo.gt(0);
  while (npv(timed, hi).gt(0) === loSign) {
    if (hi.gte(HIGHEST_RATE)) return null;
    lo = hi;
    hi = hi.times(10);
  }
  for (let i = 0; i < 200 && hi.minus(lo).gt('1e-13'); i += 1) {
    const mid = lo.plus(hi).div(2);
    const value = npv(timed, mid);
    if (value.eq(0)) return dec(fixed(dec(mid.toString()), IRR_ROOT_PLACES));
    if (value.gt(0) === loSign) lo = mid;
    else hi = mid;
  }
  return dec(fixed(dec(lo.plus(hi).div(2).toString()), IRR_ROOT_PLACES));
}

/** irrRoot's rate by 40-digit bisection alone (what irrRoot falls back to), for comparison. */
export function irrRootByBisection(flows: readonly DatedFlow[]): Decimal | null {
  const used = flows.filter((f) => !f.amount.eq(0));
  if (!used.some((f) => f.amount.gt(0)) || !used.some((f) => f.amount.lt(0))) return null;
  const first = used.reduce((a, f) => (f.date < a ? f.date : a), used[0]!.date);
  if (used.every((f) => f.date === first)) return null;
  return bisection(used.map((f) => ({ years: new X(daysBetween(first, f.date)).div(365), amount: xOf(f.amount) })));
}

/** The IRR to 4 places (a fraction: 0.1234 is 12.34 % a year): irrRoot's rate, rounded half up; null when there is none. */
export function xirr(flows: readonly DatedFlow[]): Decimal | null {
  const root = irrRoot(flows);
  return root === null ? null : dec(fixed(root, IRR_PLACES));
}

/** The quarter "2026-Q3" as its first and last day; null for anything else. */
export function quarterDays(quarter: string): { first: string; last: string } | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) return null;
  const year = match[1]!;
  const q = Number(match[2]);
  const firstMonth = (q - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(Number(year), lastMonth, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return { first: `${year}-${mm(firstMonth)}-01`, last: `${year}-${mm(lastMonth)}-${lastDay}` };
}

/** A contribution or distribution as provisional figures see it. */
export interface RecordedEntry {
  id: number;
  /** YYYY-MM-DD: the day it belongs to. */
  date: string;
  /** When it was recorded: snapshots taken before then lack its cash. */
  recordedAt: Date;
  /** Dated before the day it was recorded, so priced from that date's snapshot (not today's value). */
  pricedFromSnapshot: boolean;
}

/** When a day's snapshot of the net account value was taken. */
export interface SnapshotTaken {
  date: string;
  takenAt: Date;
}

export interface ProvisionalBooks {
  /**
   * The value per unit of a past day is provisional when the snapshot that values the day (the
   * latest on or before it) was taken before an entry dated on or before that day was recorded:
   * the entry's units count from its date, but its cash is not in that snapshot.
   */
  isStale(day: string): boolean;
  /**
   * Entries priced from such a snapshot, one that lacked the cash of an entry recorded before
   * them: they bought or redeemed units at a wrong price, so every holder's share is provisional.
   */
  mispriced: ReadonlySet<number>;
  /** The earliest date of a mispriced entry, or null. */
  firstMispriced: string | null;
  /** The earliest stale day, or null. */
  firstStale: string | null;
}

/** Which figures rest on snapshots that do not include every entry's cash yet; today's value never does. */
export function provisionalBooks(entries: readonly RecordedEntry[], snapshots: readonly SnapshotTaken[], today: string): ProvisionalBooks {
  const snaps = [...snapshots].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const byDate = [...entries].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const latestRecorded: number[] = [];
  for (const e of byDate) latestRecorded.push(Math.max(latestRecorded.at(-1) ?? -Infinity, e.recordedAt.getTime()));
  /** The index of the last item dated on or before the day, or −1. */
  const lastUpTo = (list: readonly { date: string }[], day: string): number => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.date <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };
  const snapshotFor = (day: string): SnapshotTaken | undefined => snaps[lastUpTo(snaps, day)];
  const isStale = (day: string): boolean => {
    if (day >= today) return false;
    const snap = snapshotFor(day);
    const i = lastUpTo(byDate, day);
    return snap !== undefined && i >= 0 && latestRecorded[i]! > snap.takenAt.getTime();
  };
  // In the order of recording, the latest recording so far among entries dated on or before a day
  // (a prefix maximum over the days, a Fenwick tree): an entry is mispriced if that recording came
  // after its pricing snapshot was taken.
  const dayRank = new Map([...new Set(byDate.map((e) => e.date))].map((d, i) => [d, i + 1]));
  const tree = new Array<number>(dayRank.size + 1).fill(-Infinity);
  const record = (rank: number, time: number) => {
    for (let i = rank; i < tree.length; i += i & -i) tree[i] = Math.max(tree[i]!, time);
  };
  const latestUpTo = (rank: number) => {
    let latest = -Infinity;
    for (let i = rank; i > 0; i -= i & -i) latest = Math.max(latest, tree[i]!);
    return latest;
  };
  const byRecording = [...byDate].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const mispriced = new Set<number>();
  for (let i = 0; i < byRecording.length;) {
    // Entries recorded at one moment do not count against each other.
    let j = i;
    while (j < byRecording.length && byRecording[j]!.recordedAt.getTime() === byRecording[i]!.recordedAt.getTime()) j += 1;
    const group = byRecording.slice(i, j);
    for (const f of group) {
      const snap = f.pricedFromSnapshot ? snapshotFor(f.date) : undefined;
      if (snap && latestUpTo(dayRank.get(f.date)!) > snap.takenAt.getTime()) mispriced.add(f.id);
    }
    for (const e of group) record(dayRank.get(e.date)!, e.recordedAt.getTime());
    i = j;
  }
  const firstMispriced = byDate.find((e) => mispriced.has(e.id))?.date ?? null;
  // A day turns stale on an entry's date or on a snapshot's, so the first stale day is one of those.
  const days = [...new Set([...byDate.map((e) => e.date), ...snaps.map((s) => s.date)])].sort();
  const firstStale = days.find((d) => d >= (byDate[0]?.date ?? today) && isStale(d)) ?? null;
  return { isStale, mispriced, firstMispriced, firstStale };
}
