/**
 * Secrets out of the URLs the log writes. A reset link (`/password_reset?token=…`), an invite
 * (`/signup?invite=…`, `/api/invites/check?invite=…`) or a tRPC call carrying either in its
 * `input=` works for whoever reads it, so no logged URL keeps one: every query parameter and
 * path parameter named as a secret, and every such field of a tRPC input, is replaced.
 */

export const REDACTED = '[redacted]';

/** Parts of a name that mark its value as a secret ('token', 'inviteCode', 'reset_token', 'X-Api-Key'…). */
const SECRET_PARTS = ['token', 'invite', 'password', 'passwd', 'secret', 'credential', 'apikey', 'otp', 'signature'];
/** Whole names that are secrets by themselves (an OAuth code, a key, a signature). */
const SECRET_NAMES = new Set(['code', 'key', 'sig', 'jwt', 'auth', 'authorization']);

export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_NAMES.has(plain) || SECRET_PARTS.some((part) => plain.includes(part));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A JSON value with every field named as a secret replaced, at any depth. */
function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      isSecretName(key) ? REDACTED : typeof v === 'string' && v.includes('=') ? redactUrl(v) : redactFields(v, depth + 1),
    ]),
  );
}

/** tRPC's `input=` (JSON, one call's or a batch's by index): its secret fields go; input that does not parse goes whole. */
function redactTrpcInput(raw: string): string {
  try {
    return encodeURIComponent(JSON.stringify(redactFields(JSON.parse(decoded(raw)))));
  } catch {
    return REDACTED;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      if (eq < 0) return pair;
      const name = decoded(rawName);
      const value = pair.slice(eq + 1);
      if (isSecretName(name)) return `${rawName}=${REDACTED}`;
      if (name === 'input') return `${rawName}=${redactTrpcInput(value)}`;
      // A value may itself be a URL with a secret in it (?next=/password_reset?token=…).
      const inner = decoded(value);
      const redacted = inner.includes('=') ? redactUrl(inner) : inner;
      return redacted === inner ? pair : `${rawName}=${encodeURIComponent(redacted)}`;
    })
    .join('&');
}

/**
 * The URL with its secrets replaced. `route` is the matched route's template ('/api/x/:token'):
 * path segments in the place of a parameter named as a secret are replaced too. A fragment is
 * never sent by a browser; one in a logged string is dropped.
 */
export function redactUrl(url: string, route?: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  let path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  if (route?.includes(':')) {
    const names = route.split('/');
    path = path
      .split('/')
      .map((segment, i) => (names[i]?.startsWith(':') && isSecretName(names[i].slice(1)) ? REDACTED : segment))
      .join('/');
  }
  const query = q < 0 ? '' : `?${redactQuery(withoutHash.slice(q + 1))}`;
  return `${path}${query}${hash < 0 ? '' : `#${REDACTED}`}`;
}

/** Something shaped like a URL with a query or fragment, inside free text (a message, an error's stack). */
const URL_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]*|\/[^\s"'<>`?#]*)[?#][^\s"'<>`]*/gi;

/** Free text with each URL in it redacted. */
export function redactUrlsIn(text: string): string {
  if (!text.includes('?') && !text.includes('#')) return text;
  return text.replace(URL_IN_TEXT, (found) => {
    // Punctuation that ends a sentence is not part of the URL.
    const end = /[.,:;!)]+$/.exec(found)?.[0] ?? '';
    return `${redactUrl(found.slice(0, found.length - end.length))}${end}`;
  });
}
