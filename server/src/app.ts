import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './db/open';
import { MAX_BATCH_SIZE } from './contract/limits';
import { DOCUMENT_BODY_LIMIT, TOO_LARGE_MESSAGE } from './contract/document-rules';
import { logOptions } from './log';
import { registerCompression } from './http/compression';
import { capConnectionsPerAddress, connectionTimeouts } from './http/connections';
import { mayHoldInexactNumbers, withExactNumbers } from './http/exact-json';
import { createRequestIds } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTrpcRoute } from './http/trpc-route';
import { findUp } from './paths';
import { DOCS_PATH, registerApiDocs } from './rest/docs';
import { registerRest } from './rest/register';
import { unavailableCode } from './db/errors';
import type { AppServices } from './app-services';
import { UNAVAILABLE_MESSAGE } from './contract/errors';
import { createGoogleVerifier, type GoogleVerifier } from './services/auth/google';
import { createBackground } from './platform/background';
import { createMailer, type Mailer } from './platform/mail';
import { heavyReadBucket } from './platform/heavy-reads';
import { createDbRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createRedisRateLimiter } from './platform/rate-limit-redis';
import { createModelAgent } from './services/assistant/openai-agent';
import { createMarketDataProvider } from './services/market';
import type { MarketDataProvider } from './services/market/provider';
import { createMarketService } from './services/market/service';
import { createSessionStore } from './services/auth/sessions';
import { createTokenService } from './services/auth/tokens';
import { createSecretBox, secondFactorKeyMaterial } from './services/second-factor/secret-box';
import { createPortfolioEngine } from './services/portfolio/engine';
import { createHistoryRebuilder } from './services/portfolio/history-rebuild';
import { createDocumentJobs } from './services/notices/jobs';
import { observeLocalVersions } from './services/portfolio/ledger';
import { contextFromRequest } from './trpc/context';
import { GENERIC_ERROR } from './trpc/errors';
import { appRouter } from './routers';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The signing secret for session tokens (config.jwtSecret, or the one kept in DATA_DIR). */
  jwtSecret: string;
  mailer?: Mailer;
  google?: GoogleVerifier;
  limiter?: RateLimiter;
  /** The market-data provider; MARKET_DATA_PROVIDER's when not given. */
  marketData?: MarketDataProvider;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that takes more than BODY_LIMIT (a document's upload): what a body over its own limit is told. */
    tooLargeMessage?: string;
  }
  interface FastifyInstance {
    /** The services the procedures use, so tests reach the very same instances. */
    services: AppServices;
  }
}

export const BODY_LIMIT = 256 * 1024;

