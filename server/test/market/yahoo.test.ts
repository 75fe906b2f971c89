import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../src/services/market/provider';
import { createYahooProvider, type YahooLogger } from '../../src/services/market/yahoo';

/**
 * The Yahoo adapter against a local stand-in for Yahoo on 127.0.0.1: the injected fetch sends
 * every request (the cookie/crumb handshake included) there, so nothing reaches the internet.
 * Fixtures are shaped like Yahoo's v7 quote and v8 chart answers and pass the library's schema.
 */

/** yahoo-finance2 keeps the crumb process-wide, so every stub must hand out the same one. */
const CRUMB = 'kX3vQ9hTz.w';
const SESSION_COOKIE = 'A3=d=AQABBLocalStub&S=AQAAAStubSession';
/** The fixtures' last session: Friday 25 July 2025, after the close. */
const NOW = new Date('2025-07-25T20:30:00Z');
const AAPL_TIME = new Date('2025-07-25T20:00:01Z');

const AAPL: Instrument = { symbol: 'AAPL', kind: 'stock' };
const BTC: Instrument = { symbol: 'BTC', kind: 'crypto' };
const INDICES: Instrument[] = ['^DJI', '^GSPC', '^IXIC'].map((symbol) => ({ symbol, kind: 'index' }));

type Reply = { status: number; body: string; contentType?: string } | 'hang';

interface Routes {
  quote: (symbols: string[]) => Reply;
  chart?: (symbol: string) => Reply;
}

interface Stub {
  origin: string;
  /** Every request as Yahoo would have seen it: path and query. */
  requests: URL[];
  close(): Promise<void>;
}

