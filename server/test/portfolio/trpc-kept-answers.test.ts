import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/**
 * docs/decisions/0022: on the tRPC route, an answer kept with its JSON (the valuation, the history)
 * is sent as those bytes, spliced into the batch, with an ETag (304 while unchanged) and compressed
 * once; the client sees the same answer as before, and a write is in the next read.
 */
describe.each(databaseKinds)('kept answers on the tRPC route on %s', (kind) => {
  let h: Harness;
  let gp: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.inject({ method: 'GET', url, headers: { ...bearer(gp), ...headers } });
  const batchUrl = `/trpc/portfolio.valuation,portfolio.summary,portfolio.history?batch=1&input=${encodeURIComponent(
    JSON.stringify({ 2: { days: 30 } }),
  )}`;

  /** The books' view changes as quotes arrive and age (decision 0014): a comparison of two reads is retried when it fell across a change. */
  async function acrossOneView(check: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await check();
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
  }

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp } = await h.partners('trpc-kept'));
    await h.caller(gp).portfolio.holdings.add({
      symbol: 'AAPL',
      asset_type: 'stock',
      purchases: [{ qty: '10', price_paid: '150.25', purchase_date: '2025-03-14' }],
    });
    await h.caller(gp).portfolio.balances.save({ cash_available: '1000.5', margin_debit: '0', accounts_receivable: '0' });
  });
  afterAll(() => h.close());

  it('answers portfolio.valuation with the REST path’s bytes, an ETag and 304 while unchanged', async () => {
    await acrossOneView(async () => {
      const rest = await get('/api/portfolio/valuation');
      expect(rest.statusCode).toBe(200);
      const res = await get('/trpc/portfolio.valuation');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe(`{"result":{"data":${rest.body}}}`);
      expect(res.json()).toEqual({ result: { data: await h.caller(gp).portfolio.valuation() } });
    });
    await acrossOneView(async () => {
      const res = await get('/trpc/portfolio.valuation');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"trpc-/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect((await get('/trpc/portfolio.valuation', { 'if-none-match': etag })).statusCode).toBe(304);
    });
  });

  it('splices kept answers into a batch beside the others, compressed on request', async () => {
    // Every comparison of two reads is inside the retry: a read outside it could fall across a change
    // of the books' view (a quote ageing) and see a new ETag, which is right, not a failure.
    await acrossOneView(async () => {
      const res = await get(batchUrl);
      expect(res.statusCode).toBe(200);
      expect((await get(batchUrl, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
      const br = await get(batchUrl, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.etag).toBe(res.headers.etag);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    });
  });

  it('has a new ETag and the new figures right after a write', async () => {
    const before = await get('/trpc/portfolio.valuation');
    const etag = before.headers.etag as string;
    await h.caller(gp).portfolio.balances.save({ cash_available: '2000', margin_debit: '0', accounts_receivable: '0' });
    const after = await get('/trpc/portfolio.valuation', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as { result: { data: { totals: { cashAvailable: string } } } }).result.data.totals.cashAvailable).toBe('2000.00');
  });

  it('answers errors and plain answers as tRPC does, without an ETag', async () => {
    const anonymous = await h.inject({ method: 'GET', url: '/trpc/portfolio.valuation' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
    const ping = await h.inject({ method: 'GET', url: '/trpc/ping' });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers.etag).toBeUndefined();
  });
});
