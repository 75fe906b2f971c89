import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError } from './config';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { backupEmbedded, BackupError, restoreEmbedded } from './db/embedded-backup';
import { fillDemoHistory, seedDemo, DEMO_ACCOUNTS } from './seed/demo';
import { createMarketDataProvider } from './services/market';
import { createMarketService } from './services/market/service';
import { backtestHeldSymbols, formatBacktest } from './services/market/backtest';
import { assertPasswordRule } from './services/auth/accounts';
import { createInvite } from './services/invites/invites';
import { hashPassword } from './services/auth/passwords';
import { createUser, EMAIL_TAKEN, normalizeEmail } from './services/users/users';
import { DatabaseStartError } from './db/wait';
import { serializeError } from './log';
import { openConfiguredDatabase, readConfig, type OpenedDatabase, type PrepareOptions } from './runtime';
import { DomainError } from './contract/errors';
import { INVITE_VALIDITY_HOURS } from './contract/invite-rules';
import { ROLES } from './contract/roles';

const USAGE = `Usage: pnpm cli <command> [options]

  create-user --email E --password P --role GP|LP --first F --last L
      Creates an account (the way to make the first general partner).
  invite --role GP|LP [--hours 24]
      Prints a single-use sign-up link for a new partner.
  migrate
      Applies the database migrations.
  seed-demo
      Adds the demo accounts and portfolio (with 90 days of history) to an empty database.
  backup FILE
      Embedded database: writes a consistent copy to FILE, also while the server runs.
      (PostgreSQL: use pg_dump -Fc, see the README.)
  restore FILE
      Embedded database: replaces it with the backup in FILE (the server must be stopped;
      the current database is moved aside, not deleted).
  backtest
      Compares the prediction model with "tomorrow = today" on the stored daily closes.
`;

class UsageError extends Error {}

const createUserArgs = z.object({
  email: z.string({ error: '--email is required' }).pipe(z.email('--email must be an e-mail address')),
  password: z.string({ error: '--password is required' }),
  role: z.enum(ROLES, { error: '--role must be GP or LP' }),
  first: z.string({ error: '--first is required' }).trim().min(1, '--first is required').max(100),
  last: z.string({ error: '--last is required' }).trim().min(1, '--last is required').max(100),
});

const inviteArgs = z.object({
  role: z.enum(ROLES, { error: '--role must be GP or LP' }),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(INVITE_VALIDITY_HOURS, `--hours must be between 1 and ${INVITE_VALIDITY_HOURS}`)
    .default(INVITE_VALIDITY_HOURS),
});

function parse<T>(schema: z.ZodType<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (!result.success) throw new UsageError(result.error.issues.map((i) => i.message).join('\n'));
  return result.data;
}

async function run(command: string | undefined, args: string[], out: (line: string) => void): Promise<void> {
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return;
  }
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      hours: { type: 'string' },
    },
    strict: true,
  });
  if (positionals.length > 0 && command !== 'backup' && command !== 'restore') {
    throw new UsageError(`Unexpected argument "${positionals[0]}".\n\n${USAGE}`);
  }
  const config = readConfig();
  let told = false;
  const options: PrepareOptions = {
    onWait: (reason) => {
      if (!told) console.error(`Waiting up to ${config.databaseWaitSeconds} s for PostgreSQL (${reason})…`);
      told = true;
    },
  };
  const withDatabase = async (work: (opened: OpenedDatabase) => Promise<void>, afterMigrate?: PrepareOptions['afterMigrate']) => {
    const opened = await openConfiguredDatabase(config, { ...options, afterMigrate });
    try {
      await work(opened);
    } finally {
      await opened.close();
    }
  };

  switch (command) {
    case 'create-user': {
      const a = parse(createUserArgs, { ...values, role: values.role?.toUpperCase() });
      assertPasswordRule(a.password);
      await withDatabase(async ({ database }) => {
        const passwordHash = await hashPassword(a.password);
        try {
          await createUser({ db: database.db }, { email: a.email, firstName: a.first, lastName: a.last, role: a.role, passwordHash });
        } catch (err) {
          // The operator is told which address, as the command was given it.
          if (err instanceof DomainError && err.message === EMAIL_TAKEN)
            throw new UsageError(`An account with the email ${a.email} already exists.`);
          throw err;
        }
      });
      out(`Created ${a.role} account ${normalizeEmail(a.email)}.`);
      return;
    }
    case 'invite': {
      const a = parse(inviteArgs, { ...values, role: values.role?.toUpperCase() });
      await withDatabase(async ({ database }) => {
        const { link, expiresAt } = await createInvite(
          { db: database.db, webOrigin: config.webOrigin, now: () => new Date() },
          { role: a.role, validityHours: a.hours, createdBy: null },
        );
        out(`${a.role} invite link (single use, valid until ${expiresAt.toISOString()}):\n${link}`);
      });
      return;
    }
    case 'migrate':
      await withDatabase(async () => undefined);
      out('The database is migrated.');
      return;
    case 'seed-demo': {
      let seeded = false;
      // Under the migration lock, like a starting server, so the two never seed at once.
      await withDatabase(
        async () => undefined,
        async (database) => {
          const now = () => new Date();
          seeded = await seedDemo({ db: database.db, now });
          if (!seeded) return;
          const market = createMarketService({
            db: database.db,
            provider: createMarketDataProvider(config.marketDataProvider),
            now,
            log: console,
          });
          await fillDemoHistory({ db: database.db, now, market });
        },
      );
      out(
        seeded
          ? `Demo portfolio and accounts created:\n${DEMO_ACCOUNTS.map((d) => `  ${d.role}  ${d.email}  ${d.password}`).join('\n')}`
          : 'The database already has users; nothing was seeded.',
      );
      return;
    }
    case 'backup':
    case 'restore': {
      const file = positionals[0];
      if (!file) throw new UsageError(`${command} needs a file: pnpm cli ${command} FILE`);
      if (config.databaseUrl) {
        throw new UsageError(
          `DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (see the README, "Backups").`,
        );
      }
      if (command === 'backup') {
        const how = await backupEmbedded(config.dataDir, file);
        out(`Backup written to ${file} (${how === 'server' ? 'taken by the running server' : 'no server was running'}).`);
      } else {
        const previous = await restoreEmbedded(config.dataDir, file);
        out(`Restored the embedded database from ${file}.${previous ? ` The previous one was moved to ${previous}.` : ''}`);
      }
      return;
    }
    case 'backtest':
      await withDatabase(async ({ database }) => out(formatBacktest(await backtestHeldSymbols(database))));
      return;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
run(command, rest, (line) => console.log(line)).then(
  () => process.exit(0),
  (err: unknown) => {
    const known =
      err instanceof UsageError ||
      err instanceof BackupError ||
      err instanceof ConfigError ||
      err instanceof EmbeddedDatabaseBusyError ||
      err instanceof DomainError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'));
    if (known) {
      console.error((err as Error).message);
      process.exit(2);
    }
    if (err instanceof DatabaseStartError) {
      // The database could not be reached or used: one line naming DATABASE_URL.
      console.error(err.message);
    } else {
      // A fault of ours: one line, then the error as JSON (with its stack, without row values).
      const safe = serializeError(err);
      console.error(`The command failed: ${safe.message.split('\n')[0]}`);
      console.error(JSON.stringify(safe));
    }
    process.exit(1);
  },
);
