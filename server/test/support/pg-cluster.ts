import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

/**
 * A throw-away PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port on
 * 127.0.0.1), so a test can stop and start the database under a running server. PostgreSQL refuses
 * to run as root: as root the commands run as the `postgres` OS user.
 */
export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/NAME */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl start, resolving once the server accepts connections. Never blocks the event loop. */
  start(): Promise<void>;
  /** pg_ctl stop: `fast` ends sessions politely (57P01), `immediate` kills them. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  running(): boolean;
  destroy(): void;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
}

/** Why a cluster cannot be made here, or undefined when it can. */
export function clusterUnavailableReason(): string | undefined {
  for (const command of ['initdb', 'pg_ctl', 'postgres']) {
    if (!hasCommand(command)) return `${command} is not on PATH (install PostgreSQL's server binaries)`;
  }
  if (asRoot && !hasCommand('runuser')) return 'running as root without runuser to switch to the postgres user';
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no postgres OS user';
  return undefined;
}

function as(command: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]): string {
  const [file, argv] = as(command, args);
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const execFileAsync = promisify(execFile);

async function runAsync(command: string, args: string[]): Promise<void> {
  const [file, argv] = as(command, args);
  try {
    await execFileAsync(file, argv, { timeout: 120_000 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/**
 * Whether a test file that needs its own cluster should skip: where the PostgreSQL binaries are
 * missing it says why on stderr and skips, except under CI, where it runs (and fails in beforeAll).
 */
export function skipWithoutCluster(what: string): { skip: boolean; reason: string | undefined } {
  const reason = clusterUnavailableReason();
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  if (reason && !ci) console.warn(`Skipping ${what}: ${reason}. Under CI=true this fails instead.`);
  return { skip: reason !== undefined && !ci, reason };
}

/** A port on 127.0.0.1 nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function createCluster(): Promise<PgCluster> {
  const root = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(root, Number(ids), Number(gid));
  }
  const dataDir = join(root, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const cluster: PgCluster = {
    port,
    url,
    async createDatabase(name) {
      const admin = postgres(url(), { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      return url(name);
    },
    start: () => runAsync('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']),
    stop: (mode = 'fast') => runAsync('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']),
    running() {
      const status = asRoot
        ? spawnSync('runuser', ['-u', 'postgres', '--', 'pg_ctl', '-D', dataDir, 'status'])
        : spawnSync('pg_ctl', ['-D', dataDir, 'status']);
      return status.status === 0;
    },
    destroy() {
      try {
        if (cluster.running()) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  await cluster.start();
  return cluster;
}
