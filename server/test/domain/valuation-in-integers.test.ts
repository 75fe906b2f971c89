import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random';
import { valuePortfolioByBigJs } from '../support/valuation-by-big-js';
import { amountCents, centsOf, percentOfCents, percentOfCentsInBigInts, plainOf, scaledOf } from '../../src/domain/scaled';
import { amountOf, centsText, dec, percentText, plainText } from '../../src/domain/money';
import {
  valueLiquid,
  valueLiquidInSlices,
  valuePortfolio,
  type LiquidFigures,
  type LotInput,
  type PortfolioInput,
  type QuoteInput,
} from '../../src/domain/valuation';

/**
 * The lots' figures are computed in integers (domain/scaled.ts); every figure of the valuation
 * must be the text the big.js rules gave, on edge cases and on seeded random books.
 */

const base: Omit<PortfolioInput, 'lots' | 'quotes'> = {
  ventures: [],
  properties: [],
  balances: { cashAvailable: '1000.00', marginDebit: '0', accountsReceivable: '0' },
  realized: { yearToDate: '0', allTime: '0' },
};

function lot(id: number, symbol: string, qty: string, pricePaid: string, costBasis: string, purchaseDate = '2026-01-02'): LotInput {
  return { id, symbol, assetType: 'stock', exchange: 'NASDAQ', qty, pricePaid, costBasis, purchaseDate };
}

function both(input: PortfolioInput) {
  return { integers: valuePortfolio(input), bigJs: valuePortfolioByBigJs(input) };
}

describe('the integer rules equal the big.js rules they replace', () => {
  it.each([
    ['0.125', '-0.01'],
    ['0.00000001', '12345.6789'],
    ['3', '0.005'],
    ['3', '-0.005'],
    ['1', '-0.004999'],
    ['100000000', '99999.99999999'],
    ['7', '0'],
    ['0.5', '1e-7'],
  ])('amountOf(%s, %s)', (qty, price) => {
    expect(centsOf(amountCents(scaledOf(qty), scaledOf(price)))).toBe(centsText(amountOf(qty, price)));
  });

  it.each([
    ['1', '3'],
    ['-1', '3'],
    ['-1', '100000000'],
    ['0', '5'],
    ['5', '-3'],
    ['1', '8'],
    ['12345', '0'],
  ])('percentText(%s¢, %s¢)', (part, whole) => {
    const cents = (c: string) => dec(c).div(100);
    expect(percentOfCents(BigInt(part), BigInt(whole))).toBe(percentText(cents(part), cents(whole)));
  });

  it('percentOfCents in doubles gives the text of the BigInt rule: at the edges of exactness, on halves and at random', () => {
    const edge = 2 ** 52;
    const pairs: [bigint, bigint][] = [
      [BigInt(Math.floor(edge / 10_000) - 1), BigInt(edge - 1)],
      [BigInt(Math.floor(edge / 10_000)), BigInt(3)],
      [BigInt(-1), BigInt(edge - 1)],
      [BigInt(1), BigInt(-(edge - 1))],
      [BigInt(-1), BigInt(-3)],
      [BigInt(0), BigInt(-7)],
      [BigInt(-5), BigInt(1_000_000_000)],
      [BigInt(123_456_789_012), BigInt(987_654_321_098)],
    ];
    const random = seededRandom(20261127);
    const below = (n: number) => Math.floor(random() * n);
    for (let i = 0; i < 20_000; i++) {
      const whole = 1 + below(10 ** (1 + below(15)));
      // Exactly a half of a hundredth of a percent, one cent either side of it, and any part.
      const half = (2 * below(20_000) + 1) * whole;
      const sign = random() < 0.3 ? -1 : 1;
      if (half % 20_000 === 0) pairs.push([BigInt(sign * (half / 20_000)), BigInt(whole)]);
      pairs.push([BigInt(sign * below(whole * 3)), BigInt(random() < 0.1 ? -whole : whole)]);
      pairs.push([BigInt(sign * (Math.floor(half / 20_000) + (random() < 0.5 ? 1 : 0))), BigInt(whole)]);
    }
    for (const [part, whole] of pairs) expect(percentOfCents(part, whole), `${part}/${whole}`).toBe(percentOfCentsInBigInts(part, whole));
  });

  it.each(['150.2500', '10.00000000', '0.50', '0', '0.00000001', '-2.10', '1e-7', '12'])('plainText(%s)', (text) => {
    expect(plainOf(scaledOf(text))).toBe(plainText(text));
  });
});

