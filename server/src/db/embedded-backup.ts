import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './embedded-lock';

/**
 * Backups of the embedded database. Its files belong to the server process while it runs, so a
 * copy of them taken from outside could be half written. Instead the server listens on a Unix
 * socket inside DATA_DIR (mode 0600): whoever can open it could read the database files anyway,
 * so the file system is the authentication. Asked for a backup, the server dumps the database
 * between two transactions (after a checkpoint) and sends the tarball back.
 */

/** Where the server listens; inside DATA_DIR next to the database and the lock file. */
export function controlSocketPath(dataDir: string): string {
  return join(resolve(dataDir), 'control.sock');
}

/** The database's own folder under DATA_DIR (runtime.ts opens it there). */
export function embeddedDatabaseDir(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

export class BackupError extends Error {}

/** Sockets paths longer than this are refused by Linux (sun_path is 108 bytes). */
const MAX_SOCKET_PATH = 100;

/**
 * Starts answering backup requests on DATA_DIR/control.sock; resolves with a function that stops.
 * The caller holds the embedded lock, so a socket file left by a crashed server is ours to replace.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { warn(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    log.warn({ path }, 'DATA_DIR is too long a path for the backup socket: `cli backup` works only while the server is stopped');
    return async () => undefined;
  }
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      if (request.trim() !== 'backup') {
        socket.end(`${JSON.stringify({ error: 'unknown request' })}\n`);
        return;
      }
      dump().then(
        async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          socket.write(`${JSON.stringify({ bytes: bytes.length })}\n`);
          socket.end(bytes);
        },
        (err: unknown) => {
          log.warn({ err }, 'backup of the embedded database failed');
          socket.end(`${JSON.stringify({ error: 'the server could not dump the database (see its log)' })}\n`);
        },
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      rmSync(path, { force: true });
    });
}

/** Asks the running server for a backup; resolves with the tarball's bytes. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  const path = controlSocketPath(dataDir);
  return new Promise<Buffer>((done, fail) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(path, () => socket.write('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          `The server holding the embedded database in ${resolve(dataDir)} did not answer on ${path} (${err.code ?? err.message}). ` +
            'Is it still starting? Nothing was written.',
        ),
      ),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return fail(new BackupError('The server closed the backup connection without an answer. Nothing was written.'));
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as { bytes?: number; error?: string };
      const body = all.subarray(newline + 1);
      if (header.error !== undefined) return fail(new BackupError(`The server refused the backup: ${header.error}. Nothing was written.`));
      if (header.bytes !== body.length) return fail(new BackupError('The backup arrived incomplete. Nothing was written.'));
      done(body);
    });
  });
}

/** Writes the file whole or not at all (a .partial file renamed at the end). */
export function writeFileWhole(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

/**
 * Writes a backup of the embedded database to `file`: asked of the running server when one holds
 * the database, else taken directly (under the lock, so no server starts meanwhile).
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<'server' | 'direct'> {
  const dir = embeddedDatabaseDir(dataDir);
  if (!existsSync(dir)) throw new BackupError(`There is no embedded database in ${resolve(dataDir)} (DATA_DIR). Nothing was written.`);
  let unlock: () => void;
  try {
    unlock = lockEmbeddedDatabase(dataDir);
  } catch (err) {
    if (!(err instanceof EmbeddedDatabaseBusyError)) throw err;
    writeFileWhole(file, await requestBackup(dataDir));
    return 'server';
  }
  try {
    const client = await PGlite.create(dir);
    try {
      writeFileWhole(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
  return 'direct';
}

/**
 * Replaces the embedded database with a backup. Refuses (EmbeddedDatabaseBusyError) while a server
 * or another command holds it. The backup is opened in a folder of its own first and checked to be
 * this portal's database; only then is the current database moved aside (never deleted).
 * Resolves with the folder the previous database was moved to, if there was one.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | undefined> {
  const unlock = lockEmbeddedDatabase(dataDir);
  const target = embeddedDatabaseDir(dataDir);
  const staging = `${target}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const blob = new Blob([readFileSync(file)]);
    let restored: PGlite | undefined;
    try {
      restored = await PGlite.create(staging, { loadDataDir: blob });
      await restored.query('select count(*) from drizzle.__drizzle_migrations');
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`${file} is not a backup of this portal's embedded database (${(err as Error).message}). Nothing was changed.`);
    } finally {
      await restored?.close();
    }
    let previous: string | undefined;
    if (existsSync(target)) {
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    renameSync(staging, target);
    return previous;
  } finally {
    unlock();
  }
}
