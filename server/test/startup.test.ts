import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutCluster, createCluster, freePort, type PgCluster } from './support/pg-cluster';
import { builtEntry, launchServer, repoRoot, startServer, type ServerProcess } from './support/server-process';

/**
 * Start-up as an operator meets it, on a PostgreSQL cluster of the test's
 * own: instances starting together on an empty database seed it once; a database that cannot be
 * used, a port in use or a bad setting stop the start with one line naming the setting, never a
 * stack trace, never the password; an unreachable database is waited for, a bounded time.
 */
const { skip, reason: unavailable } = skipWithoutCluster('the PostgreSQL start-up tests');
const JWT_SECRET = 'startup-test-secret-that-is-at-least-32-bytes';
const PASSWORD = 'Sup3r-Secret-PW';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs this run's build of main.ts or cli.ts (`node main.js ...args`) to its end (generous deadline) and collects what it printed. */
function runToExit(script: 'main' | 'cli', env: Record<string, string>, args: string[] = [], deadlineMs = 120_000): Promise<Exit> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const entry = builtEntry(script);
    const child = spawn(entry.command, [...entry.args, ...args], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not end within ${deadlineMs / 1000} s:\n${stdout}\n${stderr}`));
    }, deadlineMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** The failure is exactly one line on stderr, names the setting, shows no stack and no password. */
function expectOneLine(run: Exit, setting: string | RegExp): string {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  const line = lines[0]!;
  expect(line).toMatch(typeof setting === 'string' ? new RegExp(`\\b${setting}\\b`) : setting);
  expect(run.stderr + run.stdout).not.toMatch(/\n\s+at /);
  expect(run.stderr + run.stdout).not.toContain(PASSWORD);
  return line;
}

describe.skipIf(skip)(`start-up against PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: PgCluster;
  const servers: ServerProcess[] = [];
  const urlWith = (database: string, user = 'postgres') => `postgres://${user}:${PASSWORD}@127.0.0.1:${cluster.port}/${database}`;

  beforeAll(async () => {
    if (unavailable) throw new Error(`CI needs a PostgreSQL cluster for this test: ${unavailable}`);
    cluster = await createCluster();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cluster?.destroy();
  }, 60_000);

  it('seeds an empty database once when two instances start together with SEED_DEMO=1, and logs no row values', async () => {
    const url = await cluster.createDatabase('seed_race');
    const env = { DATABASE_URL: url, JWT_SECRET, SEED_DEMO: '1', LOG_LEVEL: 'info', MARKET_REFRESH_SECONDS: '0' };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failures = started.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
    expect(failures).toEqual([]);

    const db = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      const users = await db<{ email: string }[]>`select email from users order by email`;
      expect(users.map((u) => u.email)).toEqual(['gp@demo.partners', 'lp@demo.partners']);
      const [lots] = await db<[{ n: number }]>`select count(*)::int as n from holdings`;
      expect(lots?.n).toBe(26);
    } finally {
      await db.end({ timeout: 5 });
    }
    const output = servers.map((s) => s.output()).join('\n');
    expect(output.match(/New database: demo accounts and portfolio created/g)).toHaveLength(1);
    expect(output).not.toMatch(/duplicate key|\$argon2/);
    for (const s of servers) {
      const res = await fetch(`${s.base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'lp@demo.partners', password: 'DemoLP#2026' }),
      });
      expect(res.status).toBe(200);
    }
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  }, 300_000);

  it('names DATABASE_URL in one line when the database does not exist', async () => {
    const line = expectOneLine(await runToExit('main', { DATABASE_URL: urlWith('missing_db'), PORT: '0' }), 'DATABASE_URL');
    expect(line).toContain('database "missing_db" does not exist');
  });

  it('names DATABASE_URL in one line when the role does not exist', async () => {
    const line = expectOneLine(await runToExit('main', { DATABASE_URL: urlWith('postgres', 'nobody'), PORT: '0' }), 'DATABASE_URL');
    expect(line).toContain('role "nobody" does not exist');
  });

  it('names DATABASE_URL in one line when the host is not found', async () => {
    const run = await runToExit('main', {
      DATABASE_URL: `postgres://postgres:${PASSWORD}@no-such-host.invalid:5432/portal`,
      DATABASE_WAIT_SECONDS: '0',
      PORT: '0',
    });
    expect(expectOneLine(run, 'DATABASE_URL')).toContain('"no-such-host.invalid"');
  });

  it('waits DATABASE_WAIT_SECONDS for a PostgreSQL that refuses connections, trying again, then says so in one line', async () => {
    const port = await freePort();
    const run = await runToExit('main', {
      DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/portal`,
      DATABASE_WAIT_SECONDS: '2',
      PORT: '0',
    });
    const line = expectOneLine(run, 'DATABASE_URL');
    expect(line).toContain('within 2 s (DATABASE_WAIT_SECONDS): connection refused');
    expect(run.ms).toBeGreaterThanOrEqual(2_000);
    // Tried more than once, with the pauses growing, and said so in the log.
    const waits = run.stdout.split('\n').filter((l) => l.includes('PostgreSQL is not reachable yet'));
    expect(waits.length).toBeGreaterThanOrEqual(2);
  });

  it('starts once a PostgreSQL that was down during start-up comes up within DATABASE_WAIT_SECONDS', async () => {
    const url = await cluster.createDatabase('late');
    await cluster.stop('fast');
    const server = await launchServer({ DATABASE_URL: url, JWT_SECRET, DATABASE_WAIT_SECONDS: '120', MARKET_REFRESH_SECONDS: '0' });
    servers.push(server);
    try {
      const end = Date.now() + 120_000;
      while (!server.output().includes('PostgreSQL is not reachable yet') && server.alive() && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(server.output()).toContain('PostgreSQL is not reachable yet');
      await cluster.start();
      await server.ready(120_000);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    } finally {
      if (!cluster.running()) await cluster.start();
      await server.stop();
    }
  }, 240_000);

  it('names PORT and HOST in one line when the port is in use', async () => {
    const url = await cluster.createDatabase('port_in_use');
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const line = expectOneLine(await runToExit('main', { DATABASE_URL: url, PORT: String(port) }), 'PORT');
      expect(line).toBe(`Port ${port} on 127.0.0.1 is already in use (PORT, HOST): stop the other process or set another PORT.`);
    } finally {
      blocker.close();
    }
  });

  it('answers operator commands the same way: one line naming DATABASE_URL', async () => {
    const missing = await runToExit('cli', { DATABASE_URL: urlWith('missing_db') }, ['invite', '--role', 'LP']);
    expect(expectOneLine(missing, 'DATABASE_URL')).toContain('database "missing_db" does not exist');
    const port = await freePort();
    const refused = await runToExit(
      'cli',
      { DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/portal`, DATABASE_WAIT_SECONDS: '0' },
      ['backtest'],
    );
    expect(expectOneLine(refused, 'DATABASE_URL')).toContain('connection refused');
  });
});
