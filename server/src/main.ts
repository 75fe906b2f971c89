import { buildApp } from './app';
import { ConfigError, requireSigningSecret, type Config } from './config';
import { fillDemoHistory, seedDemo, DEMO_ACCOUNTS } from './seed/demo';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { serveBackups } from './db/embedded-backup';
import { DatabaseStartError } from './db/wait';
import { serializeError } from './log';
import { unavailableCode } from './db/errors';
import { jwtSecretFor, openDatabase, prepareDatabase, readConfig } from './runtime';

/** The server could not listen where it was told to; the message is one line naming the setting. */
class ListenError extends Error {}

function listenError(err: unknown, config: Config): ListenError | undefined {
  const where = `${config.host}:${config.port}`;
  switch ((err as { code?: unknown } | null)?.code) {
    case 'EADDRINUSE':
      return new ListenError(
        `Port ${config.port} on ${config.host} is already in use (PORT, HOST): stop the other process or set another PORT.`,
      );
    case 'EACCES':
      return new ListenError(`Not allowed to listen on ${where} (PORT, HOST): ports below 1024 need privileges; set another PORT.`);
    case 'EADDRNOTAVAIL':
      return new ListenError(`Cannot listen on ${where} (HOST): ${config.host} is not an address of this machine.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(`Cannot listen on ${where} (HOST): host name ${config.host} not found.`);
    default:
      return undefined;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  requireSigningSecret(config);
  const opened = await openDatabase(config);
  const app = await buildApp({ config, database: opened.database, jwtSecret: jwtSecretFor(config) });
  let stopBackups: (() => Promise<void>) | undefined;
  const closeAll = async () => {
    await stopBackups?.();
    await app.close();
    await opened.close();
  };

  try {
    await prepareDatabase(opened, config, {
      onWait: (reason, retryInMs) => app.log.warn({ retryInMs }, `PostgreSQL is not reachable yet (${reason}); trying again`),
      // Under the migration lock: of several instances starting on an empty database, one seeds.
      afterMigrate:
        opened.embedded || config.seedDemo
          ? async (database) => {
              app.log.info('New database: creating the demo accounts and portfolio…');
              if (!(await seedDemo({ db: database.db, now: app.services.now }))) return;
              app.log.info('Filling 90 days of demo history (this can take up to a minute)…');
              await fillDemoHistory({ db: database.db, now: app.services.now, market: app.services.market });
              app.log.info(
                { accounts: DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email} / ${a.password}`) },
                'New database: demo accounts and portfolio created',
              );
            }
          : undefined,
    });
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw err;
  }

  // `pnpm cli backup FILE` asks this process for a consistent copy (db/embedded-backup.ts).
  const dump = opened.database.dump;
  if (opened.embedded && dump) stopBackups = await serveBackups(config.dataDir, dump, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await closeAll();
    } finally {
      process.exit(0);
    }
  };
  // A broken database connection can reject a driver promise nobody waits for any more (its request
  // was already answered 503); that must not end the process. Anything else still does.
  process.on('unhandledRejection', (reason) => {
    const code = unavailableCode(reason);
    if (!code) throw reason;
    app.log.warn({ code }, 'a database connection failed after its request was answered');
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw listenError(err, config) ?? err;
  }
  if (config.marketRefreshSeconds > 0) app.services.market.start(config.marketRefreshSeconds * 1000);
  // Entries other instances wrote are looked at on the same schedule; this instance's own at once.
  app.services.history.start(config.marketRefreshSeconds * 1000);
  app.services.history.poke();
  // Notices, quarter-end statements and document e-mail (docs/decisions/0021); catches up at once.
  app.services.documentJobs.start();
  app.log.info(`Partner portal on ${config.webOrigin} (${opened.embedded ? 'embedded PGlite' : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof EmbeddedDatabaseBusyError ||
    err instanceof DatabaseStartError ||
    err instanceof ListenError
  ) {
    // An operator's mistake or the environment: one line that says what to fix.
    console.error(err.message);
  } else {
    // A fault of ours: one line, then the error as JSON (with its stack, without row values).
    const safe = serializeError(err);
    console.error(`The server could not start: ${safe.message.split('\n')[0]}`);
    console.error(JSON.stringify(safe));
  }
  process.exit(1);
});
