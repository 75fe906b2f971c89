import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** Helmet's options for this app: a strict policy, loosened only for Google's sign-in when it is configured. */
export function helmetOptions(config: Pick<Config, 'google'>): HelmetOptions {
  const google = config.google.clientId ? ['https://accounts.google.com'] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", ...google],
        imgSrc: ["'self'", 'data:', ...(google.length ? ['https://*.googleusercontent.com'] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...google, ...(google.length ? ['https://www.googleapis.com'] : [])],
        frameSrc: google,
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup needs to talk back to the opener.
    crossOriginOpenerPolicy: google.length ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
  };
}

/**
 * The headers helmet would set, worked out once: helmet runs a single time against a response
 * that only records them. None of them depends on the request (no nonces), so every response
 * can carry the same list instead of helmet building its policy strings again per request.
 */
export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet could not build the security headers', { cause: failure });
  return Object.freeze(Object.fromEntries(headers));
}

/**
 * What an API answer (JSON, a CSV or statement download) carries instead: it is data, never a
 * document a browser renders, so the policies that govern a page (which scripts and styles it
 * runs, where it navigates, its opener, referrers, DNS prefetching, IE's and Flash's switches)
 * do nothing on it. It keeps what does (OWASP's REST Security Cheat Sheet): no sniffing into a
 * document, no framing, no cross-origin reads, HTTPS only, and a policy that allows nothing
 * (`object-src` falls back to `default-src`; `base-uri` and `frame-ancestors` do not). Five
 * short headers instead of twelve: about a fifth of a REST ping's CPU was writing the page set.
 */
export function dataHeadersOf(documentHeaders: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const kept = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];
  return Object.freeze({
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (documentHeaders[name] ? [[name, documentHeaders[name]]] : []))),
    'x-frame-options': 'DENY',
  });
}

/** `url` is `path`, below it, or it with a query. */
function isUnder(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url[path.length];
  return next === undefined || next === '/' || next === '?';
}

/**
 * Every response (API, pages, assets, errors) gets its security headers, computed at start: the
 * data set under /api/ and /trpc/, the page set everywhere else and on `documentPaths` (pages
 * served under /api/, such as the API reference).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'google'>, documentPaths: readonly string[]): void {
  const documents = computeSecurityHeaders(helmetOptions(config));
  const data = dataHeadersOf(documents);
  const isData = (url: string) =>
    (url.startsWith('/api/') || url.startsWith('/trpc/')) && !documentPaths.some((path) => isUnder(url, path));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isData(req.url) ? data : documents);
    done();
  });
}
