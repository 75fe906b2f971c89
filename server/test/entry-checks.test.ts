import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../src/services/invites/invites';
import { databaseKinds } from './support/databases';
import { bearer, createHarness, freshIp, type Harness } from './support/harness';

/** The checks a page makes as something is entered: an invite when sign-up opens, a ticker in Add Investment. */
describe.each(databaseKinds)('entry checks on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('checks'));
  });
  afterAll(() => h.close());

  const checkInvite = (code: string, remoteAddress = freshIp()) =>
    h.inject({ method: 'GET', url: `/api/invites/check?invite=${encodeURIComponent(code)}`, remoteAddress });

  it('answers only whether an invite can still be used, without a token', async () => {
    const { link } = await createInvite(h.deps, { role: 'GP', createdBy: null });
    const code = new URL(link).searchParams.get('invite') ?? '';
    const open = await checkInvite(code);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ valid: true });
    expect((await checkInvite('not-a-real-code')).json()).toEqual({ valid: false });

    h.clock.advance(25 * 3_600_000); // past its 24 hours
    expect((await checkInvite(code)).json()).toEqual({ valid: false });
  });

  it('is limited per address like sign-up', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await checkInvite(`guess-${i}`, ip)).statusCode).toBe(200);
    const refused = await checkInvite('guess-20', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many invite checks from your network. Please try again later.' });
  });

  const checkSymbol = (symbol: string, assetType: string, token = gp) =>
    h.inject({
      method: 'GET',
      url: `/api/market/symbol-check?symbol=${encodeURIComponent(symbol)}&asset_type=${assetType}`,
      headers: bearer(token),
    });

  it('tells a GP which tickers have market data in simulated mode', async () => {
    expect((await checkSymbol('QQQQ', 'stock')).json()).toEqual({ symbol: 'QQQQ', status: 'unknown', message: 'No market data for QQQQ.' });
    expect((await checkSymbol('aapl', 'stock')).json()).toEqual({ symbol: 'AAPL', status: 'priced', message: null });
    expect((await checkSymbol('BTC-USD', 'crypto')).json()).toEqual({ symbol: 'BTC', status: 'priced', message: null });
    expect((await checkSymbol('BTC', 'stock')).json()).toMatchObject({ status: 'unknown' });
    expect((await checkSymbol('AAPL', 'stock', lp)).statusCode).toBe(403);
    const bad = await checkSymbol('A A', 'stock');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Ticker symbol can have only letters, digits, dots and dashes.' });
  });
});
