import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { holdings, importLines } from '../../db/schema';
import { bookDateProblem } from '../../contract/book-dates';
import type { ImportLineView, ImportProblem } from '../../contract/imports';
import { parseRatio, ratioText } from '../../domain/corporate-actions';
import { amountOf, centsText, dec, plain, ZERO, type Decimal } from '../../domain/money';
import { qty as qtyText, usd } from '../../platform/format';
import type { Instrument } from '../market/provider';
import type { SymbolStatus } from '../market/lookup';
import { noMarketData } from '../market/lookup';
import { firmSymbol } from '../portfolio/trade-rules';
import { inSlices, LoopSlice } from '../../platform/yield';
import { inStatements } from '../../platform/in-statements';
import { problemText, type ImportKind, type ImportLine, type ReadFile } from './formats';

/**
 * Checks an import's lines against the books, writing nothing (docs/imports.md): duplicates (a
 * fingerprint already imported, or twice in the file), dates after today, symbols without market
 * data, and, in date order, each sale against what is held at its date as the import sees it (the
 * firm's lots bought by then, and the file's own buys, sales and splits before it). Answers the
 * preview's rows and the lines to write, in the order to write them.
 */

export interface PlanDeps {
  db: Queryable;
  now: () => Date;
  lookup: (instrument: Instrument) => Promise<SymbolStatus>;
}

export interface Planned {
  /** Each line as the preview shows it (made when asked: the commit does not show them). */
  views: () => Promise<ImportLineView[]>;
  problems: ImportProblem[];
  /** The new lines, in the order they are written (date, then kind, then line). */
  writes: ImportLine[];
  /** Tax lines joined to their dividend (written with it). */
  joined: ImportLine[];
  duplicates: ImportLine[];
}

/** Within one day: money in first, then splits and buys, then income, sales and money out. */
const DAY_ORDER: Record<ImportKind, number> = {
  deposit: 0,
  split: 1,
  buy: 2,
  dividend: 3,
  interest: 4,
  sell: 5,
  fee: 6,
  margin_interest: 7,
  withdrawal: 8,
};

