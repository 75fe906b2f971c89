import { buildApp } from './app';
import { ConfigError } from './config';
import { fillDemoHistory, seedDemo, DEMO_ACCOUNTS } from './db/seed-demo';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { jwtSecretFor, openConfiguredDatabase, readConfig } from './runtime';

async function main(): Promise<void> {
  const config = readConfig();
  const opened = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database: opened.database, jwtSecret: jwtSecretFor(config) });

  if (opened.embedded || config.seedDemo) {
    if (await seedDemo(opened.database.db)) {
      await fillDemoHistory(opened.database.db, app.services.market);
      app.log.info(
        { accounts: DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email} / ${a.password}`) },
        'New database: demo accounts and portfolio created',
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await opened.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.marketRefreshSeconds > 0) app.services.market.start(config.marketRefreshSeconds * 1000);
  app.log.info(`Partner portal on ${config.webOrigin} (${opened.embedded ? 'embedded PGlite' : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseBusyError) {
    console.error(err.message);
  } else {
    console.error('The server could not start:', err);
  }
  process.exit(1);
});
