/**
 * The offline assistant's reading of a prompt: plain buy and sell requests and the portfolio
 * questions it can answer from the data. Pure: no database, no model.
 */

export interface TradeDraft {
  kind: 'buy' | 'sell';
  symbol: string;
  /** As written: decimal text. */
  quantity: string;
  /** Null means at the market price. */
  price: string | null;
  assetType: 'stock' | 'crypto' | null;
  /** YYYY-MM-DD as written, or null for today. */
  date: string | null;
  /** The partner said to buy on margin: Cash Available may go below zero. */
  margin: boolean;
  /** A fee or commission as written ("with a fee of 4.95"), or null for none. */
  fee: string | null;
}

export type Question = { kind: 'position'; symbol: string } | { kind: 'positions' } | { kind: 'value' } | { kind: 'gains' };

export type Reading =
  | { type: 'trade'; draft: TradeDraft }
  | { type: 'question'; question: Question }
  /** A trade it could not read, with why. */
  | { type: 'unclear-trade'; reason: 'quantity' | 'form' }
  /** A price it could not read as a plain number ("at 1e3"), as written. */
  | { type: 'unclear-price'; price: string }
  | { type: 'unknown' };

const SYMBOL = '([A-Za-z][A-Za-z0-9.-]{0,14})';
const NUMBER = '(\\d+(?:\\.\\d+)?|\\.\\d+)';

// The number ends the word: "at 1e3" is not read as "at 1" followed by "e3".
const PRICE =
  /\s+(?:at|@|for)\s+(?:a\s+price\s+of\s+)?\$?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w.,])(?:\s*(?:per\s+(?:share|coin|unit)|each|a\s+share|\/\s?share))?/i;
/** A price-like word PRICE could not read ("at 1e3", "at 1,0000"). */
const ODD_PRICE = /\s+(?:at|@|for)\s+(?:a\s+price\s+of\s+)?(\$?\s?[\d.]\S*)/i;
const FEE = /\s+(?:with\s+|and\s+|plus\s+)?(?:a\s+)?(?:fee|commission)\s+(?:of\s+)?\$?\s?(\d+(?:\.\d+)?)(?![\w.,])/i;
const MARGIN = /\s+(?:on|with|using)\s+margin\b/i;
const MARKET = /\s+(?:at|@)\s+(?:the\s+)?market(?:\s+price)?/i;
const DATE = /\s+(?:on|dated|as\s+of)\s+(\d{4}-\d{2}-\d{2})/i;
const CORE = new RegExp(
  `^(?:please\\s+|can\\s+you\\s+|could\\s+you\\s+|i\\s+want\\s+to\\s+|i'd\\s+like\\s+to\\s+)?(buy|purchase|sell)\\s+${NUMBER}\\s+(?:(?:shares?|units?|coins?)\\s+of\\s+)?${SYMBOL}(?:\\s+(?:shares?|stock|coins?|tokens?))?$`,
  'i',
);
const TRADE_WORD = /\b(buy|purchase|sell)\b/i;

/** Symbols read as crypto unless the firm holds them otherwise. */
export const KNOWN_CRYPTO = new Set([
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'ADA',
  'DOGE',
  'DOT',
  'AVAX',
  'LTC',
  'LINK',
  'MATIC',
  'BCH',
  'XLM',
  'USDC',
  'USDT',
]);

function cut(text: string, pattern: RegExp): { rest: string; value: string | undefined; found: boolean } {
  const match = pattern.exec(text);
  if (!match) return { rest: text, value: undefined, found: false };
  return { rest: text.slice(0, match.index) + text.slice(match.index + match[0].length), value: match[1], found: true };
}

function readTrade(text: string): Reading | undefined {
  if (!TRADE_WORD.test(text)) return undefined;
  let rest = ` ${text.trim().replace(/[.!?]+$/, '')}`;
  const fee = cut(rest, FEE);
  rest = fee.rest;
  const margin = cut(rest, MARGIN);
  rest = margin.rest;
  const market = cut(rest, MARKET);
  rest = market.rest;
  const date = cut(rest, DATE);
  rest = date.rest;
  const price = market.found ? { rest, value: undefined } : cut(rest, PRICE);
  const odd = price.value === undefined && !market.found ? ODD_PRICE.exec(price.rest) : null;
  if (odd?.[1]) return { type: 'unclear-price', price: odd[1].replace(/\s/g, '') };
  rest = price.rest.trim();
  const core = CORE.exec(rest);
  if (!core) {
    const wordy = /^(?:\w+\s+){0,4}(buy|purchase|sell)\s+(all|everything|some|a\s+few|my|the|half)\b/i.test(rest);
    return { type: 'unclear-trade', reason: wordy || !/\d/.test(rest) ? 'quantity' : 'form' };
  }
  const verb = (core[1] ?? '').toLowerCase();
  const symbol = (core[3] ?? '').toUpperCase();
  const crypto = symbol.endsWith('-USD') || KNOWN_CRYPTO.has(symbol);
  return {
    type: 'trade',
    draft: {
      kind: verb === 'sell' ? 'sell' : 'buy',
      symbol: symbol.replace(/-USD$/, ''),
      quantity: core[2] ?? '',
      price: price.value ? price.value.replace(/,/g, '') : null,
      assetType: crypto ? 'crypto' : null,
      date: date.value ?? null,
      margin: margin.found,
      fee: fee.value ?? null,
    },
  };
}

function readQuestion(text: string): Question | undefined {
  const position =
    /\bposition\s+(?:in|on|of)\s+\$?([A-Za-z][A-Za-z0-9.-]{0,14})/i.exec(text) ??
    /\bhow\s+(?:many|much)\s+\$?([A-Za-z][A-Za-z0-9.-]{0,14})\s+(?:shares?\s+|coins?\s+)?do\s+(?:i|we)\s+(?:hold|have|own)/i.exec(text) ??
    /\bhow\s+(?:is|are)\s+(?:my|our)\s+\$?([A-Za-z][A-Za-z0-9.-]{0,14})\s+(?:doing|performing|position|shares|holding)/i.exec(text);
  if (position?.[1]) return { kind: 'position', symbol: position[1].toUpperCase().replace(/-USD$/, '') };
  if (/\b(gains?|profits?|loss(es)?|returns?|up\s+or\s+down)\b/i.test(text)) return { kind: 'gains' };
  if (/\b(worth|value|net\s+account|nav|total)\b/i.test(text)) return { kind: 'value' };
  if (/\b(hold|holdings|own|positions|portfolio)\b/i.test(text)) return { kind: 'positions' };
  return undefined;
}

export function readPrompt(prompt: string): Reading {
  const text = prompt.trim();
  const trade = readTrade(text);
  if (trade) return trade;
  const question = readQuestion(text);
  return question ? { type: 'question', question } : { type: 'unknown' };
}
