import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The folder where support/seeded-data.ts has the app seed a DATA_DIR (`data`) once, then writes
     * SEEDED_READY, or SEEDED_FAILED with the reason; '' when it makes none.
     */
    seededDataDir: string;
  }
}

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const SERVER_ENTRY = join(REPO_ROOT, 'server/dist/main.js');
const CLIENT_DIST = join(REPO_ROOT, 'client/dist');

/** The demo accounts a new embedded database is seeded with (README). */
export const DEMO = {
  gp: { email: 'gp@demo.partners', password: 'DemoGP#2026' },
  lp: { email: 'lp@demo.partners', password: 'DemoLP#2026' },
} as const;

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app was not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the built app (`pnpm build` made server/dist and client/dist) as `pnpm start` would,
 * on a new embedded database in a temporary DATA_DIR and a free port: a copy of the one the app
 * seeded at the start of the run (support/seeded-data.ts), which starts in a fraction of the time
 * seeding takes, or a new one when there is none.
 */
export async function startAppServer(options: { prepare?: (dataDir: string) => Promise<void> } = {}): Promise<AppServer> {
  const seeded = await seededData();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  if (seeded) await cp(seeded, dataDir, { recursive: true });
  else if (options.prepare) await seedDataDir(dataDir);
  // What a test adds to the books before the app opens them (support/lots.ts).
  await options.prepare?.(dataDir);
  return runApp(dataDir, { removeOnStop: true });
}

export const SEEDED_READY = 'ready';
export const SEEDED_FAILED = 'failed';

/** The seeded DATA_DIR once support/seeded-data.ts has made it; undefined when there is none. */
async function seededData(deadlineMs = 300_000): Promise<string | undefined> {
  const folder = inject('seededDataDir');
  if (!folder) return undefined;
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (existsSync(join(folder, SEEDED_READY))) return join(folder, 'data');
    if (existsSync(join(folder, SEEDED_FAILED))) {
      console.warn(
        `The seeded database could not be made; this file's app seeds its own: ${await readFile(join(folder, SEEDED_FAILED), 'utf8')}`,
      );
      return undefined;
    }
    if (Date.now() > deadline) throw new Error(`the seeded database was not ready within ${deadlineMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the built app on a new `dataDir`, which it seeds, and stops it; the database stays there.
 * Fails unless the app shut down cleanly (its pid file removed), so a copy opens as it was left.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const app = await runApp(dataDir, { removeOnStop: false });
  await app.stop();
  if (existsSync(join(dataDir, 'server.pid'))) throw new Error(`the app seeding ${dataDir} did not shut down cleanly`);
}

async function runApp(dataDir: string, { removeOnStop }: { removeOnStop: boolean }): Promise<AppServer> {
  for (const built of [SERVER_ENTRY, join(CLIENT_DIST, 'index.html')]) {
    if (!existsSync(built)) {
      if (removeOnStop) await rm(dataDir, { recursive: true, force: true });
      throw new Error(`${built} is missing: run pnpm build before the browser tests.`);
    }
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: dataDir, // no .env of the developer's is read
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ORIGIN: url,
      // Passkeys need a host name, not an address: their browser test opens the app at localhost.
      WEBAUTHN_ORIGIN: `http://localhost:${port}`,
      CLIENT_DIST,
      LOG_LEVEL: 'warn',
      // The seeded demo keeps its snapshots, so pages show the same figures in every browser test.
      HISTORY_REBUILD: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (removeOnStop) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
