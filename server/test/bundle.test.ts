import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startServer, tsxBin, type ServerProcess } from './support/server-process';

/**
 * Build once, run many: `pnpm bundle DIR` makes a folder with the built server
 * and client, the migrations and the production dependencies only; `node dist/main.js` there starts
 * on the embedded database and on PostgreSQL, and its CLI backs up and restores the embedded one.
 * Reuses server/dist and client/dist when `pnpm build` has made them (pnpm test does).
 */
const work = mkdtempSync(join(tmpdir(), 'portal-bundle-'));
const bundle = join(work, 'bundle');
const PASSWORD = 'Bundle#2026x';
const JWT_SECRET = 'bundle-test-secret-that-is-at-least-32-bytes';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}, deadlineMs = 300_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not end within ${deadlineMs / 1000} s:\n${stdout}\n${stderr}`));
    }, deadlineMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The bundle's CLI, as an operator runs it there: `node dist/cli.js ...`. */
const cli = (env: Record<string, string>, ...args: string[]) => run(process.execPath, ['dist/cli.js', ...args], bundle, env);

const createUser = async (env: Record<string, string>, email: string): Promise<Exit> =>
  cli(env, 'create-user', '--email', email, '--password', PASSWORD, '--role', 'GP', '--first', 'Bundle', '--last', 'Test');

async function expectCreated(env: Record<string, string>, email: string): Promise<void> {
  const made = await createUser(env, email);
  expect(made.code, made.stderr).toBe(0);
}

async function login(server: ServerProcess, email: string): Promise<{ status: number; role?: string }> {
  const res = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { role?: string };
  return { status: res.status, role: body.role };
}

async function expectServing(server: ServerProcess, email: string): Promise<void> {
  const ready = await fetch(`${server.base}/readyz`);
  expect(ready.status).toBe(200);
  const home = await fetch(`${server.base}/`);
  expect(home.headers.get('content-type')).toMatch(/text\/html/);
  expect(await home.text()).toContain('<div id="root">');
  expect(await login(server, email)).toEqual({ status: 200, role: 'GP' });
}

const startBundle = (env: Record<string, string>) =>
  startServer({ MARKET_REFRESH_SECONDS: '0', LOG_LEVEL: 'warn', ...env }, 120_000, {
    command: process.execPath,
    args: ['dist/main.js'],
    cwd: bundle,
  });

beforeAll(async () => {
  const built = existsSync(join(repoRoot, 'server/dist/main.js')) && existsSync(join(repoRoot, 'client/dist/index.html'));
  const made = await run(tsxBin, ['server/scripts/bundle.ts', bundle, ...(built ? ['--no-build'] : [])], repoRoot);
  expect(made.code, `${made.stdout}\n${made.stderr}`).toBe(0);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the production bundle', () => {
  it('holds the built server and client, the migrations and production dependencies only', () => {
    for (const path of ['dist/main.js', 'dist/cli.js', 'drizzle/meta/_journal.json', 'client/dist/index.html', 'node_modules/fastify']) {
      expect(existsSync(join(bundle, path)), path).toBe(true);
    }
    // Optional parts load only when configured (REDIS_URL, OPENAI_API_KEY, MARKET_DATA_PROVIDER=yahoo).
    const main = readFileSync(join(bundle, 'dist/main.js'), 'utf8');
    for (const optional of ['ioredis', 'openai', 'yahoo-finance2']) {
      expect(main, optional).not.toMatch(new RegExp(`^import .* from "${optional}`, 'm'));
      expect(main, optional).toContain(`import("${optional}`);
    }
    for (const devOnly of ['node_modules/esbuild', 'node_modules/tsx', 'node_modules/vite', 'node_modules/typescript', 'src']) {
      expect(existsSync(join(bundle, devOnly)), devOnly).toBe(false);
    }
  });

  it('starts on the embedded database; its CLI backs up while the server runs and restores once it is stopped', async () => {
    const env = { DATA_DIR: join(work, 'data') };
    // An account first, so the start finds users and skips the demo seed (tens of seconds).
    await expectCreated(env, 'first@bundle.test');
    const server = await startBundle(env);
    try {
      await expectServing(server, 'first@bundle.test');

      const live = await cli(env, 'backup', join(work, 'live.tgz'));
      expect(live.code, live.stderr).toBe(0);
      expect(live.stdout).toContain('taken by the running server');

      const refused = await cli(env, 'restore', join(work, 'live.tgz'));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/in use by another process .*Nothing was changed/);
    } finally {
      await server.stop();
    }

    // An account made after the backup is gone once the backup is restored; the earlier one is there.
    await expectCreated(env, 'later@bundle.test');
    const restored = await cli(env, 'restore', join(work, 'live.tgz'));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/The previous one was moved to .*pglite\.before-restore-/);
    await expectCreated(env, 'later@bundle.test');
    const again = await createUser(env, 'first@bundle.test');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');

    const offline = await cli(env, 'backup', join(work, 'offline.tgz'));
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toContain('no server was running');

    writeFileSync(join(work, 'junk.tgz'), 'not a backup');
    const junk = await cli(env, 'restore', join(work, 'junk.tgz'));
    expect(junk.code).toBe(2);
    expect(junk.stderr).toContain('is not a backup');
    // The junk changed nothing: the restored database still opens with its accounts.
    const server2 = await startBundle(env);
    try {
      await expectServing(server2, 'first@bundle.test');
    } finally {
      await server2.stop();
    }
    // Seven CLI runs and two starts, each opening PGlite (a few seconds apiece on a busy machine).
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'starts on PostgreSQL (TEST_DATABASE_URL)',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `portal_bundle_${process.pid}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), JWT_SECRET, DATA_DIR: join(work, 'unused') };
      try {
        await expectCreated(env, 'pg@bundle.test');
        const server = await startBundle(env);
        try {
          await expectServing(server, 'pg@bundle.test');
        } finally {
          await server.stop();
        }
        const told = await cli(env, 'backup', join(work, 'pg.tgz'));
        expect(told.code).toBe(2);
        expect(told.stderr).toContain('pg_dump');
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end({ timeout: 5 });
      }
    },
    120_000,
  );
});