export async function planImport(deps: PlanDeps, read: ReadFile): Promise<Planned> {
  const problems = [...read.problems];
  const bad = new Set(problems.map((p) => p.line));
  const now = deps.now();
  const lines = read.lines.map((l) => (l.symbol ? { ...l, symbol: firmSymbol(l.symbol, l.assetType) } : l));
  const problemAt = (line: ImportLine, field: keyof ImportLine['columns'] | null, message: string) => {
    const column = field ? (line.columns[field] ?? null) : null;
    problems.push({ line: line.line, column, message: problemText(line.line, column, message) });
    bad.add(line.line);
  };

  // Already imported.
  const fingerprints = lines.map((l) => l.fingerprint);
  const known = new Set<string>();
  await inStatements(fingerprints, async (part) => {
    const rows = await deps.db.select({ f: importLines.fingerprint }).from(importLines).where(inArray(importLines.fingerprint, part));
    for (const r of rows) known.add(r.f);
  });
  const duplicates: ImportLine[] = [];
  const fresh: ImportLine[] = [];
  const inFile = new Set<string>();
  for (const l of lines) {
    if (known.has(l.fingerprint) || inFile.has(l.fingerprint)) duplicates.push(l);
    else fresh.push(l);
    inFile.add(l.fingerprint);
  }

  await inSlices(fresh, (l) => {
    const dateProblem = bookDateProblem(l.date, now);
    if (dateProblem)
      problemAt(l, 'date', l.date > '1900-01-01' ? `${l.date} is after today (New York time): future dates are refused` : dateProblem);
    if (l.payDate && l.payDate < l.date) problemAt(l, 'pay_date', 'the pay date cannot be before the date');
  });

  // Lots the firm holds now, by symbol, oldest first; and what the file's own lines add, in date order.
  const lots = await deps.db
    .select({ symbol: holdings.symbol, date: holdings.purchaseDate, qty: holdings.qty })
    .from(holdings)
    .orderBy(asc(holdings.purchaseDate));
  const held = new Map<string, HeldOverTime>();
  const added = new Map<string, HeldOverTime>();
  const over = (map: Map<string, HeldOverTime>, symbol: string) => {
    let h = map.get(symbol);
    if (!h) map.set(symbol, (h = new HeldOverTime()));
    return h;
  };
  for (const lot of lots) over(held, lot.symbol).add(lot.date, dec(lot.qty));
  // The file's lines are checked in date order, so each adds on or after the day of the one before.
  const add = (symbol: string, date: string, qty: Decimal) => over(added, symbol).add(date, qty);

  // Symbols the firm does not hold: the market data provider must know them (as Add Investment's check).
  const toCheck = new Map<string, Instrument>();
  for (const l of fresh) {
    if (l.symbol && (l.kind === 'buy' || l.kind === 'split' || l.kind === 'dividend') && !held.has(l.symbol)) {
      toCheck.set(`${l.assetType}:${l.symbol}`, { symbol: l.symbol, kind: l.assetType });
    }
  }
  const unknown = new Set<string>();
  for (const [key, instrument] of toCheck) if ((await deps.lookup(instrument)) === 'unknown') unknown.add(key);
  for (const l of fresh) {
    if (l.symbol && unknown.has(`${l.assetType}:${l.symbol}`) && !bad.has(l.line)) {
      problemAt(l, 'symbol', `unknown symbol ${l.symbol}: ${noMarketData(l.symbol)}`);
    }
  }

  // Withholding tax lines join the dividend of the same symbol and day, when the file has one.
  const joined: ImportLine[] = [];
  const dividends = new Map<string, ImportLine>();
  for (const l of fresh) if (l.kind === 'dividend' && !bad.has(l.line)) dividends.set(`${l.symbol}|${l.date}`, l);
  const writesUnordered: ImportLine[] = [];
  const joinedTo = new Map<number, number>();
  for (const l of fresh) {
    const dividend = l.taxOnly && l.symbol ? dividends.get(`${l.symbol}|${l.date}`) : undefined;
    if (dividend && !bad.has(l.line)) {
      dividend.tax = centsText(dec(dividend.tax ?? '0').plus(dec(l.amount!)));
      joined.push(l);
      joinedTo.set(l.line, dividend.line);
    } else writesUnordered.push(l);
  }

  // In date order, each line against what is held at its date as the import sees it.
  const writes = writesUnordered
    .filter((l) => !bad.has(l.line))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : DAY_ORDER[a.kind] - DAY_ORDER[b.kind] || a.line - b.line));
  const heldOn = (symbol: string, day: string, inclusive: boolean) =>
    (held.get(symbol)?.upTo(day, inclusive) ?? ZERO).plus(added.get(symbol)?.upTo(day, inclusive) ?? ZERO);
  const perShareOf = new Map<number, string>();
  const slice = new LoopSlice();
  for (const l of writes) {
    if (slice.over()) await slice.pause();
    const symbol = l.symbol ?? '';
    if (l.kind === 'buy') add(symbol, l.date, dec(l.qty!));
    else if (l.kind === 'sell') {
      const have = heldOn(symbol, l.date, true);
      if (have.lt(dec(l.qty!))) {
        problemAt(
          l,
          'quantity',
          `sells ${qtyText(l.qty!)} ${symbol} on ${l.date}, but the firm holds ${qtyText(plain(have))} ${symbol} then`,
        );
      } else add(symbol, l.date, dec(l.qty!).neg());
    } else if (l.kind === 'split') {
      const before = heldOn(symbol, l.date, false);
      if (before.eq(0)) {
        problemAt(l, 'symbol', `the firm held no ${symbol} before ${l.date}, so there is nothing to split`);
        continue;
      }
      if (!l.ratio) {
        // A broker's split line gives the shares it added: new:old = (held + added) : held.
        const ratio = ratioFrom(before, dec(l.qty!));
        if (!ratio) {
          problemAt(l, 'quantity', `${qtyText(l.qty!)} more shares on ${qtyText(plain(before))} held is not a split of whole numbers`);
          continue;
        }
        l.ratio = ratio;
      }
      const r = parseRatio(l.ratio)!;
      add(symbol, l.date, before.times(r.newShares).div(r.oldShares).minus(before));
    } else if (l.kind === 'dividend') {
      const shares = heldOn(symbol, l.date, false);
      if (shares.eq(0)) {
        problemAt(l, 'symbol', `the firm held no ${symbol} before ${l.date}, so no dividend is due`);
        continue;
      }
      if (!l.price) {
        const perShare = perShareFor(shares, dec(l.amount!));
        if (!perShare) {
          problemAt(l, 'amount', `${usd(l.amount!)} is not an amount per share on ${qtyText(plain(shares))} ${symbol} at cents`);
          continue;
        }
        perShareOf.set(l.line, perShare);
      }
      if (l.tax && dec(l.tax).gt(dec(l.amount ?? centsText(amountOf(shares, l.price!)))))
        problemAt(l, 'fee', 'the tax withheld is more than the dividend');
    }
  }
  const finalWrites = writes.filter((l) => !bad.has(l.line));
  for (const l of finalWrites) if (l.kind === 'dividend' && !l.price) l.price = perShareOf.get(l.line) ?? null;

  const dupSet = new Set(duplicates.map((d) => d.line));
  const views = async (): Promise<ImportLineView[]> => {
    const shown: ImportLineView[] = [];
    await inSlices(lines, (l) => {
      shown.push({
        line: l.line,
        status: dupSet.has(l.line) ? 'duplicate' : bad.has(l.line) ? 'error' : 'new',
        kind: l.kind,
        date: l.date || null,
        symbol: l.symbol,
        qty: l.qty,
        price: l.price,
        amount: l.amount,
        fee: l.kind === 'dividend' ? l.tax : l.fee,
        becomes: dupSet.has(l.line)
          ? 'Already imported: not added again'
          : joinedTo.has(l.line)
            ? `Tax withheld on the dividend of line ${joinedTo.get(l.line)}`
            : describeLine(l),
        fingerprint: l.fingerprint,
      });
    });
    // Lines that could not be read at all have a row of their own.
    const viewed = new Set(shown.map((v) => v.line));
    for (const p of problems) {
      if (viewed.has(p.line)) continue;
      viewed.add(p.line);
      shown.push({
        line: p.line,
        status: 'error',
        kind: null,
        date: null,
        symbol: null,
        qty: null,
        price: null,
        amount: null,
        fee: null,
        becomes: 'Not imported',
        fingerprint: '',
      });
    }
    return shown.sort((a, b) => a.line - b.line);
  };
  problems.sort((a, b) => a.line - b.line);
  return { views, problems, writes: finalWrites, joined: joined.filter((l) => !bad.has(joinedTo.get(l.line)!)), duplicates };
}

