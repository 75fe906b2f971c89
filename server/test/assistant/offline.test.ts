import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, holdings, ledgerEntries, pendingActions, quotes, rateLimits } from '../../src/db/schema';
import { BOOK_DATE_RULE } from '../../src/contract/book-dates';
import { ASSISTANT_TEXT } from '../../src/services/assistant/assistant';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';
import { setCash as setCashOf, setQuote as setQuoteOf } from '../support/books';

/** The assistant without OPENAI_API_KEY: the offline parser, proposals, confirmation and FIFO sells. */
describe.each(databaseKinds)('the offline assistant on %s', (kind) => {
  let h: Harness;
  let gp: string;
  let lp: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    ({ gp, lp } = await h.partners('ai'));
  });
  afterAll(() => h.close());

  beforeEach(async () => {
    await h.database.db.delete(holdings);
    await h.database.db.delete(pendingActions);
    // Each test asks a few questions; the per-minute limit is tested on its own below.
    await h.database.db.delete(rateLimits);
    const lot = (qty: string, pricePaid: string, purchaseDate: string) => ({
      symbol: 'TSLA',
      assetType: 'stock' as const,
      exchange: 'NASDAQ',
      qty,
      pricePaid,
      purchaseDate,
      costBasis: (Number(qty) * Number(pricePaid)).toFixed(2),
    });
    await h.database.db
      .insert(holdings)
      .values([lot('5', '180', '2024-06-03'), lot('10', '150', '2024-01-02'), lot('8', '210', '2025-01-06')]);
    await h.database.db.insert(holdings).values({
      symbol: 'AAPL',
      assetType: 'stock',
      exchange: 'NASDAQ',
      qty: '20',
      pricePaid: '170',
      purchaseDate: '2024-03-01',
      costBasis: '3400.00',
    });
    await h.deps.market.refreshNow();
    await setCash('100000.00');
  });

  const setCash = (amount: string) => setCashOf(h, amount);
  const setQuote = (key: string, price: string) => setQuoteOf(h, key, price);
  const say = async (prompt: string, token = gp) => {
    const res = await h.inject({ method: 'POST', url: '/api/ai/prompt', headers: bearer(token), payload: { prompt } });
    return { status: res.statusCode, body: res.json() as { message: string; requiresConfirmation: boolean; error?: string } };
  };
  const confirm = async (yes: boolean, token = gp) => {
    const res = await h.inject({ method: 'POST', url: '/api/ai/confirm', headers: bearer(token), payload: { confirm: yes } });
    return { status: res.statusCode, body: res.json() as { message: string; error?: string } };
  };
  const lots = async (symbol: string) =>
    (await h.database.db.select().from(holdings).where(eq(holdings.symbol, symbol)))
      .map((l) => [l.purchaseDate, l.qty, l.pricePaid])
      .sort();
  const marketPrice = async (key: string) => Number((await h.database.db.select().from(quotes).where(eq(quotes.key, key)))[0]?.price);
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(h.clock.now());
  const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  /** Cash Available as the balances path answers it. */
  const cash = async () =>
    (await h.inject({ method: 'GET', url: '/api/account-balance', headers: bearer(lp) })).json<{ cash_available: number }>().cash_available;

  it('proposes a market buy with the cached price and today’s date, and does nothing until confirmed', async () => {
    const price = await marketPrice('AAPL');
    const { status, body } = await say('buy 10 AAPL');
    expect(status).toBe(200);
    expect(body.requiresConfirmation).toBe(true);
    const shown = price.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    const total = Math.round(price * 1000) / 100;
    const cashBefore = await cash();
    expect(body.message).toBe(
      `I will buy 10 AAPL (stock) at ${shown}, the current market price, dated ${today()}, for ${usd(total)} in total, as a new purchase lot, ` +
        `paid from cash: Cash Available goes from ${usd(cashBefore)} to ${usd(cashBefore - total)}. Do you want me to go ahead? Reply yes or no.`,
    );
    expect(await lots('AAPL')).toEqual([['2024-03-01', '20.00000000', '170.00000000']]);

    const done = await confirm(true);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(
      `Done: bought 10 AAPL at ${shown} on ${today()} (${usd(total)}), added as a new lot. Cash Available went from ${usd(cashBefore)} to ${usd(cashBefore - total)}.`,
    );
    expect(await cash()).toBe(Math.round((cashBefore - total) * 100) / 100);
    expect(await lots('AAPL')).toEqual([
      ['2024-03-01', '20.00000000', '170.00000000'],
      [today(), '10.00000000', Number(price).toFixed(8)],
    ]);
    const [event] = await h.database.db.select().from(auditEvents).where(eq(auditEvents.via, 'assistant'));
    expect(event).toMatchObject({ actorEmail: 'gp-ai@test.dev', action: 'holding.add', entity: 'holding' });

    expect((await confirm(true)).body.message).toBe(ASSISTANT_TEXT.nothingPending);
    expect((await lots('AAPL')).length).toBe(2);
  });

  it('buys at a given price on a given date; the holdings show the new lot', async () => {
    const { body } = await say('purchase 3 MSFT on 2026-01-05 at 410.5');
    expect(body.message).toContain('I will buy 3 MSFT (stock) at $410.50 dated 2026-01-05, for $1,231.50 in total');
    await confirm(true);
    const listed = (await h.inject({ method: 'GET', url: '/api/holdings', headers: bearer(lp) })).json() as {
      symbol: string;
      qty: number;
      price_paid: number;
      purchase_date: string;
    }[];
    expect(listed.filter((l) => l.symbol === 'MSFT').map((l) => [l.qty, l.price_paid, l.purchase_date])).toEqual([
      [3, 410.5, '2026-01-05'],
    ]);
  });

  it('sells first in, first out, closing whole lots and splitting the next', async () => {
    // Within 20% of the last price: no warning about the price.
    await setQuote('TSLA', '260');
    const { body } = await say('sell 12 TSLA at 250');
    expect(body.requiresConfirmation).toBe(true);
    const cashBefore = await cash();
    expect(body.message).toBe(
      'I will sell 12 TSLA at $250.00 for $3,000.00, taking the oldest lots first: 10 from the lot bought 2024-01-02, 2 from the lot bought 2024-06-03, ' +
        `a realized gain of $1,140.00. Cash Available goes from ${usd(cashBefore)} to ${usd(cashBefore + 3000)}. Do you want me to go ahead? Reply yes or no.`,
    );
    const done = await confirm(true);
    expect(done.body.message).toBe(
      'Done: sold 12 TSLA at $250.00 ($3,000.00): 10 from the lot of 2024-01-02 (closed), 2 from the lot of 2024-06-03 (3 left). Realized gain: $1,140.00. ' +
        `Cash Available went from ${usd(cashBefore)} to ${usd(cashBefore + 3000)}.`,
    );
    // The sale settled: the proceeds are in Cash Available and the realized gain is in the ledger.
    expect(await cash()).toBe(Math.round((cashBefore + 3000) * 100) / 100);
    const [sale] = await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'sell'));
    expect(sale).toMatchObject({
      source: 'assistant',
      symbol: 'TSLA',
      qty: '12.00000000',
      amount: '3000.00',
      costBasis: '1860.00',
      realizedGain: '1140.00',
      settles: true,
      flow: '0',
    });
    expect(await lots('TSLA')).toEqual([
      ['2024-06-03', '3.00000000', '180.00000000'],
      ['2025-01-06', '8.00000000', '210.00000000'],
    ]);
    const events = await h.database.db.select().from(auditEvents).where(eq(auditEvents.via, 'assistant'));
    expect(
      events
        .map((e) => e.action)
        .filter((a) => a.startsWith('holding.sell'))
        .sort(),
    ).toEqual(['holding.sell', 'holding.sell-part']);
  });

  it('sells a fraction exactly', async () => {
    await h.database.db
      .insert(holdings)
      .values({ symbol: 'BTC', assetType: 'crypto', qty: '0.3', pricePaid: '40000', purchaseDate: '2024-01-01', costBasis: '12000.00' });
    await say('sell 0.1 BTC at 60000');
    await confirm(true);
    expect(await lots('BTC')).toEqual([['2024-01-01', '0.20000000', '40000.00000000']]);
  });

  it('refuses to sell more than is held, or a symbol not held, and stores nothing', async () => {
    expect((await say('sell 24 TSLA')).body).toEqual({
      message: "The firm holds only 23 TSLA; I can't sell 24.",
      requiresConfirmation: false,
    });
    expect((await say('sell 1 NFLX')).body).toEqual({
      message: 'The firm holds no NFLX, so there is nothing to sell.',
      requiresConfirmation: false,
    });
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
  });

  it('re-checks a confirmed sell against what is held at that moment', async () => {
    await say('sell 20 TSLA');
    const [oldest] = await h.database.db.select().from(holdings).where(eq(holdings.purchaseDate, '2024-01-02'));
    await h.inject({ method: 'DELETE', url: `/api/holdings/${String(oldest?.id)}`, headers: bearer(gp) });
    const done = await confirm(true);
    expect(done.body.message).toBe('Nothing was sold: the firm now holds only 13 TSLA, less than the 20 you confirmed.');
    expect((await lots('TSLA')).length).toBe(2);
  });

  it('cancels on no', async () => {
    await say('sell 5 TSLA');
    expect((await confirm(false)).body.message).toBe(ASSISTANT_TEXT.declined);
    expect((await lots('TSLA')).length).toBe(3);
    expect((await confirm(true)).body.message).toBe(ASSISTANT_TEXT.nothingPending);
  });

  it('lets a proposal expire after ten minutes', async () => {
    await say('sell 5 TSLA');
    h.clock.advance(10 * 60_000 + 1000);
    expect((await confirm(true)).body.message).toBe(ASSISTANT_TEXT.expired);
    expect((await lots('TSLA')).length).toBe(3);
  });

  it('keeps one proposal at a time: a newer one replaces the older', async () => {
    await say('sell 5 TSLA');
    await say('buy 1 AAPL at 100');
    await confirm(true);
    expect((await lots('TSLA')).length).toBe(3);
    expect(await lots('AAPL')).toContainEqual([today(), '1.00000000', '100.00000000']);
  });

  it('answers portfolio questions from the data', async () => {
    const price = await marketPrice('TSLA');
    const { body } = await say('what is my position in TSLA?');
    expect(body.requiresConfirmation).toBe(false);
    expect(body.message).toContain('The firm holds 23 TSLA in 3 lots, bought at an average of $177.39 ($4,080.00 in total).');
    expect(body.message).toContain(`At ${price.toLocaleString('en-US', { style: 'currency', currency: 'USD' })} they are worth`);
    expect((await say('what is the portfolio worth?')).body.message).toMatch(/^The net account value is \$[\d,]+\.\d\d: liquid assets/);
    expect((await say('what do we hold')).body.message).toMatch(/^The firm holds 2 positions: AAPL: 20 \(\$[\d,.]+\); TSLA: 23/);
  });

  it('says clearly what it cannot do', async () => {
    expect((await say('sell everything')).body).toEqual({ message: ASSISTANT_TEXT.quantity, requiresConfirmation: false });
    expect((await say('transfer $500 to my bank')).body.message).toBe(`I can't help with that. ${ASSISTANT_TEXT.help}`);
    expect((await say('buy 10 AAPL on 2026-02-30')).body.message).toBe('2026-02-30 is not a date I can use; write it as YYYY-MM-DD.');
    expect((await say('buy 10 ZZZQ')).body.message).toBe('No market data for ZZZQ. I need a ticker symbol, such as MSFT for Microsoft.');
    expect((await say('buy 2 NOPE at 5')).body).toEqual({
      message: 'No market data for NOPE. I need a ticker symbol, such as MSFT for Microsoft.',
      requiresConfirmation: false,
    });
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
  });

  it('reads a well-known company name as its ticker, and asks for a ticker when it knows none', async () => {
    await setQuote('MSFT', '400');
    const named = await say('buy 2 shares of Microsoft');
    expect(named.body).toEqual({
      message:
        "Microsoft's ticker is MSFT. I will buy 2 MSFT (stock) at $400.00, the current market price, dated " +
        `${today()}, for $800.00 in total, as a new purchase lot, paid from cash: Cash Available goes from $100,000.00 to $99,200.00. ` +
        'Do you want me to go ahead? Reply yes or no.',
      requiresConfirmation: true,
    });
    await confirm(true);
    expect(await lots('MSFT')).toEqual([[today(), '2.00000000', '400.00000000']]);
    expect((await say('sell 1 Tesla at 250')).body.message).toMatch(/^Tesla's ticker is TSLA\. I will sell 1 TSLA at \$250\.00/);
    expect((await say('buy 2 shares of Microsofty')).body).toEqual({
      message: 'No market data for MICROSOFTY. I need a ticker symbol, such as MSFT for Microsoft.',
      requiresConfirmation: false,
    });
  });

  it('asks for a plain number when it cannot read the price, rather than reading part of it as the ticker', async () => {
    expect((await say('buy 5 AAPL at 1e3')).body).toEqual({
      message: 'I could not read the price "1e3". Write it as a plain number, for example "buy 5 AAPL at 1000" or "at 150.25".',
      requiresConfirmation: false,
    });
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
  });

  it('warns when a price is more than 20% away from the last price', async () => {
    await setQuote('AAPL', '200');
    await setQuote('TSLA', '200');
    expect((await say('buy 1 AAPL at 250')).body.message).toContain(
      'Cash Available goes from $100,000.00 to $99,750.00. Note: $250.00 is 25.0% above the last price of $200.00. Do you want me to go ahead?',
    );
    expect((await say('buy 1 AAPL at 159.5')).body.message).toContain('Note: $159.50 is 20.3% below the last price of $200.00.');
    // 20% exactly, and the market price itself: no note.
    expect((await say('buy 1 AAPL at 240')).body.message).not.toContain('Note:');
    expect((await say('buy 1 AAPL')).body.message).not.toContain('Note:');
    expect((await say('sell 1 TSLA at 100')).body.message).toContain(
      'Cash Available goes from $100,000.00 to $100,100.00. Note: $100.00 is 50.0% below the last price of $200.00. Do you want me to go ahead?',
    );
  });

  it('keeps the books’ one date rule: nothing before 1900-01-01 or after today', async () => {
    for (const day of ['0100-01-01', '1899-12-31', '2999-01-01']) {
      expect((await say(`buy 1 AAPL at 1 on ${day}`)).body).toEqual({ message: BOOK_DATE_RULE, requiresConfirmation: false });
    }
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
    expect((await say('buy 1 AAPL at 1 on 1900-01-01')).body.requiresConfirmation).toBe(true);
    await confirm(true);
    expect(await lots('AAPL')).toContainEqual(['1900-01-01', '1.00000000', '1.00000000']);
  });

  it('does not propose a buy that would take Cash Available below zero unless told to buy on margin', async () => {
    await setQuote('AAPL', '150');
    await setCash('1000.00');
    expect((await say('buy 10 AAPL at 150')).body).toEqual({
      message:
        'I did not propose buying 10 AAPL for $1,500.00: Cash Available would go from $1,000.00 to -$500.00. ' +
        'It cannot go below zero unless you allow negative cash (margin). To buy on margin anyway, say so, for example "buy 10 AAPL at 150 on margin".',
      requiresConfirmation: false,
    });
    expect(await h.database.db.select().from(pendingActions)).toEqual([]);
    const margin = await say('buy 10 AAPL at 150 on margin');
    expect(margin.body).toEqual({
      message:
        `I will buy 10 AAPL (stock) at $150.00 dated ${today()}, for $1,500.00 in total, as a new purchase lot, paid from cash: ` +
        'Cash Available goes from $1,000.00 to -$500.00, on margin as you asked, below zero. Do you want me to go ahead? Reply yes or no.',
      requiresConfirmation: true,
    });
    expect((await confirm(true)).body.message).toBe(
      `Done: bought 10 AAPL at $150.00 on ${today()} ($1,500.00), added as a new lot. Cash Available went from $1,000.00 to -$500.00.`,
    );
    expect(await cash()).toBe(-500);
  });

  it('re-checks a confirmed buy against Cash Available at that moment', async () => {
    await setCash('1000.00');
    expect((await say('buy 5 AAPL at 100')).body.requiresConfirmation).toBe(true);
    await setCash('200.00');
    const lotsBefore = await lots('AAPL');
    const buys = async () => (await h.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'buy'))).length;
    const buysBefore = await buys();
    expect((await confirm(true)).body.message).toBe(
      'Nothing was bought: Cash Available would go from $200.00 to -$300.00. It cannot go below zero unless you allow negative cash (margin).',
    );
    expect(await lots('AAPL')).toEqual(lotsBefore);
    expect(await cash()).toBe(200);
    expect(await buys()).toBe(buysBefore);
    // The confirmation was used up.
    expect((await confirm(true)).body.message).toBe(ASSISTANT_TEXT.nothingPending);
  });

  it('bounds prompts and refuses empty ones', async () => {
    expect(await say('x'.repeat(1001))).toEqual({ status: 400, body: { error: 'Your message is too long (1,000 characters at most).' } });
    expect(await say('   ')).toEqual({ status: 400, body: { error: 'Please type a message for the assistant.' } });
  });

  it('is for general partners only', async () => {
    expect((await say('buy 1 AAPL', lp)).status).toBe(403);
    expect((await confirm(true, lp)).status).toBe(403);
  });

  it('limits how often one partner can ask', async () => {
    await h.createUser({ email: 'gp-ai-busy@test.dev', role: 'GP' });
    const busy = await h.login('gp-ai-busy@test.dev', 'Passw0rd!');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await say('what do I hold?', busy)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(await say('what do I hold?', busy)).toEqual({ status: 429, body: { error: ASSISTANT_TEXT.tooMany } });
  });
});