const stubs: Stub[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

/** yahoo-finance2 prints the URL of every non-2xx answer straight to console.error. */
function muteLibraryConsole(): void {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function json(body: string, status = 200): Reply {
  return { status, body, contentType: 'application/json;charset=utf-8' };
}

/** What Yahoo answers for a chart of a symbol it has no history for. */
function chartNotFound(): Reply {
  return json('{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}', 404);
}

function chartFixtures(symbol: string): Reply {
  return symbol === 'AAPL' || symbol === 'BTC-USD' ? json(fixture(`chart-${symbol}.json`)) : chartNotFound();
}

async function startYahooStub(routes: Routes): Promise<Stub> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    requests.push(url);
    const reply = route(routes, url, request);
    if (reply !== 'hang') send(response, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stub: Stub = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  stubs.push(stub);
  return stub;
}

function route(routes: Routes, url: URL, request: IncomingMessage): Reply {
  // The handshake: the quote page sets Yahoo's session cookie, getcrumb turns it into a crumb.
  if (url.pathname === '/quote/AAPL') return { status: 200, body: '<!doctype html><title>AAPL</title>', contentType: 'text/html' };
  if (url.pathname === '/v1/test/getcrumb') {
    return request.headers.cookie?.includes('A3=') ? { status: 200, body: CRUMB, contentType: 'text/plain' } : { status: 403, body: '' };
  }
  if (url.pathname === '/v7/finance/quote') {
    if (url.searchParams.get('crumb') !== CRUMB) {
      return json('{"finance":{"result":null,"error":{"code":"Unauthorized","description":"Invalid Crumb"}}}', 401);
    }
    return routes.quote((url.searchParams.get('symbols') ?? '').split(','));
  }
  const chart = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
  if (chart?.[1]) return (routes.chart ?? chartFixtures)(decodeURIComponent(chart[1]));
  return json('{"finance":{"result":null,"error":{"code":"Not Found","description":"HTTP 404 Not Found"}}}', 404);
}

function send(response: ServerResponse, reply: { status: number; body: string; contentType?: string }): void {
  response.statusCode = reply.status;
  if (reply.contentType) response.setHeader('content-type', reply.contentType);
  if (reply.contentType === 'text/html') {
    response.setHeader('set-cookie', `${SESSION_COOKIE}; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly`);
  }
  response.end(reply.body);
}

/** A fetch that sends a request for any Yahoo host to the stub instead. */
function redirectTo(origin: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return fetch(new URL(`${url.pathname}${url.search}`, origin), init);
  };
}

const quiet: YahooLogger = { info() {}, warn() {}, error() {}, debug() {}, dir() {} };

async function providerFor(routes: Routes, timeoutMs = 5000) {
  const stub = await startYahooStub(routes);
  return { stub, provider: createYahooProvider({ fetch: redirectTo(stub.origin), timeoutMs, logger: quiet }) };
}

function quoteRequests(stub: Stub): URL[] {
  return stub.requests.filter((url) => url.pathname === '/v7/finance/quote');
}

function chartRequests(stub: Stub): string[] {
  return stub.requests.filter((url) => url.pathname.startsWith('/v8/finance/chart/')).map((url) => url.pathname);
}

describe('yahoo provider: quotes', () => {
  it('prices stocks, crypto as SYM-USD and the indices, with their metrics', async () => {
    const { stub, provider } = await providerFor({ quote: () => json(fixture('quote-multi.json')) });

    const quotes = await provider.quotes([AAPL, BTC, ...INDICES], NOW);

    expect(provider.source).toBe('yahoo');
    const [request] = quoteRequests(stub);
    expect(request?.searchParams.get('symbols')).toBe('AAPL,BTC-USD,^DJI,^GSPC,^IXIC');
    expect(request?.searchParams.get('crumb')).toBe(CRUMB);
    expect([...quotes.keys()]).toEqual(['AAPL', 'BTC-USD', '^DJI', '^GSPC', '^IXIC']);
    expect(quotes.get('AAPL')).toEqual({
      key: 'AAPL',
      name: 'Apple Inc.',
      price: 213.88,
      change: 0.12001,
      changePct: 0.0561426,
      dividendYield: 0.49, // the forward yield, already a percent; not the trailing 0.0047 fraction
      marketCap: expect.closeTo(3_194_468.958208, 6),
      peRatio: 33.314644,
      // 25 June, a month back, has a null bar: the base is 24 June's close, 200.30.
      oneMonthPerf: expect.closeTo((213.88 / 200.3 - 1) * 100, 8),
      asOf: AAPL_TIME,
      source: 'yahoo',
    });
    expect(quotes.get('BTC-USD')).toMatchObject({
      name: 'Bitcoin USD',
      price: 117_601.54,
      change: 862.2109,
      changePct: 0.7385167,
      dividendYield: null,
      peRatio: null,
      marketCap: expect.closeTo(2_339_722.477568, 6),
      oneMonthPerf: expect.closeTo((117_601.54 / 107_047.59 - 1) * 100, 8),
    });
    expect(quotes.get('^GSPC')).toMatchObject({ name: 'S&P 500', price: 6388.64, change: 25.29, changePct: 0.39744 });
    expect(quotes.get('^DJI')?.name).toBe('Dow Jones Industrial Average');
    expect(quotes.get('^IXIC')?.name).toBe('NASDAQ Composite');
    // No history for the indices (the stub's chart answers 404): the price stands, the metric is null.
    expect(quotes.get('^GSPC')).toMatchObject({ oneMonthPerf: null, dividendYield: null, marketCap: null, peRatio: null });
  });

  it('fetches the month-ago close once a day per symbol', async () => {
    const { stub, provider } = await providerFor({ quote: () => json(fixture('quote-multi.json')) });

    await provider.quotes([AAPL, BTC], NOW);
    const second = await provider.quotes([AAPL, BTC], new Date(NOW.getTime() + 60_000));

    expect(second.get('AAPL')?.oneMonthPerf).toBeCloseTo((213.88 / 200.3 - 1) * 100, 8);
    expect(chartRequests(stub).sort()).toEqual(['/v8/finance/chart/AAPL', '/v8/finance/chart/BTC-USD']);
    expect(quoteRequests(stub)).toHaveLength(2);
  });

  it('turns missing optional fields into null and derives a missing change from the previous close', async () => {
    const { provider } = await providerFor({ quote: () => json(fixture('quote-sparse.json')) });

    const quotes = await provider.quotes(
      ['RIVN', 'KO'].map((symbol): Instrument => ({ symbol, kind: 'stock' })),
      NOW,
    );

    expect(quotes.get('RIVN')).toEqual({
      key: 'RIVN',
      name: null,
      price: 12.73,
      change: -0.15,
      changePct: -1.1644833,
      dividendYield: null, // a trailing yield of 0 means it pays none
      marketCap: null,
      peRatio: null,
      oneMonthPerf: null,
      asOf: AAPL_TIME,
      source: 'yahoo',
    });
    const ko = quotes.get('KO');
    expect(ko?.change).toBeCloseTo(70.61 - 70.16, 10);
    expect(ko?.changePct).toBeCloseTo(((70.61 - 70.16) / 70.16) * 100, 10);
    expect(ko?.dividendYield).toBeCloseTo(2.8506272, 10); // the trailing fraction, as a percent
    expect(ko?.name).toBe('Coca-Cola Company (The)');
  });

  it('leaves out a symbol Yahoo returns without a price, and one it does not return at all', async () => {
    const { provider } = await providerFor({ quote: () => json(fixture('quote-sparse.json')) });

    const quotes = await provider.quotes(
      ['RIVN', 'XYZW', 'GONE'].map((symbol): Instrument => ({ symbol, kind: 'stock' })),
      NOW,
    );

    expect([...quotes.keys()]).toEqual(['RIVN']);
  });

  it('answers an empty list without asking Yahoo', async () => {
    const { stub, provider } = await providerFor({ quote: () => json(fixture('quote-multi.json')) });

    expect((await provider.quotes([], NOW)).size).toBe(0);
    expect(stub.requests).toHaveLength(0);
  });

  it('rejects when Yahoo answers 500', async () => {
    muteLibraryConsole();
    const { provider } = await providerFor({ quote: () => ({ status: 500, body: 'Internal Server Error', contentType: 'text/plain' }) });

    await expect(provider.quotes([AAPL], NOW)).rejects.toThrow(/Yahoo Finance quotes failed: Internal Server Error/);
  });

  it('rejects within the configured timeout when Yahoo never answers', async () => {
    const { provider } = await providerFor({ quote: () => 'hang' }, 300);

    const started = Date.now();
    await expect(provider.quotes([AAPL], NOW)).rejects.toThrow(/did not answer within 300 ms/);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1500);
  });

  it('rejects on a malformed answer', async () => {
    const { provider } = await providerFor({ quote: () => json('{"quoteResponse":{"result":[{"symbol":"AAPL","regularMarketPrice":21') });

    await expect(provider.quotes([AAPL], NOW)).rejects.toThrow();
  });

  it('rejects when Yahoo cannot be reached', async () => {
    const stub = await startYahooStub({ quote: () => json(fixture('quote-multi.json')) });
    const origin = stub.origin;
    await stub.close();
    const provider = createYahooProvider({ fetch: redirectTo(origin), timeoutMs: 2000, logger: quiet });

    await expect(provider.quotes([AAPL], NOW)).rejects.toThrow();
  });
});

