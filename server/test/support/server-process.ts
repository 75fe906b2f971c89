import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { freePort } from './pg-cluster';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const tsxBin = join(repoRoot, 'node_modules/.bin/tsx');

/**
 * The server's entry points built from the current sources for this test run (support/server-build.ts):
 * `node <entry>` as `pnpm start` runs server/dist/main.js, without tsx compiling the sources again in
 * every process.
 */
export function builtEntry(entry: 'main' | 'cli'): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(inject('serverBuild'), `${entry}.js`)] };
}

/** A server started as an operator starts it (`node server/dist/main.js`, built), in its own process. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  stderr(): string;
  /** Resolves once /healthz answers; fails if the process exits first or the deadline passes. */
  ready(deadlineMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const KEEP_LINES = 300;

/** How to start the server: by default this run's build of main.ts, in the repository. */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
}

const fromBuild = (): Launch => ({ ...builtEntry('main'), cwd: repoRoot });

/** Starts main.ts on a free port of 127.0.0.1 with these settings; resolves once /healthz answers. */
export async function startServer(
  env: Record<string, string>,
  startDeadlineMs = 120_000,
  launch: Launch = fromBuild(),
): Promise<ServerProcess> {
  const server = await launchServer(env, launch);
  await server.ready(startDeadlineMs);
  return server;
}

/** Starts main.ts on a free port of 127.0.0.1 with these settings, without waiting for it. */
export async function launchServer(env: Record<string, string>, launch: Launch = fromBuild()): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderrText = '';
  const keep = (chunk: Buffer, isErr: boolean) => {
    const text = chunk.toString();
    if (isErr) stderrText = (stderrText + text).slice(-20_000);
    for (const line of text.split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > KEEP_LINES) lines.splice(0, lines.length - KEEP_LINES);
  };
  // Always drained, or a chatty child would block on a full pipe.
  child.stdout?.on('data', (c: Buffer) => keep(c, false));
  child.stderr?.on('data', (c: Buffer) => keep(c, true));
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      done(exitInfo);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    base,
    child,
    exited,
    alive: () => exitInfo === undefined,
    output: () => lines.join('\n'),
    stderr: () => stderrText,
    async stop() {
      if (exitInfo) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async ready(deadlineMs = 120_000) {
      const deadline = Date.now() + deadlineMs;
      for (;;) {
        if (exitInfo) throw new Error(`the server exited while starting (${JSON.stringify(exitInfo)}):\n${server.output()}`);
        try {
          const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          await server.stop();
          throw new Error(`the server did not answer /healthz within ${deadlineMs / 1000} s:\n${server.output()}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
  return server;
}
