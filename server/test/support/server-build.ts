/**
 * Vitest global setup of the server tests: the server's entry points (main.ts, cli.ts) built once
 * per run, with the options of `pnpm --filter server build` (scripts/build.ts), for the tests that start real processes
 * (support/server-process.ts). `node main.js` starts in a fraction of `tsx server/src/main.ts`'s
 * time, which compiles the sources again in every process. Built from the current sources each
 * run, so it never tests a stale server/dist.
 *
 * The build goes under server/node_modules/.cache: the external packages resolve from there as from
 * server/dist, and the repository's files (drizzle/, client/dist) are found by walking up.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer } from '../../scripts/build';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder with this run's main.js and cli.js. */
    serverBuild: string;
  }
}

const serverDir = resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject): Promise<() => void> {
  const cache = join(serverDir, 'node_modules/.cache/portal-test-build');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'run-'));
  await buildServer(undefined, outdir);
  project.provide('serverBuild', outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}
