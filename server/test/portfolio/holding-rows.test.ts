import { describe, expect, it } from 'vitest';
import type { LiveQuote } from '../../src/services/market/live-quote';
import type { BookLot, HeldLots } from '../../src/services/portfolio/book-lots';
import { holdingRows, holdingsJson } from '../../src/services/portfolio/holding-rows';

/** GET /api/holdings's body is spliced from each symbol's JSON; it must be the list's own JSON, byte for byte. */

const lot = (id: number, symbol: string, qty: string, exchange: string | null = 'NASDAQ'): BookLot => ({
  id,
  symbol,
  assetType: symbol.endsWith('-USD') ? 'crypto' : 'stock',
  exchange,
  qty,
  pricePaid: '101.25',
  costBasis: '0',
  purchaseDate: '2025-03-03',
});

const quote = (lastPrice: number): LiveQuote => ({
  lastPrice,
  change: 1.5,
  changePct: 0.75,
  dividendYield: null,
  marketCap: 3e12,
  oneMonthPerf: -2.25,
  peRatio: 31.4,
  quoteSource: 'simulated',
  quoteAsOf: '2026-11-27T15:00:00.000Z',
  quoteStale: false,
});

function held(bySymbol: [string, BookLot[]][]): HeldLots {
  return { all: bySymbol.flatMap(([, lots]) => lots), bySymbol: new Map(bySymbol), prints: new Map() };
}

const parsed = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;

describe('the holdings list as JSON', () => {
  const aapl = [lot(1, 'AAPL', '10'), lot(2, 'AAPL', '2.5')];
  const btc = [lot(3, 'BTC-USD', '0.12345678', null)];
  const msft = [lot(4, 'MSFT', '7', 'Bourse «Ünïcode»')];
  const live = new Map([
    ['AAPL', quote(190.5)],
    ['MSFT', quote(410)],
  ]);

  it('is the JSON of the rows, byte for byte, with symbols without a quote and without lots', () => {
    const rows = holdingRows(
      held([
        ['GONE', []],
        ['AAPL', aapl],
        ['BTC-USD', btc],
        ['NONE', []],
        ['MSFT', msft],
      ]),
      live,
    );
    const body = holdingsJson(rows);
    expect(body.equals(Buffer.from(JSON.stringify(rows.rows)))).toBe(true);
    expect(parsed(body)).toHaveLength(4);
  });

  it('after a quote refresh, is still the rows’ JSON, byte for byte: a symbol held as stock and as crypto, a quote gone', () => {
    const both = [lot(5, 'XYZ', '3'), { ...lot(6, 'XYZ', '0.5', null), assetType: 'crypto' as const }, lot(7, 'XYZ', '1')];
    const books = held([
      ['AAPL', aapl],
      ['MSFT', msft],
      ['XYZ', both],
    ]);
    const before = holdingRows(books, new Map([...live, ['XYZ-USD', quote(0.25)]]));
    expect(holdingsJson(before).equals(Buffer.from(JSON.stringify(before.rows)))).toBe(true);
    // Every price moved, XYZ as stock priced for the first time, MSFT's quote gone from the cache.
    const refreshed = new Map([
      ['AAPL', quote(191)],
      ['XYZ', quote(12.5)],
      ['XYZ-USD', quote(0.5)],
    ]);
    const after = holdingRows(books, refreshed, before);
    expect(after.bySymbol.get('AAPL')!.json).toBeUndefined();
    const body = holdingsJson(after);
    expect(body.equals(Buffer.from(JSON.stringify(after.rows)))).toBe(true);
    const shown = parsed(body) as { id: number; lastPrice: number | null }[];
    expect(shown.map((r) => [r.id, r.lastPrice])).toEqual([
      [1, 191],
      [2, 191],
      [4, null],
      [5, 12.5],
      [6, 0.5],
      [7, 12.5],
    ]);
  });

  it('is an empty list when nothing is held', () => {
    const rows = holdingRows(held([['GONE', []]]), live);
    expect(holdingsJson(rows).toString()).toBe('[]');
  });

  it('after a sale of one symbol, writes that symbol again and keeps the others', () => {
    const before = holdingRows(
      held([
        ['AAPL', aapl],
        ['BTC-USD', btc],
        ['MSFT', msft],
      ]),
      live,
    );
    holdingsJson(before);
    const kept = before.bySymbol.get('MSFT')!.json;
    const sold = [lot(1, 'AAPL', '9'), aapl[1]!];
    const after = holdingRows(
      held([
        ['AAPL', sold],
        ['BTC-USD', btc],
        ['MSFT', msft],
      ]),
      live,
      before,
    );
    const body = holdingsJson(after);
    expect(body.equals(Buffer.from(JSON.stringify(after.rows)))).toBe(true);
    expect(after.bySymbol.get('MSFT')!.json).toBe(kept);
    expect((parsed(body) as { id: number; qty: number }[]).find((r) => r.id === 1)?.qty).toBe(9);
  });
});