/** Quantities added on days in order, and how much was held up to a day (a binary search, not a walk). */
class HeldOverTime {
  private readonly days: string[] = [];
  /** totals[i]: everything added by the first i + 1 additions. */
  private readonly totals: Decimal[] = [];

  add(day: string, qty: Decimal): void {
    if (this.days.length > 0 && day < this.days[this.days.length - 1]!) throw new Error('HeldOverTime: days must come in order');
    this.totals.push((this.totals[this.totals.length - 1] ?? ZERO).plus(qty));
    this.days.push(day);
  }

  /** Everything added on days before `day` (or on it too, when inclusive). */
  upTo(day: string, inclusive: boolean): Decimal {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const d = this.days[mid]!;
      if (inclusive ? d <= day : d < day) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? ZERO : this.totals[lo - 1]!;
  }
}

/** new:old from shares held and shares added, when both are whole numbers up to 999,999. */
function ratioFrom(before: Decimal, added: Decimal): string | null {
  const after = before.plus(added);
  // Smallest whole numbers n, o with n/o = after/before.
  for (let o = 1; o <= 1000; o += 1) {
    const n = after.times(o).div(before);
    if (n.eq(n.round(0, 0)) && n.lte(999_999)) {
      const parsed = parseRatio(`${n.toFixed(0)}:${o}`);
      return parsed ? ratioText(parsed) : null;
    }
  }
  return null;
}

/** The amount per share (8 places) that makes `gross` on `shares` at cents, half up; null when none does. */
export function perShareFor(shares: Decimal, gross: Decimal): string | null {
  const guess = gross.div(shares).round(8, 1);
  for (const step of [0, 1, -1, 2, -2]) {
    const candidate = guess.plus(dec(step).times('0.00000001'));
    if (candidate.gt(0) && amountOf(shares, candidate).eq(gross)) return plain(candidate);
  }
  return null;
}

const WORDS: Record<ImportKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  dividend: 'Dividend',
  interest: 'Interest received',
  margin_interest: 'Margin interest charged',
  fee: 'Fee charged',
  split: 'Split',
};

/** What a line becomes, in words. */
export function describeLine(l: ImportLine): string {
  const on = ` on ${l.date}`;
  if (l.kind === 'buy' || l.kind === 'sell') {
    const fee = l.fee && dec(l.fee).gt(0) ? `, fee ${usd(centsText(dec(l.fee)))}` : '';
    return `${WORDS[l.kind]} ${qtyText(l.qty!)} ${l.symbol} at ${usd(l.price!)}${fee}${on}`;
  }
  if (l.kind === 'split') {
    return l.ratio ? `${l.ratio} split of ${l.symbol}, ex-date ${l.date}` : `Split of ${l.symbol} adding ${qtyText(l.qty!)} shares${on}`;
  }
  if (l.kind === 'dividend') {
    const gross = l.amount ? `${usd(l.amount)} gross` : `${usd(l.price!)} a share`;
    const tax = l.tax && dec(l.tax).gt(0) ? `, ${usd(l.tax)} tax withheld` : '';
    return `Dividend of ${l.symbol}: ${gross}${tax}${on}`;
  }
  return `${WORDS[l.kind]} ${usd(l.amount!)}${on}${l.note ? ` (${l.note})` : ''}`;
}
