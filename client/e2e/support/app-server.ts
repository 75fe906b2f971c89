import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * on a new embedded database in a temporary DATA_DIR and a free port.
 */
export async function startAppServer(): Promise<AppServer> {
  for (const built of [SERVER_ENTRY, join(CLIENT_DIST, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run pnpm build before the browser tests.`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
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
      CLIENT_DIST,
      LOG_LEVEL: 'warn',
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
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
