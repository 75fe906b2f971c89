/**
 * The server's build (`pnpm --filter ./server build`, `node scripts/build.ts`): main.ts and cli.ts
 * as one ESM file each for Node 20+, in server/dist. The one set of esbuild options: the tests'
 * build (test/support/server-build.ts) and the bench's (bench/build-server.ts) use it too.
 *
 * The packages are bundled in, but for those that must stay in node_modules. Resolving and loading
 * some 1,500 files of packages at every start cost about 1.2 s of CPU (Node's package.json lookups
 * and module compiles); bundled, a start takes 3.5 s of CPU instead of 4.7, the operator commands as
 * much less, and `pnpm bundle` still ships the production dependencies for the packages left out.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Left to node_modules, each for a reason of its own. */
export const EXTERNAL_PACKAGES = [
  // Loads its WebAssembly, its file system image and its extensions from its own folder.
  '@electric-sql/pglite',
  // A native addon.
  'argon2',
  // Reads its fonts' metrics from its own folder.
  'pdfkit',
  // pdfkit's font engine, which the statements also use to see which font has a character: one copy.
  'fontkit',
  // Serves its JavaScript bundle from its own folder.
  '@scalar/fastify-api-reference',
  // Optional: loaded by a dynamic import only when configured (REDIS_URL, OPENAI_API_KEY,
  // MARKET_DATA_PROVIDER=yahoo); test/bundle.test.ts checks that they stay so.
  'ioredis',
  'openai',
  'yahoo-finance2',
];

/** esbuild's options for these entry points (file paths, or { in, out } to name the output). */
export function serverBuildOptions(entryPoints: BuildOptions['entryPoints'], outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    // The CommonJS packages bundled in (fastify and its plugins, pino, nodemailer) call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  };
}

type EntryPoint = { in: string; out: string };

export const SERVER_ENTRY_POINTS: EntryPoint[] = [
  { in: join(serverDir, 'src/main.ts'), out: 'main' },
  { in: join(serverDir, 'src/cli.ts'), out: 'cli' },
];

/**
 * The worker threads' modules, built beside every entry point (services/capital/pdf-render.ts and
 * services/documents/pdf.ts find their workers next to the bundle they run from).
 */
export const WORKER_ENTRY_POINTS: EntryPoint[] = [
  { in: join(serverDir, 'src/services/capital/pdf-worker.ts'), out: 'pdf-worker' },
  { in: join(serverDir, 'src/services/documents/pdf-pages-worker.ts'), out: 'pdf-pages-worker' },
];

/** Builds these entry points, and the workers, into `outdir` (esbuild resolves from here, the server package's). */
export async function buildServer(entryPoints: EntryPoint[] = SERVER_ENTRY_POINTS, outdir = join(serverDir, 'dist')): Promise<void> {
  await build(serverBuildOptions([...entryPoints, ...WORKER_ENTRY_POINTS], outdir));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
