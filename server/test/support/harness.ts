import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/open';
import type { AppServices } from '../../src/app-services';
import { createGoogleVerifier, type GoogleVerifier } from '../../src/services/auth/google';
import type { Mail, Mailer } from '../../src/platform/mail';
import type { MarketDataProvider } from '../../src/services/market/provider';
import type { RateLimiter } from '../../src/platform/rate-limit';
import { createSimulatedProvider } from '../../src/services/market/simulated';
import { hashPassword } from '../../src/services/auth/passwords';
import { startSession } from '../../src/services/auth/sessions';
import { users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { createUser } from '../../src/services/users/users';
import { createCaller, type AppCaller } from '../../src/routers';
import { openTestDatabase, type DatabaseKind } from './databases';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long!';
export const WEB_ORIGIN = 'https://portal.test';

/** A clock tests can move forward. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Harness {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  deps: AppServices;
  config: Config;
  clock: TestClock;
  /** Every e-mail the app sent, oldest first. */
  mails: Mail[];
  /** A tRPC caller as if the request came with this token from this address. */
  caller(token?: string | null, ip?: string): AppCaller;
  /** Creates a user the way sign-up and `pnpm cli create-user` do, without an invite. */
  createUser(u: {
    email: string;
    password?: string | null;
    role: 'GP' | 'LP';
    googleId?: string;
    firstName?: string;
    lastName?: string;
  }): Promise<number>;
  /** Logs in through the REST path and returns the token. */
  login(email: string, password: string): Promise<string>;
  /** A token of a new session of this user, as a sign-in makes (for accounts with no password). */
  tokenFor(userId: number): Promise<string>;
  /** A new GP and a new LP (e-mails from `name`), signed in: their tokens. */
  partners(name: string): Promise<{ gp: string; lp: string }>;
  /** A request from a fresh address; it answers once the work the request left for later is done too. */
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  google?: GoogleVerifier;
  /** The market-data provider; the offline simulated one by default. */
  marketData?: MarketDataProvider;
  /** An open database to share with another harness (a second instance); it stays open on close. */
  database?: Database;
  /** Rate-limit counters to use instead of the app's own choice (a shared Redis in tests). */
  limiter?: RateLimiter;
  /** Called after the harness has recorded each mail (a slow or failing SMTP server). */
  mailer?: Mailer;
  /** A clock to share with another harness; a new one by default. */
  clock?: TestClock;
  /** Fastify's logger option; off by default. */
  logger?: FastifyServerOptions['logger'];
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test do not spill into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function createHarness(kind: DatabaseKind, options: HarnessOptions = {}): Promise<Harness> {
  const database = options.database ?? (await openTestDatabase(kind));
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_ORIGIN,
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent-client-dist',
    // Tests that store snapshots by hand keep them; the history tests turn the rebuild on.
    HISTORY_REBUILD: '0',
    // No surprise background work: the notices' tests run its passes themselves (docs/decisions/0021).
    DOCUMENT_JOBS: '0',
    ...options.env,
  });
  const clock = options.clock ?? new TestClock();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
      await options.mailer?.send(mail);
    },
  };
  const google = options.google ?? createGoogleVerifier(config.google);
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    google,
    ...(options.limiter ? { limiter: options.limiter } : {}),
    marketData: options.marketData ?? createSimulatedProvider(),
    now: clock.now,
    logger: options.logger ?? false,
  });
  const deps = app.services;

  const harness: Harness = {
    kind,
    app,
    database,
    deps,
    config,
    clock,
    mails,
    caller: (token = null, ip = freshIp()) => createCaller({ deps, token, ip }),
    async createUser(u) {
      const passwordHash = u.password === null ? null : await hashPassword(u.password ?? 'Passw0rd!');
      const row = await createUser(
        { db: database.db },
        {
          email: u.email,
          firstName: u.firstName ?? 'Test',
          lastName: u.lastName ?? u.role,
          role: u.role,
          passwordHash,
          googleId: u.googleId,
        },
      );
      return row.id;
    },
    async login(email, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password },
        remoteAddress: freshIp(),
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async tokenFor(userId) {
      const [user] = await database.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new Error(`no user ${userId}`);
      return startSession(deps, user, { ip: freshIp(), userAgent: 'test' }, user.googleId ? 'google' : 'local');
    },
    async partners(name) {
      await harness.createUser({ email: `gp-${name}@test.dev`, role: 'GP' });
      await harness.createUser({ email: `lp-${name}@test.dev`, role: 'LP' });
      return { gp: await harness.login(`gp-${name}@test.dev`, 'Passw0rd!'), lp: await harness.login(`lp-${name}@test.dev`, 'Passw0rd!') };
    },
    async inject(opts) {
      const res = await app.inject({ remoteAddress: freshIp(), ...opts });
      // Work a request leaves for after its answer (a reset mail) is done before the test looks.
      await deps.background.idle();
      return res;
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
  return harness;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
