import { describe, expect, it } from 'vitest';
import { readPrompt } from '../../src/services/assistant/parse';

/** The offline assistant's reading of plain requests, questions and what it refuses. */
describe('the offline parser', () => {
  it.each([
    ['buy 10 AAPL', { kind: 'buy', symbol: 'AAPL', quantity: '10', price: null, assetType: null, date: null, margin: false, fee: null }],
    [
      'buy 10 shares of AAPL at 150.25',
      { kind: 'buy', symbol: 'AAPL', quantity: '10', price: '150.25', assetType: null, date: null, margin: false, fee: null },
    ],
    ['sell 5 TSLA', { kind: 'sell', symbol: 'TSLA', quantity: '5', price: null, assetType: null, date: null, margin: false, fee: null }],
    [
      'sell 0.5 BTC',
      { kind: 'sell', symbol: 'BTC', quantity: '0.5', price: null, assetType: 'crypto', date: null, margin: false, fee: null },
    ],
    [
      'purchase 3 MSFT on 2026-01-05',
      { kind: 'buy', symbol: 'MSFT', quantity: '3', price: null, assetType: null, date: '2026-01-05', margin: false, fee: null },
    ],
    [
      'Purchase 3 msft on 2026-01-05 at $410',
      { kind: 'buy', symbol: 'MSFT', quantity: '3', price: '410', assetType: null, date: '2026-01-05', margin: false, fee: null },
    ],
    [
      'Buy 2 ETH-USD at $3,100.50 on 2026-02-01.',
      { kind: 'buy', symbol: 'ETH', quantity: '2', price: '3100.50', assetType: 'crypto', date: '2026-02-01', margin: false, fee: null },
    ],
    [
      'please buy 10 aapl at market',
      { kind: 'buy', symbol: 'AAPL', quantity: '10', price: null, assetType: null, date: null, margin: false, fee: null },
    ],
    [
      'sell 12 KO shares @ 61.5 each',
      { kind: 'sell', symbol: 'KO', quantity: '12', price: '61.5', assetType: null, date: null, margin: false, fee: null },
    ],
    [
      'buy 5 AAPL at 150 on margin',
      { kind: 'buy', symbol: 'AAPL', quantity: '5', price: '150', assetType: null, date: null, margin: true, fee: null },
    ],
    [
      'Buy 2 shares of Microsoft with margin at $410 on 2026-01-05',
      { kind: 'buy', symbol: 'MICROSOFT', quantity: '2', price: '410', assetType: null, date: '2026-01-05', margin: true, fee: null },
    ],
    [
      'buy 5 AAPL at 1,000',
      { kind: 'buy', symbol: 'AAPL', quantity: '5', price: '1000', assetType: null, date: null, margin: false, fee: null },
    ],
    ['I would like to... no: buy 1 BRK-B', undefined],
  ])('reads "%s"', (prompt, draft) => {
    const reading = readPrompt(prompt);
    if (draft === undefined) expect(reading.type).not.toBe('trade');
    else expect(reading).toEqual({ type: 'trade', draft });
  });

  it.each([
    ['what is my position in AAPL?', { kind: 'position', symbol: 'AAPL' }],
    ['How many NVDA shares do we own', { kind: 'position', symbol: 'NVDA' }],
    ['how is our btc doing', { kind: 'position', symbol: 'BTC' }],
    ['what is the portfolio worth?', { kind: 'value' }],
    ['what is our net account value', { kind: 'value' }],
    ['what are my gains', { kind: 'gains' }],
    ['what do I hold?', { kind: 'positions' }],
  ])('understands the question "%s"', (prompt, question) => {
    expect(readPrompt(prompt)).toEqual({ type: 'question', question });
  });

  it.each([
    ['sell everything', 'quantity'],
    ['sell all my TSLA', 'quantity'],
    ['buy some apple', 'quantity'],
    ['buy ten AAPL', 'quantity'],
    ['buy 10 AAPL and 5 MSFT', 'form'],
    ['sell 5 TSLA short with 3x leverage', 'form'],
  ])('does not guess at "%s" (%s)', (prompt, reason) => {
    expect(readPrompt(prompt)).toEqual({ type: 'unclear-trade', reason });
  });

  it.each([
    ['buy 5 AAPL at 1e3', '1e3'],
    ['buy 5 AAPL at $1e3 per share', '$1e3'],
    ['buy 5 AAPL at 1,0000', '1,0000'],
    ['sell 2 TSLA @ 12.5.5', '12.5.5'],
  ])('does not read a word after the ticker as part of it: "%s" has the price %s', (prompt, price) => {
    expect(readPrompt(prompt)).toEqual({ type: 'unclear-price', price });
  });

  it.each(['transfer $500 to my bank', 'hello', 'write me a poem'])('says it cannot do "%s"', (prompt) => {
    expect(readPrompt(prompt)).toEqual({ type: 'unknown' });
  });
});

describe('a fee in a trade request', () => {
  it('reads "with a fee of" and "commission" as the fee, and leaves the rest of the request as it was', () => {
    expect(readPrompt('buy 10 AAPL at 150 with a fee of 4.95')).toEqual({
      type: 'trade',
      draft: { kind: 'buy', symbol: 'AAPL', quantity: '10', price: '150', assetType: null, date: null, margin: false, fee: '4.95' },
    });
    expect(readPrompt('sell 5 TSLA at 200 commission $1')).toEqual({
      type: 'trade',
      draft: { kind: 'sell', symbol: 'TSLA', quantity: '5', price: '200', assetType: null, date: null, margin: false, fee: '1' },
    });
  });
});