/** Builds the whole server from its dependencies, without listening; tests use it in-process. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const requestIdOf = createRequestIds();
  const app = Fastify({
    logger: deps.logger ?? logOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    routerOptions: { maxParamLength: 5000 },
    ...connectionTimeouts(config),
  });
  // Behind a proxy every connection comes from the proxy: the cap per client is the proxy's to keep (docs/operations.md).
  if (config.maxConnectionsPerIp > 0 && !config.trustProxy) capConnectionsPerAddress(app.server, config.maxConnectionsPerIp, app.log);

  const limiter = deps.limiter ?? makeLimiter(app, config, database, deps.now);
  const now = deps.now ?? (() => new Date());
  const provider = deps.marketData ?? createMarketDataProvider(config.marketDataProvider);
  const portfolio = createPortfolioEngine({ db: database.db, now, listen: database.listen });
  // Today's snapshot is the dashboards' own valuation, not a second one of every lot.
  const todaysTotals = async () => (await portfolio.current()).valuation.totals;
  const market = createMarketService({ db: database.db, provider, now, log: app.log, todaysTotals });
  app.addHook('onClose', () => market.stop());
  const background = createBackground(app.log);
  app.addHook('onClose', () => background.idle());
  const history = createHistoryRebuilder({ db: database.db, provider, now, log: app.log, background, enabled: config.historyRebuild });
  // Every write of this process may carry a past date: look once it has committed.
  const unobserve = observeLocalVersions(() => history.poke());
  app.addHook('onClose', () => {
    unobserve();
    history.stop();
  });
  // onClose hooks run in the order they were added: the document jobs stop before the engine they use closes.
  let stopDocumentJobs = async (): Promise<void> => undefined;
  app.addHook('onClose', () => stopDocumentJobs());
  app.addHook('onClose', () => portfolio.close());
  const sessions = createSessionStore({ db: database.db, now, listen: database.listen });
  app.addHook('onClose', () => sessions.close());
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, embedded: database.kind === 'pglite' }, app.log);
  // Started by main.ts; off in the test harnesses (DOCUMENT_JOBS=0), which run its passes themselves.
  const documentJobs = createDocumentJobs({
    db: database.db,
    portfolio,
    mailer,
    now,
    log: app.log,
    webOrigin: config.webOrigin,
    paymentInstructions: config.paymentInstructions,
    noticeDelayMs: config.noticeDelayMs,
    enabled: config.documentJobs,
  });
  stopDocumentJobs = () => documentJobs.stop();
  const services: AppServices = {
    db: database.db,
    tokens: createTokenService(deps.jwtSecret),
    sessions,
    mailer,
    google: deps.google ?? createGoogleVerifier(config.google),
    limiter,
    heavyReads: heavyReadBucket(config.heavyReadsPerMinute),
    background,
    market,
    history,
    portfolio,
    assistantModel: config.openai.apiKey ? createModelAgent({ ...config.openai, apiKey: config.openai.apiKey }) : null,
    secondFactorBox: createSecretBox(secondFactorKeyMaterial(config.secondFactorKey, deps.jwtSecret)),
    requireGpSecondFactor: config.requireGpSecondFactor,
    log: app.log,
    webOrigin: config.webOrigin,
    webauthn: config.webauthn,
    cashConfirmAbove: config.cashConfirmAbove,
    documentJobs,
    noticeDelayMs: config.noticeDelayMs,
    now,
  };
  app.decorate('services', services);
  if (!config.secondFactorKey && config.databaseUrl) {
    app.log.warn('SECOND_FACTOR_KEY is not set: TOTP secrets are sealed with a key derived from JWT_SECRET (set a separate key)');
  }

  registerBodyParsing(app);
  registerErrorHandling(app);
  await registerSecurity(app, config);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => ((await database.ping()) ? { status: 'ok' } : reply.code(503).send({ status: 'unavailable' })));

  await registerTrpcRoute(app, {
    prefix: '/trpc',
    router: appRouter,
    createContext: (req) => contextFromRequest(services, req),
    // One request may not carry more calls than the client's batch link sends (each login is counted anyway).
    maxBatchSize: MAX_BATCH_SIZE,
    // A document's file in base64 (docs/decisions/0020); the client sends these calls unbatched.
    largeBodies: { paths: ['documents.upload', 'documents.replace'], bytes: DOCUMENT_BODY_LIMIT, message: TOO_LARGE_MESSAGE },
    onError: ({ error, path }) => {
      const unavailable = unavailableCode(error.cause);
      if (unavailable) app.log.warn({ code: unavailable, path }, 'database unavailable');
      else if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
    },
  });

  registerRest(app, services);
  await registerApiDocs(app);
  const servesClient = await registerClient(app, config);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|trpc)(\/|$)/.test(path);
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (servesClient && !isApi && isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: `Not found: ${req.method} ${path}` });
  });
  return app;
}

/** Rate-limit counters in Redis when REDIS_URL is set, else in the database; both are shared by every instance. */
function makeLimiter(app: FastifyInstance, config: Config, database: Database, now?: () => Date): RateLimiter {
  if (!config.redisUrl) return createDbRateLimiter(database.db, now);
  const redis = createRedisRateLimiter(config.redisUrl, undefined, now);
  app.addHook('onClose', () => redis.close());
  return redis;
}

/**
 * JSON bodies with Fastify's safe parser; an empty body counts as no body rather than an error, and
 * a number a double would round is read as its text (http/exact-json.ts).
 */
function registerBodyParsing(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (!mayHoldInexactNumbers(text)) return json(req, text, done);
    return json(req, text, (err: Error | null, parsed?: unknown) => (err ? done(err) : done(null, withExactNumbers(text, parsed))));
  });
}

export const CLIENT_ABORTED = 'the client closed the connection before its request was complete';

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A client that hangs up while sending its body makes the body's read fail with ECONNRESET,
    // the code a dropped database connection has too: that is the client's doing, not an outage.
    if (req.raw.readableAborted) {
      req.log.info({ code: err.code }, CLIENT_ABORTED);
      return reply.code(400).send({ error: 'The request was not complete.' });
    }
    const unavailable = unavailableCode(err);
    if (unavailable) {
      req.log.warn({ code: unavailable }, 'database unavailable');
      return reply.code(503).send({ error: UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send({ error: GENERIC_ERROR });
    }
    const tooLarge = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? req.routeOptions.config.tooLargeMessage : undefined;
    return reply.code(status).send({ error: tooLarge ?? clientErrorMessage(err, status) });
  });
}

function clientErrorMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is too large (the limit is ${BODY_LIMIT / 1024} KB).`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return status === 404 ? 'Not found.' : 'The request could not be processed.';
  }
}

async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app, config, [DOCS_PATH]);
  await registerCompression(app);
  // Without CORS_ORIGINS no origin is granted anything: no hook per request, a preflight is a 404 as any unknown route.
  if (config.corsOrigins.length === 0) return;
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id'],
    maxAge: 600,
  });
}

/** Serves the built client, with index.html for the SPA's routes. */
async function registerClient(app: FastifyInstance, config: Config): Promise<boolean> {
  const root = config.clientDist ?? findUp('client/dist', 'client/dist/index.html');
  if (!root || !existsSync(join(root, 'index.html'))) {
    app.log.warn('client/dist was not found: the API runs without the web client (run pnpm build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build wrote .br and .gz beside each text file (client/build/precompress.ts).
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