describe('yahoo provider: dailyCloses', () => {
  it('returns the range oldest first as YYYY-MM-DD in exchange time, skipping null closes', async () => {
    const { stub, provider } = await providerFor({ quote: () => json(fixture('quote-multi.json')) });

    const closes = await provider.dailyCloses(AAPL, '2025-06-20', '2025-06-27');

    expect(closes).toEqual([
      { date: '2025-06-20', close: 201 },
      { date: '2025-06-23', close: 201.5 },
      { date: '2025-06-24', close: 200.3 },
      { date: '2025-06-26', close: 201 },
      { date: '2025-06-27', close: 201.08 },
    ]);
    const [request] = stub.requests;
    expect(request?.pathname).toBe('/v8/finance/chart/AAPL');
    expect(request?.searchParams.get('interval')).toBe('1d');
  });

  it('asks for crypto as SYM-USD by the hour and closes each New York day at New York midnight, weekends included', async () => {
    // Hourly bars from 2025-07-18 00:00 UTC (20:00 on the 17th in New York, EDT = UTC-4); bar i
    // starts i hours later and closes at 100 + i.
    const start = Date.parse('2025-07-18T00:00:00Z') / 1000;
    const hours = Array.from({ length: 102 }, (_, i) => i);
    const base = JSON.parse(fixture('chart-BTC-USD.json')) as { chart: { result: { meta: Record<string, unknown> }[] } };
    const meta = { ...base.chart.result[0]!.meta, dataGranularity: '1h' };
    const hourly = {
      chart: {
        result: [
          {
            meta,
            timestamp: hours.map((i) => start + i * 3600),
            indicators: {
              quote: [
                {
                  open: hours.map((i) => 100 + i),
                  high: hours.map((i) => 100 + i),
                  low: hours.map((i) => 100 + i),
                  close: hours.map((i) => 100 + i),
                  volume: hours.map(() => 1),
                },
              ],
            },
          },
        ],
        error: null,
      },
    };
    const { stub, provider } = await providerFor({
      quote: () => json(fixture('quote-multi.json')),
      chart: () => json(JSON.stringify(hourly)),
    });

    const closes = await provider.dailyCloses(BTC, '2025-07-18', '2025-07-21');

    expect(stub.requests[0]?.pathname).toBe('/v8/finance/chart/BTC-USD');
    expect(stub.requests[0]?.searchParams.get('interval')).toBe('1h');
    // New York midnight after the 18th is 04:00 UTC on the 19th: the bar from 03:00 UTC (i = 27)
    // ends then. Each later day is 24 bars on; the 21st's close is bar 99 (03:00 UTC on the 22nd); bars 100 and 101 are the 22nd's.
    expect(closes).toEqual([
      { date: '2025-07-18', close: 127 },
      { date: '2025-07-19', close: 151 },
      { date: '2025-07-20', close: 175 },
      { date: '2025-07-21', close: 199 },
    ]);
  });

  it('rejects when Yahoo answers 502', async () => {
    muteLibraryConsole();
    const { provider } = await providerFor({
      quote: () => json(fixture('quote-multi.json')),
      chart: () => ({ status: 502, body: 'Bad Gateway', contentType: 'text/plain' }),
    });

    await expect(provider.dailyCloses(AAPL, '2025-06-20', '2025-06-27')).rejects.toThrow(/Yahoo Finance history failed: Bad Gateway/);
  });
});
