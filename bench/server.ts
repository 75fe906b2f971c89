/**
 * The server process of `pnpm bench`, started by bench/run.ts as a child so that the
 * load generator and the server do not share an event loop.
 *
 * It migrates the database in DATABASE_URL (or an embedded PGlite database in BENCH_EMBEDDED_DIR), creates a GP user and 200 holding lots
 * (or, with BENCH_SCALE=S|M|L, the books of that size: bench/scale-seed.ts, and signs one LP in too), fills the
 * quote cache once, then serves the whole app (buildApp) and a bare Fastify route that answers
 * the same JSON as the ping procedure, the machine's ceiling. It runs as the bundle bench/build-server.ts
 * makes, from the repository's root (the working directory bench/run.ts gives it). When both listen, it signs in and
 * prints one JSON line, `{ barePort, appPort, token }`, and stays up until it gets SIGTERM/SIGINT.
 */
import { costBasisOf } from '../server/src/domain/fifo';
import { centsText } from '../server/src/domain/money';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite, openPostgres } from '../server/src/db/open';
import { holdings, users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/services/auth/passwords';
import { PING_MESSAGE } from '../server/src/routers';
import { dayInNewYork } from '../server/src/domain/dates';
import { SCALE_LP, SCALE_SIZES, seedScale } from './scale-seed';
import { BENCH_USER, SEED, USAGE_PATH, type ServerReady, type ServerUsage } from './shared';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Fastify itself, from the server package (the root package does not depend on it): the same
 * copy and version the app runs on, so the bare route is a fair ceiling.
 */
const requireFromServer = createRequire(join(process.cwd(), 'server/package.json'));
const fastify = requireFromServer('fastify') as (options?: { logger?: boolean }) => App;

function portOf(app: App): number {
  return (app.server.address() as AddressInfo).port;
}

/** 20 symbols (17 stocks, 3 cryptos) × 10 lots, bought over the past two years. */
function holdingRows(createdBy: number): (typeof holdings.$inferInsert)[] {
  const rows: (typeof holdings.$inferInsert)[] = [];
  const today = Date.now();
  SEED.symbols.forEach((s, i) => {
    for (let lot = 0; lot < SEED.lotsPerSymbol; lot++) {
      const daysAgo = 20 + lot * 70 + i;
      const qty = s.kind === 'crypto' ? `${(0.125 * (lot + 1)).toFixed(8)}` : String(10 * (lot + 1));
      const pricePaid = (50 + 7.25 * i + 3.5 * lot).toFixed(2);
      rows.push({
        symbol: s.symbol,
        assetType: s.kind,
        exchange: s.kind === 'crypto' ? null : 'NASDAQ',
        qty,
        pricePaid,
        costBasis: centsText(costBasisOf(qty, pricePaid)),
        purchaseDate: new Date(today - daysAgo * 86_400_000).toISOString().slice(0, 10),
        createdBy,
      });
    }
  });
  return rows;
}

async function signIn(appPort: number, who: { email: string; password: string } = BENCH_USER): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  const body = (await res.json()) as { token?: unknown; error?: unknown };
  if (res.status !== 200 || typeof body.token !== 'string') {
    throw new Error(`login answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embeddedDir = process.env.BENCH_EMBEDDED_DIR;
  if ((!config.databaseUrl && !embeddedDir) || !config.jwtSecret)
    throw new Error('DATABASE_URL (or BENCH_EMBEDDED_DIR) and JWT_SECRET must be set');
  if (config.marketRefreshSeconds !== 0) throw new Error('MARKET_REFRESH_SECONDS must be 0: no quote refresh during the bench');

  // The embedded default (PGlite stored in a folder, as under DATA_DIR) or the PostgreSQL server.
  const database = embeddedDir ? await openPglite(embeddedDir) : openPostgres(config.databaseUrl ?? '');
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({
      email: BENCH_USER.email,
      firstName: 'Bench',
      lastName: 'Partner',
      role: 'GP',
      passwordHash: await hashPassword(BENCH_USER.password),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('the bench user was not created');
  const scale = SCALE_SIZES.find((s) => s.name === process.env.BENCH_SCALE);
  if (scale) {
    await seedScale(
      database,
      scale,
      dayInNewYork(new Date()),
      { id: user.id, email: BENCH_USER.email },
      await hashPassword(SCALE_LP.password),
    );
  } else {
    await database.db.insert(holdings).values(holdingRows(user.id));
  }

  const app = await buildApp({ config, database, jwtSecret: config.jwtSecret });
  // Once, before any load: requests only read the quote cache.
  const refresh = await app.services.market.refreshNow();
  if (refresh.failed.length > 0) throw new Error(`quotes could not be filled: ${refresh.failed.join(', ')}`);
  await app.listen({ host: '127.0.0.1', port: 0 });

  const bare = fastify({ logger: false });
  bare.get('/bare', async () => ({ message: PING_MESSAGE }));
  // What the server's own loop saw: /healthz from another process also waits for the machine's cores.
  // Every 5 ms: a 1 ms timer's wake-ups cost about 0.5 ms of CPU per request of a kept answer.
  let lastTurn = performance.now();
  let longestHold = 0;
  setInterval(() => {
    const now = performance.now();
    longestHold = Math.max(longestHold, now - lastTurn);
    lastTurn = now;
  }, 5).unref();
  bare.get(USAGE_PATH, async (): Promise<ServerUsage> => {
    const cpu = process.cpuUsage();
    const { idle, active } = performance.eventLoopUtilization();
    const longestHoldMs = longestHold;
    longestHold = 0;
    return { cpuMicros: cpu.user + cpu.system, idle, active, longestHoldMs };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    try {
      await Promise.allSettled([bare.close(), app.close()]);
      await database.close();
    } finally {
      // A clean exit also writes the CPU profile when run with --cpu-prof.
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());

  const ready: ServerReady = { barePort: portOf(bare), appPort: portOf(app), token: await signIn(portOf(app)) };
  if (scale) ready.lpToken = await signIn(portOf(app), { email: SCALE_LP.emailOf(0), password: SCALE_LP.password });
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((err: unknown) => {
  console.error('bench server: could not start:', err);
  process.exit(1);
});
