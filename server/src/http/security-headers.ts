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

/** Every response (API, pages, assets, errors) gets the security headers, computed at start. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'google'>): void {
  const headers = computeSecurityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
