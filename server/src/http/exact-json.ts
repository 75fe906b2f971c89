import { dec } from '../domain/money';

type SourceReviver = (key: string, value: unknown, context: { source?: string }) => unknown;
const parseWithSource = JSON.parse as (text: string, reviver: SourceReviver) => unknown;

/**
 * A number token that a double may not hold as written: 16 or more digits (with any point among
 * them), or an exponent. Anything shorter always reads back exactly, so most bodies skip the
 * slower parse below.
 */
const MAYBE_INEXACT = /\d[\d.]{15}|\d[eE]/;

/** Whether text (JSON, or a URL carrying JSON) may hold a number a double would round. */
export function mayHoldInexactNumbers(text: string): boolean {
  return MAYBE_INEXACT.test(text);
}

function isExact(source: string, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  try {
    return dec(source).eq(dec(String(value)));
  } catch {
    return false;
  }
}

/**
 * JSON as it was sent: a number that a double would round (17 decimals, 1e400) is kept as its
 * text, so the field's own rules judge exactly what was sent (and refuse it as they refuse the same
 * value sent as text) instead of the rounded number. `parsed` is the text already parsed; it is
 * answered as it is when no number was rounded.
 */
export function withExactNumbers(text: string, parsed: unknown): unknown {
  if (!MAYBE_INEXACT.test(text)) return parsed;
  let rounded = false;
  const exact = parseWithSource(text, (_key, value, context) => {
    if (typeof value !== 'number' || context.source === undefined || isExact(context.source, value)) return value;
    rounded = true;
    return context.source;
  });
  return rounded ? exact : parsed;
}

/** The same for JSON text handed on as text (tRPC parses its own): rewritten only when a number would be rounded. */
export function exactJsonText(text: string): string {
  if (!MAYBE_INEXACT.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: tRPC answers it as such.
    return text;
  }
  const exact = withExactNumbers(text, parsed);
  return exact === parsed ? text : JSON.stringify(exact);
}

/** A URL whose `input` parameter (a tRPC query's) has its rounded numbers kept as text. */
export function exactInputInUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1 || !MAYBE_INEXACT.test(url)) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const input = params.get('input');
  if (input === null) return url;
  const exact = exactJsonText(input);
  if (exact === input) return url;
  params.set('input', exact);
  return `${url.slice(0, q + 1)}${params.toString()}`;
}