describe('valuePortfolio in integers', () => {
  it('values edge cases as big.js did: no quote, a zero cost, a loss that rounds to zero, costs beyond cents', () => {
    const quotes = new Map<string, QuoteInput>([
      ['AAA', { lastPrice: '10.005', change: '-0.001' }],
      ['BBB', { lastPrice: '0', change: '0' }],
    ]);
    const lots = [
      lot(1, 'AAA', '0.12500000', '10.00000000', '1.25'),
      lot(2, 'AAA', '3', '0', '0'),
      lot(3, 'BBB', '2', '5', '10.00'),
      lot(4, 'CCC', '1', '7', '7.00'),
      lot(5, 'AAA', '1', '9.999', '9.999', '2025-12-31'),
    ];
    const { integers, bigJs } = both({ ...base, lots, quotes });
    expect(integers).toEqual(bigJs);
    // Lots come oldest first, then by id, whatever order they were read in.
    expect(integers.positions[0]!.lots.map((l) => l.id)).toEqual([5, 1, 2]);
  });

  const randomBooks = (random: () => number) => {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const digits = (whole: number, places: number) => {
      const int = String(Math.floor(random() * 10 ** whole));
      if (places === 0) return int;
      const frac = String(Math.floor(random() * 10 ** places)).padStart(places, '0');
      return `${int}.${frac}`;
    };
    const quote = (): QuoteInput => {
      const change = digits(2, pick([0, 2, 4, 6]));
      return { lastPrice: digits(pick([1, 3, 5]), pick([0, 2, 4, 8])), change: random() < 0.5 ? `-${change}` : change };
    };
    const symbols = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'].slice(0, 1 + Math.floor(random() * 5));
    const newLot = (id: number) => {
      const qty = digits(pick([1, 3, 6]), pick([0, 3, 8]));
      const pricePaid = digits(pick([1, 3]), pick([0, 2, 6]));
      const costBasis = random() < 0.05 ? digits(4, 4) : centsText(amountOf(qty, pricePaid));
      const day = `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`;
      return lot(id, pick(symbols), qty, pricePaid, costBasis, day);
    };
    const quotes = new Map<string, QuoteInput>();
    for (const s of symbols) if (random() >= 0.15) quotes.set(s, quote()); // else no quote yet
    const lots: LotInput[] = [];
    const count = Math.floor(random() * 40);
    for (let id = 1; id <= count; id++) lots.push(newLot(id));
    /** The same books after one change: a lot sold, bought or cut, a quote moved or gone, or nothing (a cash-only change). */
    const changed = (books: { lots: LotInput[]; quotes: Map<string, QuoteInput> }, nextId: number) => {
      const next = { lots: [...books.lots], quotes: new Map(books.quotes) };
      const change = pick(['sell', 'buy', 'cut', 'quote', 'unquote', 'none'] as const);
      const at = Math.floor(random() * next.lots.length);
      if (change === 'sell' && next.lots.length > 0) next.lots.splice(at, 1);
      else if (change === 'buy') next.lots.push(newLot(nextId));
      else if (change === 'cut' && next.lots.length > 0)
        next.lots[at] = { ...next.lots[at]!, qty: '1', costBasis: pick(['1.00', '0.125', '7']) };
      else if (change === 'quote') next.quotes.set(pick(symbols), quote());
      else if (change === 'unquote') next.quotes.delete(pick(symbols));
      return next;
    };
    return { lots, quotes, changed };
  };

  it('values 200 seeded random books exactly as big.js did', () => {
    const random = seededRandom(20261127);
    for (let round = 0; round < 200; round++) {
      const { lots, quotes } = randomBooks(random);
      const { integers, bigJs } = both({ ...base, lots, quotes });
      expect(integers, `round ${round}`).toEqual(bigJs);
    }
  });

  it('is the valuation before when the lots are the same ones at the same quotes (a change of cash)', () => {
    const random = seededRandom(7);
    let books = randomBooks(random);
    while (books.quotes.size === 0 || books.lots.length === 0) books = randomBooks(random);
    const { lots, quotes } = books;
    const previous = valueLiquid({ lots, quotes });
    expect(valueLiquid({ lots, quotes: new Map(quotes) }, previous)).toBe(previous);
    const moved = new Map(quotes);
    const [key, quote] = [...quotes][0]!;
    moved.set(key, { ...quote, lastPrice: `${quote.lastPrice}1` });
    expect(valueLiquid({ lots, quotes: moved }, previous)).not.toBe(previous);
    expect(valueLiquid({ lots: [...lots], quotes }, previous)).not.toBe(previous);
  });

  it('values books after a change, from the valuation before it, exactly as big.js values them afresh', () => {
    const random = seededRandom(26);
    let kept = 0;
    for (let round = 0; round < 60; round++) {
      const start = randomBooks(random);
      let books = { lots: start.lots, quotes: start.quotes };
      let previous: LiquidFigures = valueLiquid(books);
      for (let step = 0; step < 10; step++) {
        books = start.changed(books, 1000 + step);
        const liquid = valueLiquid(books, previous);
        kept += [...liquid.symbols].filter(([symbol, figures]) => previous.symbols.get(symbol) === figures).length;
        const expected = valuePortfolioByBigJs({ ...base, ...books });
        expect(valuePortfolio({ ...base, ...books }, liquid), `round ${round}, step ${step}`).toEqual(expected);
        previous = liquid;
      }
    }
    // The case the reuse is for happened: symbols kept as they were.
    expect(kept).toBeGreaterThan(100);
  });

  it('values in slices exactly as in one go, giving the loop a turn between symbols', async () => {
    const random = seededRandom(27);
    let pauses = 0;
    let symbolsValued = 0;
    // A slice always over: a pause wherever the work may stop.
    const slice = { over: () => true, pause: () => Promise.resolve(void (pauses += 1)) };
    for (let round = 0; round < 30; round++) {
      const start = randomBooks(random);
      let books = { lots: start.lots, quotes: start.quotes };
      let previous: LiquidFigures = valueLiquid(books);
      for (let step = 0; step < 10; step++) {
        books = start.changed(books, 1000 + step);
        const inSlices = await valueLiquidInSlices(books, previous, slice);
        expect(inSlices, `round ${round}, step ${step}`).toEqual(valueLiquid(books, previous));
        if (inSlices !== previous) symbolsValued += inSlices.symbols.size;
        previous = inSlices;
      }
    }
    expect(symbolsValued).toBeGreaterThan(100);
    expect(pauses).toBeGreaterThanOrEqual(symbolsValued);
  });
});
