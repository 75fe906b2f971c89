import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from './support/server-process';

/** The real entry points as an operator runs them: main.ts and cli.ts (this run's build) in their own processes. */
const root = resolve(import.meta.dirname, '../..');
const main = builtEntry('main');
const cliEntry = builtEntry('cli');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
const env = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: '' };

function cli(...args: string[]) {
  return cliWith(env, ...args);
}

function cliWith(settings: NodeJS.ProcessEnv, ...args: string[]) {
  return spawnSync(cliEntry.command, [...cliEntry.args, ...args], { cwd: root, env: settings, encoding: 'utf8', timeout: 60_000 });
}

/** Runs `node <entry> ...args` to its end without blocking the test's event loop (a generous deadline). */
function runToEnd(
  entry: { command: string; args: string[] },
  settings: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(entry.command, [...entry.args, ...args], { cwd: root, env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${args.join(' ')} did not end within 60 s:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.once('exit', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

describe('the server process and the operator commands on the embedded database', () => {
  let server: ChildProcess;
  let base = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    server = spawn(main.command, main.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((done) => server.once('exit', (code) => done(code)));
    base = await new Promise<string>((found, fail) => {
      let out = '';
      const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 110_000);
      server.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          found(match[1]);
        }
      });
    });
  }, 120_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  let token = '';

  it('starts on a new database with the demo GP, who can log in', async () => {
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gp@demo.partners', password: 'DemoGP#2026' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; role: string };
    expect(body).toEqual({ token: expect.any(String), role: 'GP' });
    token = body.token;
  });

  it('shows the demo portfolio at once: priced holdings, the market summary, history and predictions', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return await res.json();
    };
    const lots = (await get('/api/holdings')) as { lastPrice: number | null; quoteSource: string }[];
    expect(lots.length).toBeGreaterThan(14);
    expect(lots.every((l) => l.lastPrice !== null && l.quoteSource === 'simulated')).toBe(true);
    expect(await get('/api/market/summary')).toHaveLength(3);
    expect(((await get('/api/predictions')) as unknown[]).length).toBe(14);
    const history = (await get('/trpc/portfolio.history')) as { result: { data: { days: unknown[] } } };
    expect(history.result.data.days.length).toBeGreaterThanOrEqual(90);
  });

  it('refuses an operator command while the server holds the embedded database', () => {
    const run = cli('invite', '--role', 'LP');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is in use by another process');
    expect(run.stderr).toContain('Nothing was changed.');
    expect(run.stdout).not.toContain('/signup?invite=');
  });

  it('shuts down cleanly on SIGTERM and releases the database', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });

  it('then runs operator commands against the stored database', () => {
    const created = cli(
      'create-user',
      '--email',
      'Ops@Example.com',
      '--password',
      'Opsw0rd!x',
      '--role',
      'gp',
      '--first',
      'Olive',
      '--last',
      'Ops',
    );
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('Created GP account ops@example.com.');

    const again = cli(
      'create-user',
      '--email',
      'ops@example.com',
      '--password',
      'Opsw0rd!x',
      '--role',
      'GP',
      '--first',
      'O',
      '--last',
      'O',
    );
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');

    const invite = cli('invite', '--role', 'LP');
    expect(invite.status).toBe(0);
    expect(invite.stdout).toMatch(/http:\/\/localhost:0\/signup\?invite=[\w-]{43}/);
    const behindProxy = cliWith({ ...env, WEB_ORIGIN: 'https://portal.example.com/' }, 'invite', '--role', 'GP');
    expect(behindProxy.stdout).toMatch(/^https:\/\/portal\.example\.com\/signup\?invite=[\w-]{43}$/m);

    const backtest = cli('backtest');
    expect(backtest.status).toBe(0);
    expect(backtest.stdout).toContain('"naive" predicts tomorrow = today');
    expect(backtest.stdout).toMatch(/^ALL\s+\d+\s+[\d.]+\s+[\d.]+/m);
  }, 120_000);

  it('explains bad arguments and settings instead of failing with a stack trace', async () => {
    // None of these gets as far as the database: the four processes run side by side.
    const [weak, role, ...badPorts] = await Promise.all([
      runToEnd(
        cliEntry,
        env,
        'create-user',
        '--email',
        'w@example.com',
        '--password',
        'weak',
        '--role',
        'LP',
        '--first',
        'W',
        '--last',
        'W',
      ),
      runToEnd(cliEntry, env, 'invite', '--role', 'ADMIN'),
      // An empty PORT is a mistake, not "any free port".
      ...['abc', ''].map((port) => runToEnd(main, { ...env, PORT: port })),
    ]);
    expect(weak?.status).toBe(2);
    expect(weak?.stderr.trim()).toBe(
      'Password must be 8–14 characters long and include at least one uppercase letter, one number, and one special character.',
    );
    expect(role?.stderr.trim()).toBe('--role must be GP or LP');

    expect(badPorts).toHaveLength(2);
    for (const badPort of badPorts) {
      expect(badPort.status).toBe(1);
      expect(badPort.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^Invalid setting: PORT must be a whole number from 0 to 65535/),
      ]);
      expect(badPort.stdout).not.toContain('Server listening');
    }
  }, 120_000);
});
