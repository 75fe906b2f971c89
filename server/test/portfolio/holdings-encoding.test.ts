import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedBody, compressionLevel, LARGE_BODY_BYTES, preferredEncoding } from '../../src/platform/serialized';
import { bearer, createHarness, type Harness } from '../support/harness';

/** GET /api/holdings answers compressed when asked, from copies made once per change of the books. */
describe('holdings, compressed', () => {
  let h: Harness;
  let lp: string;
  let gp: string;

  beforeAll(async () => {
    h = await createHarness('pglite');
    ({ gp, lp } = await h.partners('encoding'));
    const purchases = Array.from({ length: 40 }, (_, i) => ({ qty: `${i + 1}`, price_paid: `${100 + i}.25`, purchase_date: '2025-03-03' }));
    const added = await h.inject({
      method: 'POST',
      url: '/api/holdings',
      headers: bearer(gp),
      payload: { symbol: 'AAPL', asset_type: 'stock', purchases },
    });
    expect(added.statusCode, added.body).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (acceptEncoding?: string) =>
    h.inject({
      method: 'GET',
      url: '/api/holdings',
      headers: { ...bearer(lp), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends Brotli or gzip as the client prefers, the same JSON as uncompressed', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const lots = plain.json() as { symbol: string }[];
    expect(lots).toHaveLength(40);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(lots);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await get('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(lots);

    const identity = await get('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(lots);
  });

  it('still answers 304 to a client that has the current copy', async () => {
    const first = await get('br');
    const again = await h.inject({
      method: 'GET',
      url: '/api/holdings',
      headers: { ...bearer(lp), 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('a large kept answer', () => {
  it('is compressed at the fastest settings, and still decompresses to the same bytes', async () => {
    expect(compressionLevel(LARGE_BODY_BYTES - 1)).toEqual({ brotli: 6, gzip: 6 });
    expect(compressionLevel(LARGE_BODY_BYTES)).toEqual({ brotli: 2, gzip: 1 });
    const rows = Array.from({ length: 15_000 }, (_, i) => ({
      id: i,
      symbol: `S${i % 500}`,
      qty: i + 0.5,
      purchase_date: '2025-03-03',
      note: 'Société',
    }));
    const body = Buffer.from(JSON.stringify(rows));
    expect(body.length).toBeGreaterThan(LARGE_BODY_BYTES);
    const serialized = { etag: '"large"', body };
    const br = await compressedBody(serialized, 'br');
    const gzip = await compressedBody(serialized, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 4);
    // Made once: the same copy to every later reader of this answer.
    expect(await compressedBody(serialized, 'br')).toBe(br);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP;q=1.0', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
